/**
 * Stands in for the `gatsby` module in the CMS preview's bundle
 * (features/cms/admin.node.ts aliases it): the site's components link with Gatsby's
 * Link, which needs Gatsby's router; in the preview a link is a plain link.
 */
import React from 'react';

type Props = Omit<React.AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string; partiallyActive?: boolean; activeClassName?: string };

export function Link({ to, partiallyActive, activeClassName, children, ...rest }: Props): React.JSX.Element {
  void partiallyActive;
  void activeClassName;
  return (
    <a href={to} {...rest}>
      {children}
    </a>
  );
}
