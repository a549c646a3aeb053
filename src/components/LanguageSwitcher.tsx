import React, { useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, languageSwitchTarget } from '../../features/site/languages';
import { Icon } from '../../features/site/Icon';
import { reloadAt } from '../browser/reloadAt';
import { useDismissableDetails } from '../hooks/useDismissableDetails';
import { useSiteLanguage } from '../../features/site/useSiteLanguage';
import * as styles from './LanguageSwitcher.module.css';

/** The address shown changes only by a full page load (reloadAt), so nothing to subscribe to. */
const subscribeToNothing = () => () => undefined;

/**
 * The language dropdown: a <details> of plain links to '/{lang}{path}', so
 * it works without JavaScript and crawlers can follow it. With JavaScript a
 * click checks the language and reloads the whole page at the new address.
 * A page not written in a language (a blog post) links that language's
 * section instead (languageSwitchTarget).
 */
export function LanguageSwitcher(): React.JSX.Element {
  const { t } = useTranslation('common');
  const { language, originalPath, languages } = useSiteLanguage();
  const ref = useRef<HTMLDetailsElement>(null);
  useDismissableDetails(ref);

  // The static HTML knows only the page's own path; once hydrated, the links
  // use the address actually shown (a 404 served for /bg/anything, a query, a hash).
  const shown = useSyncExternalStore(
    subscribeToNothing,
    () => window.location.pathname + window.location.search + window.location.hash,
    () => originalPath,
  );
  const location = new URL(shown, 'http://site.invalid');

  const onSelect = (event: React.MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const requested = event.currentTarget.getAttribute('hreflang');
    const target = languageSwitchTarget(requested, window.location, languages);
    if (target === null) {
      console.warn(`Language switch ignored: "${requested}" is not one of ${LANGUAGES.join(', ')}.`);
      return;
    }
    reloadAt(target);
  };

  return (
    <details className={styles.switcher} ref={ref}>
      <summary className={styles.summary} aria-label={t('language.label', { language: t(`language.${language}`) })}>
        <Icon name="globe" size={18} />
        <span>{language.toUpperCase()}</span>
        <Icon name="chevronDown" size={16} className={styles.chevron} />
      </summary>
      <ul className={styles.menu}>
        {LANGUAGES.map((lang) => (
          <li key={lang}>
            <a
              className={styles.option}
              href={languageSwitchTarget(lang, location, languages) ?? undefined}
              hrefLang={lang}
              lang={lang}
              aria-current={lang === language ? 'true' : undefined}
              onClick={onSelect}
            >
              {t(`language.${lang}`)}
              {lang === language && <Icon name="check" size={16} />}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
