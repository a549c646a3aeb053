import React, { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../features/site/Icon';
import * as styles from './BackToTop.module.css';

/** How far down the page the floating button appears, in CSS pixels. */
export const FLOATING_THRESHOLD = 480;

/** Scrolls to the top and moves focus there, so keyboard users start over too. */
function scrollToTop(): void {
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' });
  document.getElementById('top')?.focus({ preventScroll: true });
}

/**
 * The footer's back-to-top control: a link to #top, so it works before
 * JavaScript runs, that scrolls without adding '#top' to the address once it does.
 */
export function BackToTopLink({ className }: { className?: string }): React.JSX.Element {
  const { t } = useTranslation('common');
  return (
    <a
      href="#top"
      className={className}
      onClick={(event) => {
        event.preventDefault();
        scrollToTop();
      }}
    >
      <Icon name="arrowUp" size={16} />
      {t('backToTop')}
    </a>
  );
}

/** The floating button that appears once the visitor has scrolled down. */
export function FloatingBackToTop(): React.JSX.Element | null {
  const { t } = useTranslation('common');
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      setVisible(window.scrollY > FLOATING_THRESHOLD);
    };
    const onScroll = () => {
      if (!frame) frame = window.requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, []);

  if (!visible) return null;
  return (
    <button type="button" className={styles.floating} onClick={scrollToTop} aria-label={t('backToTop')}>
      <Icon name="arrowUp" size={22} />
    </button>
  );
}
