import React from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../AppLink';
import { LocalizedLink } from '../LocalizedLink';
import * as buttons from '../../styles/buttons.module.css';
import * as styles from './ClosingCta.module.css';

/** The last word on the home page: start the trial, or compare plans first. */
export function ClosingCta(): React.JSX.Element {
  const { t } = useTranslation('home');
  return (
    <section className={styles.band} aria-labelledby="closing-title">
      <div className={styles.inner}>
        <div>
          <h2 id="closing-title" className={styles.title}>
            {t('closing.heading')}
          </h2>
          <p className={styles.lead}>{t('closing.lead')}</p>
        </div>
        <div className={styles.actions}>
          <AppLink>{t('hero.try')}</AppLink>
          <LocalizedLink className={buttons.secondary} to="/pricing/">
            {t('closing.pricing')}
          </LocalizedLink>
        </div>
      </div>
    </section>
  );
}
