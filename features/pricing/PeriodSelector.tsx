import React from 'react';
import { useTranslation } from 'react-i18next';
import { PERIODS, PERIOD_DISCOUNT_PERCENT, type Period } from './plans';
import * as styles from './PeriodSelector.module.css';

interface Props {
  value: Period;
  onChange: (period: Period) => void;
}

/** MONTHLY / ANNUAL -10% / BITCOIN -15%: native radio buttons styled as a segmented control. */
export function PeriodSelector({ value, onChange }: Props): React.JSX.Element {
  const { t } = useTranslation('pricing');
  return (
    <fieldset className={styles.selector}>
      <legend className="visually-hidden">{t('period.legend')}</legend>
      {PERIODS.map((period) => {
        const percent = PERIOD_DISCOUNT_PERCENT[period];
        return (
          <label key={period} className={styles.option} data-period={period}>
            <input className={styles.input} type="radio" name="billing-period" value={period} checked={value === period} onChange={() => onChange(period)} />
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
