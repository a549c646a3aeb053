import React from 'react';
import { Illustration } from '../../../features/illustrations/Illustration';
import { AppLink } from '../../../features/site/AppLink';
import * as buttons from '../../../features/site/buttons.module.css';
import * as styles from './Hero.module.css';

export interface HeroText {
  eyebrow: string;
  headline: string;
  lead: string;
  tryLabel: string;
  demoLabel: string;
  demoBadge: string;
  demoNote: string;
}

/** The first screen: content/home/<lang>/hero.md. */
export function Hero({ text }: { text: HeroText }): React.JSX.Element {
  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <div className={styles.copy}>
        <p className={styles.eyebrow}>{text.eyebrow}</p>
        <h1 id="hero-title" className={styles.title}>
          {text.headline}
        </h1>
        <p className={styles.lead}>{text.lead}</p>
        <div className={styles.actions}>
          <AppLink>{text.tryLabel}</AppLink>
          {/* Announced but not offered yet: a disabled button, not a dead link. */}
          <button type="button" className={buttons.secondary} disabled aria-describedby="demo-note">
            {text.demoLabel}
            <span className={styles.soon}>{text.demoBadge}</span>
          </button>
          <span id="demo-note" className="visually-hidden">
            {text.demoNote}
          </span>
        </div>
      </div>
      <div className={styles.art}>
        <Illustration name="dashboard" eager />
      </div>
    </section>
  );
}
