import React from 'react';
import type { GatsbySSR } from 'gatsby';
import './src/styles/global.css';

/** The id of the empty element that closes every page's body: the first paint waits for it. */
const PAGE_END_ID = 'page-end';

/**
 * Marks the document as running JavaScript before anything paints, so parts
 * that need it (the live prices' spinner) and their fallbacks for when it is
 * off (a note instead) can be shown by CSS alone: `.js-only`, `.no-js-only`.
 *
 * Holds the first paint until the whole body is parsed. On a slow network
 * the HTML arrives in pieces, and Chrome would paint a half-parsed page: an
 * element whose content had not arrived yet (the hero's empty Demo Account
 * button, the footer of a short page) then grows and moves (CLS 0.0107 on /,
 * issue 18). Chrome lifts a `rel=expect` block as soon as the target element
 * is inserted, not when it is complete, so the target is an empty element
 * after everything else, not <main>.
 * https://html.spec.whatwg.org/multipage/links.html#link-type-expect
 * https://www.gatsbyjs.com/docs/reference/config-files/gatsby-ssr/#onRenderBody
 */
export const onRenderBody: GatsbySSR['onRenderBody'] = ({ setHeadComponents, setPostBodyComponents }) => {
  setHeadComponents([
    <script key="js-flag" dangerouslySetInnerHTML={{ __html: "document.documentElement.classList.add('js')" }} />,
    <link key="expect-page-end" rel="expect" href={`#${PAGE_END_ID}`} blocking="render" />,
  ]);
  setPostBodyComponents([<div key="page-end" id={PAGE_END_ID} hidden />]);
};
