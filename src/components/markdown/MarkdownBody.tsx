import React, { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { CopyButton } from './CopyButton';
import * as styles from './MarkdownBody.module.css';

/** The text of the code block a toolbar slot belongs to. */
function codeOf(slot: HTMLElement): string {
  return slot.closest('.code-block')?.querySelector('pre')?.textContent ?? '';
}

/**
 * Markdown rendered to HTML at build time (math, diagrams, highlighted code
 * already in it). Once running, it puts a copy button into each code block's
 * toolbar slot (features/markdown/remark-block-frames) through a portal; the
 * static HTML has no button that could not work.
 */
export function MarkdownBody({ html }: { html: string }): React.JSX.Element {
  const ref = useRef<HTMLDivElement>(null);
  const [slots, setSlots] = useState<HTMLElement[]>([]);

  useEffect(() => {
    setSlots(Array.from(ref.current?.querySelectorAll<HTMLElement>('[data-copy-slot]') ?? []));
  }, [html]);

  return (
    <>
      <div ref={ref} className={styles.prose} dangerouslySetInnerHTML={{ __html: html }} />
      {slots.map((slot, index) => createPortal(<CopyButton getText={() => codeOf(slot)} />, slot, `copy-${index}`))}
    </>
  );
}
