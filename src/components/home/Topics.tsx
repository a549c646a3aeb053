import React from 'react';
import type { IconName } from '../../../features/site/iconPaths';
import { Icon } from '../../../features/site/Icon';
import * as styles from './Topics.module.css';

export interface TopicsText {
  heading: string;
  lead: string;
  items: readonly { label: string; icon: IconName }[];
}

/** What the application covers: content/home/<lang>/topics.md. */
export function Topics({ text }: { text: TopicsText }): React.JSX.Element {
  return (
    <section className={styles.topics} aria-labelledby="topics-title">
      <div className={styles.inner}>
        <h2 id="topics-title" className={styles.title}>
          {text.heading}
        </h2>
        <p className={styles.lead}>{text.lead}</p>
        <ul className={styles.grid}>
          {text.items.map((topic) => (
            <li key={topic.label} className={styles.topic}>
              <span className={styles.icon}>
                <Icon name={topic.icon} size={20} />
              </span>
              {topic.label}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
