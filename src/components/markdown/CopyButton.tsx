import React, { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COPY_RESET_MS } from '../../../features/markdown/rendered';
import * as styles from './CopyButton.module.css';

type Status = 'idle' | 'done' | 'failed';

/**
 * Copies a code block's text. Shows 'Copied' for three seconds, and tells
 * screen readers through a live region, since a label change on a focused
 * button is not announced reliably.
 */
export function CopyButton({ getText }: { getText: () => string }): React.JSX.Element {
  const { t } = useTranslation('content');
  // `clicks` restarts the timer when the visitor copies again within 3 s.
  const [state, setState] = useState<{ status: Status; clicks: number }>({ status: 'idle', clicks: 0 });

  useEffect(() => {
    if (state.status === 'idle') return undefined;
    const timer = window.setTimeout(() => setState((s) => ({ ...s, status: 'idle' })), COPY_RESET_MS);
    return () => window.clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    let status: Status = 'done';
    try {
      await navigator.clipboard.writeText(getText());
    } catch {
      status = 'failed';
    }
    setState((s) => ({ status, clicks: s.clicks + 1 }));
  };

  const label = state.status === 'done' ? t('copy.done') : state.status === 'failed' ? t('copy.failed') : t('copy.label');
  const announcement = state.status === 'done' ? t('copy.announceDone') : state.status === 'failed' ? t('copy.announceFailed') : '';
  return (
    <>
      <button type="button" className={styles.button} data-status={state.status} onClick={() => void copy()}>
        {label}
      </button>
      <span role="status" className="visually-hidden">
        {announcement}
      </span>
    </>
  );
}
