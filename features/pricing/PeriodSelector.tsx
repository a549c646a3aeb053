import React from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PERIOD, PERIODS, PERIOD_DISCOUNT_PERCENT } from './plans';
import * as styles from './PeriodSelector.module.css';

/**
 * MONTHLY / ANNUAL -10% / BITCOIN -15%: native radio buttons styled as a
 * segmented control. Left to the browser (the annual one checked at
 * first): the stylesheet shows the checked period's plans, so the choice
 * works before JavaScript runs and without it, and survives the live prices.
 */
export function PeriodSelector(): React.JSX.Element {
  const { t } = useTranslation('pricing');
  return (
    <fieldset className={styles.selector}>
      <legend className="visually-hidden">{t('period.legend')}</legend>
      {PERIODS.map((period) => {
        const percent = PERIOD_DISCOUNT_PERCENT[period];
        return (
          <label key={period} className={styles.option} data-period={period}>
            <input className={styles.input} type="radio" name="billing-period" value={period} defaultChecked={period === DEFAULT_PERIOD} />
            <span className={styles.label}>{t(`period.${period}`)}</span>
            {percent !== undefined && (
              <span className={styles.badge}>
                <span aria-hidden="true">{t('period.discount', { percent })}</span>
                <span className="visually-hidden">{t('period.discountLabel', { percent })}</span>
              </span>
            )}
          </label>
        );
      })}
    </fieldset>
  );
}
