import React from 'react';
import { useTranslation } from 'react-i18next';
import socialData from '../../content/social.json';
import { BLOG_PATH } from '../../features/blog/blog';
import { siteConfig } from '../../features/site/settings';
import { parseSocialLinks, type SocialNetwork } from '../../features/site/social';
import { BackToTopLink } from './BackToTop';
import type { IconName } from '../../features/site/iconPaths';
import { Icon } from '../../features/site/Icon';
import { LocalizedLink } from '../../features/site/LocalizedLink';
import { LogoMark } from './LogoMark';
import { NavLinks } from './NavLinks';
import * as styles from './Footer.module.css';

// Parsed once when the module loads: a broken file fails the build's render.
const SOCIAL_LINKS = parseSocialLinks(socialData);
const SOCIAL_ICONS: Record<SocialNetwork, IconName> = { microblog: 'message', chat: 'send', source: 'code' };

export function Footer(): React.JSX.Element {
  const { t } = useTranslation('common');
  const product = siteConfig.productName;
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.about}>
          <p className={styles.brand}>
            <LogoMark size={28} />
            <span>{product}</span>
          </p>
          <p className={styles.description}>{t('footer.description')}</p>
          <ul className={styles.social} aria-label={t('footer.follow')}>
            {SOCIAL_LINKS.map((link) => (
              <li key={link.network}>
                <a className={styles.socialLink} href={link.url} target="_blank" rel="noopener noreferrer" aria-label={`${t('footer.social', { name: link.name })} ${t('newTab')}`}>
                  <Icon name={SOCIAL_ICONS[link.network]} size={20} />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <nav className={styles.column} aria-labelledby="footer-product">
          <h2 id="footer-product" className={styles.heading}>
            {t('footer.product')}
          </h2>
          <NavLinks listClassName={styles.list} linkClassName={styles.link} />
        </nav>
        <nav className={styles.column} aria-labelledby="footer-resources">
          <h2 id="footer-resources" className={styles.heading}>
            {t('footer.resources')}
          </h2>
          <ul className={styles.list}>
            <li>
              <LocalizedLink to={BLOG_PATH} className={styles.link}>
                {t('footer.blog')}
              </LocalizedLink>
            </li>
            <li>
              <LocalizedLink to="/docs/#faq" className={styles.link}>
                {t('footer.faq')}
              </LocalizedLink>
            </li>
            <li>
              <LocalizedLink to="/docs/#roadmap" className={styles.link}>
                {t('footer.roadmap')}
              </LocalizedLink>
            </li>
            <li>
              <LocalizedLink to="/privacy-policy/" className={styles.link}>
                {t('footer.privacy')}
              </LocalizedLink>
            </li>
          </ul>
        </nav>
      </div>
      <div className={styles.bottom}>
        <p className={styles.copyright}>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
        <BackToTopLink className={styles.top} />
      </div>
    </footer>
  );
}
