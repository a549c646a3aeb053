import React from 'react';
import { useTranslation } from 'react-i18next';
import { LocalizedLink } from '../LocalizedLink';
import * as buttons from '../../styles/buttons.module.css';
import * as styles from './CustomPlan.module.css';

export function CustomPlan(): React.JSX.Element {
  const { t } = useTranslation('pricing');
  return (
    <section className={styles.band} aria-labelledby="custom-plan-title">
      <div className={styles.inner}>
        <div>
          <h2 id="custom-plan-title" className={styles.title}>
            {t('custom.heading')}
          </h2>
          <p className={styles.text}>{t('custom.text')}</p>
          <p className={styles.text}>{t('custom.quote')}</p>
        </div>
        <LocalizedLink to="/contact/" className={buttons.primary}>
          {t('custom.contact')}
        </LocalizedLink>
      </div>
    </section>
  );
}
