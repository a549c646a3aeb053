import React from 'react';
import type { GatsbySSR } from 'gatsby';
import './src/styles/global.css';

/**
 * Marks the document as running JavaScript before anything paints, so parts
 * that need it (the live prices' spinner) and their fallbacks for when it is
 * off (a note instead) can be shown by CSS alone: `.js-only`, `.no-js-only`.
 * https://www.gatsbyjs.com/docs/reference/config-files/gatsby-ssr/#onRenderBody
 */
export const onRenderBody: GatsbySSR['onRenderBody'] = ({ setHeadComponents }) => {
  setHeadComponents([
    <script key="js-flag" dangerouslySetInnerHTML={{ __html: "document.documentElement.classList.add('js')" }} />,
    // Holds the first paint until the parser reaches <main>: a slow phone
    // could otherwise paint a half-parsed header, whose buttons then move.
    // https://html.spec.whatwg.org/multipage/links.html#link-type-expect
    <link key="expect-main" rel="expect" href="#main" blocking="render" />,
  ]);
};
