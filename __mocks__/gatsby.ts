/**
 * Gatsby for Jest: the real module needs the build, so Link becomes a plain
 * anchor (with Gatsby's aria-current), graphql a no-op tag, and a static
 * query answers what the site's static queries select from the real content.
 */
import React from 'react';
import { staticQueryData } from '../__tests__/support/content';

const gatsby = jest.requireActual('gatsby');

type LinkProps = React.AnchorHTMLAttributes<HTMLAnchorElement> & {
  to: string;
  activeClassName?: string;
  activeStyle?: React.CSSProperties;
  partiallyActive?: boolean;
  replace?: boolean;
  innerRef?: React.Ref<HTMLAnchorElement>;
};

export const graphql = jest.fn();
export const navigate = jest.fn();
export const withPrefix = jest.fn((path: string) => path);
export const useStaticQuery = jest.fn(staticQueryData);

export const Link = jest.fn(({ to, activeClassName: _a, activeStyle: _s, partiallyActive: _p, replace: _r, innerRef, ...rest }: LinkProps) =>
  React.createElement('a', { ...rest, href: to, ref: innerRef }),
);

module.exports = { ...gatsby, graphql, Link, navigate, withPrefix, useStaticQuery };
