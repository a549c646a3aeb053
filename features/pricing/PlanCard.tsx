import React from 'react';
import { useTranslation } from 'react-i18next';
import { planPath, planTexts, type Plan, type Translate } from './plans';
import { AppLink } from '../site/AppLink';
import { Icon } from '../site/Icon';
import { useSiteLanguage } from '../site/useSiteLanguage';
import * as styles from './PlanCard.module.css';

/** `headingId` names the card's heading: the page's own (period and place), never the plan id the API sent, which may hold spaces or repeat. */
export function PlanCard({ plan, headingId }: { plan: Plan; headingId: string }): React.JSX.Element {
  const { t } = useTranslation('pricing');
  const { language } = useSiteLanguage();
  // i18next's typed t takes one literal key at a time; plans.ts names its keys
  // as a union, and its tests check each renders in both languages.
  const texts = planTexts(plan, language, t as unknown as Translate);
  const facts = [texts.usersText, texts.ordersText, texts.storesText, texts.userAccessText, texts.apiText];
  return (
    <article className={styles.card} aria-labelledby={headingId} data-plan-type={plan.type}>
      <h3 id={headingId} className={styles.name}>
        {texts.productName}
      </h3>
      <p className={styles.price}>
        <span className={styles.amount}>{texts.price}</span>
        <span className={styles.per}>{texts.perMonthText}</span>
      </p>
      <ul className={styles.facts}>
        {facts.map((fact) => (
          <li key={fact}>
            <Icon name="check" size={18} className={styles.check} />
            {fact}
          </li>
        ))}
      </ul>
      <AppLink path={planPath(plan)} className={styles.choose}>
        {t('plans.choose')}
        <span className="visually-hidden"> – {texts.productName}</span>
      </AppLink>
    </article>
  );
}
