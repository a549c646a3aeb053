import React from 'react';
import { useTranslation } from 'react-i18next';
import type { Route } from '../../features/site/routes';
import { LocalizedLink } from '../../features/site/LocalizedLink';

/** The top banner's destinations, in order; each label is `nav.<key>` in locales/<lang>/common.json. */
export const NAV_ITEMS = [
  { key: 'home', to: '/' },
  { key: 'docs', to: '/docs/' },
  { key: 'pricing', to: '/pricing/' },
  { key: 'contact', to: '/contact/' },
] as const satisfies readonly { key: string; to: Route }[];

interface Props {
  listClassName?: string;
  linkClassName?: string;
  onNavigate?: () => void;
}

export function NavLinks({ listClassName, linkClassName, onNavigate }: Props): React.JSX.Element {
  const { t } = useTranslation('common');
  return (
    <ul className={listClassName}>
      {NAV_ITEMS.map((item) => (
        <li key={item.key}>
          <LocalizedLink to={item.to} className={linkClassName} onClick={onNavigate}>
            {t(`nav.${item.key}`)}
          </LocalizedLink>
        </li>
      ))}
    </ul>
  );
}
