import React, { useEffect, useRef } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { PERIODS, plansForPeriod, type Plan } from './plans';
import { pricesDate, type PlansSnapshot } from './snapshot';
import { Icon } from '../site/Icon';
import { Spinner } from '../site/Spinner';
import { useSiteLanguage } from '../site/useSiteLanguage';
import { OnboardingFees } from './OnboardingFees';
import { PeriodSelector } from './PeriodSelector';
import { PlanCard } from './PlanCard';
import { usePlans } from './usePlans';
import * as buttons from '../site/buttons.module.css';
import * as styles from './PlansSection.module.css';

interface Props {
  /** The plans the build fetched, in the HTML before any script runs; null when it fetched none. */
  built: PlansSnapshot | null;
}

/**
 * The plans of every billing period, one list each, of which the
 * stylesheet shows the checked period's: switching needs no script. Each
 * heading's id is fixed by its period and place, the same in the HTML and
 * after hydration, and one of the site's own (SITE_IDS), which content
 * cannot take.
 */
function PlanPeriods({ plans, status }: { plans: readonly Plan[]; status: React.ReactNode }): React.JSX.Element {
  const { t } = useTranslation('pricing');
  const shown = PERIODS.map((period) => ({ period, plans: plansForPeriod(plans, period) }));
  return (
    <div className={styles.periods}>
      <div className={styles.selector}>
        <PeriodSelector />
      </div>
      {shown.map(({ period, plans: ofPeriod }) => (
        <div key={period} className={styles.period} data-period={period}>
          {ofPeriod.length > 0 ? (
            <div className={styles.cards}>
              {ofPeriod.map((plan, index) => (
                <PlanCard key={plan.id} plan={plan} headingId={`plan-card-${period}-${index + 1}`} />
              ))}
            </div>
          ) : (
            <p className={styles.message}>{t('errors.emptyPeriod')}</p>
          )}
        </div>
      ))}
      {status}
      {shown.map(({ period, plans: ofPeriod }) =>
        ofPeriod.length > 0 ? (
          <div key={period} className={styles.period} data-period={period}>
            <OnboardingFees shown={ofPeriod} all={plans} headingId={`onboarding-title-${period}`} />
          </div>
        ) : null,
      )}
    </div>
  );
}

/**
 * The pricing page's plans. The build writes its plans into the HTML, with
 * their date; the browser then asks the payments API and shows its answer
 * in the same places. A failed call keeps the build's plans and says so,
 * quietly, with Retry. Only a page built without plans shows a spinner, and
 * a message with Retry when the call fails. The region keeps a minimum
 * height, so nothing below jumps when cards arrive.
 */
export function PlansSection({ built }: Props): React.JSX.Element {
  const { t } = useTranslation('pricing');
  const { language } = useSiteLanguage();
  const { state, retry } = usePlans();
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
  const retryButton = (
    <button type="button" className={buttons.secondary} onClick={onRetry}>
      {t('errors.retry')}
    </button>
  );

  const live = state.status === 'loaded' && state.plans.length > 0 ? { plans: state.plans, fetchedAt: state.fetchedAt } : null;
  const shown = live ?? built;

  let content: React.ReactNode;
  if (shown) {
    // The live answer failed, or listed nothing to show: the build's plans stay.
    const stale = !live && state.status !== 'loading';
    const date = <time dateTime={shown.fetchedAt} />;
    const values = { date: pricesDate(shown.fetchedAt, language) };
    const status = (
      <div className={styles.status} role="status">
        {stale ? (
          <>
            <p>
              <Trans t={t} i18nKey="prices.stale" components={{ date }} values={values} />
            </p>
            {retryButton}
          </>
        ) : (
          <p>{state.status === 'loading' && state.again ? t('prices.checking') : <Trans t={t} i18nKey="prices.asOf" components={{ date }} values={values} />}</p>
        )}
      </div>
    );
    content = <PlanPeriods plans={shown.plans} status={status} />;
  } else if (state.status === 'loading') {
    content = (
      <div className={`${styles.loading} js-only`} role="status">
        <Spinner size="large" />
        <p>{t('loading')}</p>
      </div>
    );
  } else {
    const failed = state.status === 'failed';
    content = (
      <div className={styles.message} role="alert">
        {failed && <Icon name="alert" size={32} className={styles.alert} />}
        <p>{t(failed ? (state.reason === 'timeout' ? 'errors.timeout' : 'errors.failed') : 'errors.empty')}</p>
        {retryButton}
      </div>
    );
  }

  return (
    <section className={styles.section} aria-labelledby="plans-title">
      <h2 id="plans-title" className="visually-hidden">
        {t('plans.heading')}
      </h2>
      <div ref={region} className={styles.region} tabIndex={-1} aria-busy={!shown && state.status === 'loading'}>
        {content}
        {/* A page built without plans, read without JavaScript, cannot fetch them. */}
        {!built && <p className={`${styles.message} no-js-only`}>{t('noscript')}</p>}
      </div>
    </section>
  );
}
