import React from 'react';
import * as styles from './CtaBand.module.css';

interface Props {
  /** The heading's id, which names the section. */
  headingId: string;
  heading: string;
  /** `soft`: ink on pale green (the home page's last word); `dark`: white on ink (pricing's custom plan). */
  tone: 'soft' | 'dark';
  /** The paragraphs under the heading. */
  children: React.ReactNode;
  /** The links the band offers. */
  actions: React.ReactNode;
}

/** A rounded call-to-action panel at the end of a page: copy on one side, actions on the other. */
export function CtaBand({ headingId, heading, tone, children, actions }: Props): React.JSX.Element {
  return (
    <section className={styles.band} aria-labelledby={headingId} data-pagefind-ignore="all">
      <div className={`${styles.panel} ${styles[tone]}`}>
        <div className={styles.copy}>
          <h2 id={headingId} className={styles.title}>
            {heading}
          </h2>
          {children}
        </div>
        <div className={styles.actions}>{actions}</div>
      </div>
    </section>
  );
}
