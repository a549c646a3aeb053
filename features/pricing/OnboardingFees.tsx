import React from 'react';
import { useTranslation } from 'react-i18next';
import { onboardingCards, type Plan } from './plans';
import { useSiteLanguage } from '../site/useSiteLanguage';
import * as styles from './OnboardingFees.module.css';

/** One card per plan shown: its one-time onboarding fee, or none. */
export function OnboardingFees({ shown, all, headingId }: { shown: readonly Plan[]; all: readonly Plan[]; headingId: string }): React.JSX.Element {
  const { t } = useTranslation('pricing');
  const { language } = useSiteLanguage();
  return (
    <section className={styles.onboarding} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        {t('onboarding.heading')}
      </h2>
      <p className={styles.lead}>{t('onboarding.lead')}</p>
      <ul className={styles.cards}>
        {onboardingCards(shown, all, language).map((card) => (
          <li key={card.planId} className={styles.card}>
            <h3 className={styles.name}>{t(`plans.names.${card.type}`)}</h3>
            {card.hasFee ? (
              <p className={styles.fee}>
                <span className={styles.label}>{t('onboarding.fee')}</span>
                <span className={styles.amount}>{card.fee ?? t('onboarding.unknown')}</span>
              </p>
            ) : (
              <p className={styles.fee}>
                <span className={styles.amount}>{t('onboarding.none')}</span>
              </p>
            )}
            {card.required && <p className={styles.note}>{t('onboarding.required')}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}
