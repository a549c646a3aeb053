import React from 'react';
import * as styles from './Spinner.module.css';

/** A turning ring for work in progress; decorative, so the text beside it must say what is happening. */
export function Spinner({ size = 'small' }: { size?: 'small' | 'large' }): React.JSX.Element {
  return <span className={`${styles.spinner} ${styles[size]}`} aria-hidden="true" />;
}
