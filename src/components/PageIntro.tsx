import React from 'react';
import * as styles from './PageIntro.module.css';

/** The band at the top of an inner page: its one h1 and an optional lead. */
export function PageIntro({ title, lead, children }: { title: string; lead?: string; children?: React.ReactNode }): React.JSX.Element {
  return (
    <div className={styles.intro}>
      <div className={styles.inner}>
        <h1 className={styles.title}>{title}</h1>
        {lead && <p className={styles.lead}>{lead}</p>}
        {children}
      </div>
    </div>
  );
}
