import React from 'react';
import { useTranslation } from 'react-i18next';
import { appUrl } from './app';
import { siteConfig } from './settings';
import { useSiteLanguage } from './useSiteLanguage';
import * as buttons from './buttons.module.css';

interface Props {
  /** A path inside the application, e.g. 'plans/42'; its start page by default. */
  path?: string;
  className?: string;
  /** The label; 'Launch App' by default. */
  children?: React.ReactNode;
}

/** A green button that opens the application, in the visitor's language, in a new tab. */
export function AppLink({ path, className, children }: Props): React.JSX.Element {
  const { t } = useTranslation('common');
  const { language } = useSiteLanguage();
  return (
    <a className={[buttons.primary, className].filter(Boolean).join(' ')} href={appUrl(siteConfig.appUrl, language, path)} target="_blank" rel="noopener noreferrer">
      {children ?? t('launchApp')}
      <span className="visually-hidden"> {t('newTab')}</span>
    </a>
  );
}
