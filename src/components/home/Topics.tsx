import React from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../Icon';
import { TOPICS } from './topics';
import * as styles from './Topics.module.css';

export function Topics(): React.JSX.Element {
  const { t } = useTranslation('home');
  return (
    <section className={styles.topics} aria-labelledby="topics-title">
      <div className={styles.inner}>
        <h2 id="topics-title" className={styles.title}>
          {t('topics.heading')}
        </h2>
        <p className={styles.lead}>{t('topics.lead')}</p>
        <ul className={styles.grid}>
          {TOPICS.map((topic) => (
            <li key={topic.key} className={styles.topic}>
              <span className={styles.icon}>
                <Icon name={topic.icon} size={20} />
              </span>
              {t(`topics.${topic.key}`)}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
