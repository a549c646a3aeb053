import React from 'react';
import type { CtaTarget } from '../../../features/content/contentSchema';
import type { HomeIllustration } from '../../../features/illustrations/illustrations';
import { Illustration } from '../../../features/illustrations/Illustration';
import { AppLink } from '../../../features/site/AppLink';
import { Icon } from '../../../features/site/Icon';
import { LocalizedLink } from '../../../features/site/LocalizedLink';
import * as buttons from '../../../features/site/buttons.module.css';
import * as styles from './BannerSection.module.css';

const SITE_TARGETS: Record<Exclude<CtaTarget, 'app'>, string> = {
  docs: '/docs/',
  pricing: '/pricing/',
  contact: '/contact/',
};

export interface Banner {
  id: string;
  title: string;
  html: string;
  illustration: HomeIllustration;
  cta?: { label: string; target: CtaTarget };
}

function CallToAction({ label, target }: { label: string; target: CtaTarget }): React.JSX.Element {
  if (target === 'app') {
    return (
      <AppLink>
        {label}
        <Icon name="arrowRight" size={18} />
      </AppLink>
    );
  }
  return (
    <LocalizedLink className={buttons.primary} to={SITE_TARGETS[target]}>
      {label}
      <Icon name="arrowRight" size={18} />
    </LocalizedLink>
  );
}

/** One of the home page's markdown sections: copy on one side, its drawing on the other. */
export function BannerSection({ banner, index }: { banner: Banner; index: number }): React.JSX.Element {
  const headingId = `banner-${banner.id}`;
  return (
    <section className={[styles.banner, index % 2 === 1 ? styles.alt : ''].join(' ')} aria-labelledby={headingId}>
      <div className={styles.inner}>
        <div className={styles.copy}>
          <h2 id={headingId} className={styles.title}>
            {banner.title}
          </h2>
          {/* Markdown from content/banners, rendered to HTML at build time. */}
          <div className={styles.body} dangerouslySetInnerHTML={{ __html: banner.html }} />
          {banner.cta && <CallToAction {...banner.cta} />}
        </div>
        <div className={styles.art}>
          <Illustration name={banner.illustration} />
        </div>
      </div>
    </section>
  );
}
