import { startTransition, useCallback, useEffect, useState } from 'react';
import { ApiError, requestJson } from '../site/api';
import { API_KEY_HEADER, AVAILABLE_PLANS_PATH } from '../site/apiContract';
import { siteConfig } from '../site/settings';
import { PLANS_ANSWER_MAX_BYTES, parsePlans, plansOverCap, type Plan } from './plans';

export type PlansState =
  /** `again`: after Retry, once a call has failed. */
  { status: 'loading'; again: boolean } | { status: 'loaded'; plans: Plan[]; fetchedAt: string } | { status: 'failed'; reason: 'timeout' | 'failed' };

/**
 * The subscription plans from the payments API, loaded in the browser (the
 * prices are live). Broken entries are dropped and logged; a failed call is
 * logged and can be retried.
 */
export function usePlans(): { state: PlansState; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<PlansState>({ status: 'loading', again: false });

  useEffect(() => {
    let current = true;
    requestJson(`${siteConfig.paymentsApiUrl}${AVAILABLE_PLANS_PATH}`, { headers: { [API_KEY_HEADER]: siteConfig.paymentsApiKey }, maxBytes: PLANS_ANSWER_MAX_BYTES })
      .then((data) => {
        const { plans, rejected } = parsePlans(data);
        if (rejected.length > 0) console.warn('Some subscription plans were dropped as invalid:', rejected);
        const overCap = plansOverCap(plans);
        if (overCap.length > 0) console.warn('Too many subscription plans for one period:', overCap);
        const fetchedAt = new Date().toISOString();
        // A transition lets React render the cards in slices that yield to input.
        if (current) startTransition(() => setState({ status: 'loaded', plans, fetchedAt }));
      })
      .catch((error: unknown) => {
        console.error('Could not load the subscription plans:', error);
        if (current) setState({ status: 'failed', reason: error instanceof ApiError && error.kind === 'timeout' ? 'timeout' : 'failed' });
      });
    return () => {
      current = false;
    };
  }, [attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading', again: true });
    setAttempt((n) => n + 1);
  }, []);
  return { state, retry };
}
