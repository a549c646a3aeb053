import React, { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PERIOD, plansForPeriod, type Period } from './plans';
import { Icon } from '../site/Icon';
import { Spinner } from '../site/Spinner';
import { OnboardingFees } from './OnboardingFees';
import { PeriodSelector } from './PeriodSelector';
import { PlanCard } from './PlanCard';
import { usePlans } from './usePlans';
import * as buttons from '../site/buttons.module.css';
import * as styles from './PlansSection.module.css';

/**
 * The live part of the pricing page: loading, then the period selector,
 * the plan cards and the onboarding fees, or a message with Retry. The
 * region keeps a minimum height, so nothing below jumps when cards arrive.
 */
export function PlansSection(): React.JSX.Element {
  const { t } = useTranslation('pricing');
  const { state, retry } = usePlans();
  const [period, setPeriod] = useState<Period>(DEFAULT_PERIOD);
  const region = useRef<HTMLDivElement>(null);
  const retried = useRef(false);

  // After Retry the button is gone; keep keyboard focus in the region.
  useEffect(() => {
    if (retried.current && state.status !== 'loading') {
      retried.current = false;
      region.current?.focus();
    }
  }, [state.status]);

  const onRetry = () => {
    retried.current = true;
    region.current?.focus();
    retry();
  };

  const problem = (message: string, failed: boolean) => (
    <div className={styles.message} role="alert">
      {failed && <Icon name="alert" size={32} className={styles.alert} />}
      <p>{message}</p>
      <button type="button" className={buttons.secondary} onClick={onRetry}>
        {t('errors.retry')}
      </button>
    </div>
  );

  let content: React.ReactNode;
  if (state.status === 'loading') {
    content = (
      <div className={`${styles.loading} js-only`} role="status">
        <Spinner size="large" />
        <p>{t('loading')}</p>
      </div>
    );
  } else if (state.status === 'failed') {
    content = problem(t(state.reason === 'timeout' ? 'errors.timeout' : 'errors.failed'), true);
  } else if (state.plans.length === 0) {
    content = problem(t('errors.empty'), false);
  } else {
    const shown = plansForPeriod(state.plans, period);
    content = (
      <>
        <div className={styles.selector}>
          <PeriodSelector value={period} onChange={setPeriod} />
        </div>
        {shown.length > 0 ? (
          <>
            <div className={styles.cards}>
              {shown.map((plan) => (
                <PlanCard key={plan.id} plan={plan} />
              ))}
            </div>
            <OnboardingFees shown={shown} all={state.plans} />
          </>
        ) : (
          <p className={styles.message}>{t('errors.emptyPeriod')}</p>
        )}
      </>
    );
  }

  return (
    <section className={styles.section} aria-labelledby="plans-title">
      <h2 id="plans-title" className="visually-hidden">
        {t('plans.heading')}
      </h2>
      <div ref={region} className={styles.region} tabIndex={-1} aria-busy={state.status === 'loading'}>
        {content}
        {/* The static page, read without JavaScript, cannot fetch live prices. */}
        <p className={`${styles.message} no-js-only`}>{t('noscript')}</p>
      </div>
    </section>
  );
}
