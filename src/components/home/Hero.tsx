import React from 'react';
import { useTranslation } from 'react-i18next';
import { Illustration } from '../illustrations/Illustration';
import { AppLink } from '../AppLink';
import * as buttons from '../../styles/buttons.module.css';
import * as styles from './Hero.module.css';

export function Hero(): React.JSX.Element {
  const { t } = useTranslation('home');
  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <div className={styles.copy}>
        <p className={styles.eyebrow}>{t('hero.eyebrow')}</p>
        <h1 id="hero-title" className={styles.title}>
          {t('hero.headline')}
        </h1>
        <p className={styles.lead}>{t('hero.lead')}</p>
        <div className={styles.actions}>
          <AppLink>{t('hero.try')}</AppLink>
          {/* Announced but not offered yet: a disabled button, not a dead link. */}
          <button type="button" className={buttons.secondary} disabled aria-describedby="demo-note">
            {t('hero.demo')}
            <span className={styles.soon}>
              {t('hero.soon')}
            </span>
          </button>
          <span id="demo-note" className="visually-hidden">
            {t('hero.demoNote')}
          </span>
        </div>
      </div>
      <div className={styles.art}>
        <Illustration name="dashboard" eager />
      </div>
    </section>
  );
}
