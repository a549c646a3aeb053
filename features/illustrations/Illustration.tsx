import React from 'react';
import { ILLUSTRATION_FILES, type IllustrationName } from './illustrations';
import * as styles from './Illustration.module.css';

/**
 * A decorative drawing from public/illustrations/. Its width and height
 * reserve the space before it loads; only the one above the fold loads eagerly.
 */
export function Illustration({ name, eager = false }: { name: IllustrationName; eager?: boolean }): React.JSX.Element {
  const { src, width, height } = ILLUSTRATION_FILES[name];
  return <img className={styles.image} src={src} width={width} height={height} alt="" decoding="async" loading={eager ? 'eager' : 'lazy'} />;
}
