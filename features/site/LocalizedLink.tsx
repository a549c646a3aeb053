import React from 'react';
import { Link } from 'gatsby';
import { localizedPath } from './languages';
import { useSiteLanguage } from './useSiteLanguage';

type Props = Omit<React.AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** Language-less path inside the site, e.g. '/pricing/' or '/docs/#faq'. */
  to: string;
  partiallyActive?: boolean;
};

/** A client-side link to a page of this site in the current language. */
export function LocalizedLink({ to, ...rest }: Props): React.JSX.Element {
  const { language, routed } = useSiteLanguage();
  return <Link to={localizedPath(language, to, routed)} {...rest} />;
}
