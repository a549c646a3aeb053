import React from 'react';
import type { GatsbySSR } from 'gatsby';
import './src/styles/global.css';

/** The id of the empty element that closes every page's body: the first paint waits for it. */
const PAGE_END_ID = 'page-end';

/**
 * Parts that need JavaScript (the live prices' spinner, `.js-only`) are
 * shown and their fallbacks (a note, `.no-js-only`) hidden by the global
 * stylesheet; with JavaScript off, the <noscript> style in the head swaps
 * them before anything paints. No script is needed for it: the pages carry
 * no inline script at all, since their one policy trusts none.
 * `.no-js-only` marks block elements (notes), which the swap shows as blocks;
 * its rules name `html` to outrank the global ones wherever Gatsby puts those.
 *
 * Holds the first paint until the whole body is parsed. On a slow network
 * the HTML arrives in pieces, and Chrome would paint a half-parsed page: an
 * element whose content had not arrived yet (the hero's empty Demo Account
 * button, the footer of a short page) then grows and moves (CLS 0.0107 on /
 * in CI). Chrome lifts a `rel=expect` block as soon as the target element
 * is inserted, not when it is complete, so the target is an empty element
 * after everything else, not <main>.
 * https://html.spec.whatwg.org/multipage/links.html#link-type-expect
 * https://www.gatsbyjs.com/docs/reference/config-files/gatsby-ssr/#onRenderBody
 */
export const onRenderBody: GatsbySSR['onRenderBody'] = ({ setHeadComponents, setPostBodyComponents }) => {
  setHeadComponents([
    <noscript key="no-js">
      <style>{'html .js-only{display:none!important}html .no-js-only{display:block!important}'}</style>
    </noscript>,
    <link key="expect-page-end" rel="expect" href={`#${PAGE_END_ID}`} blocking="render" />,
  ]);
  setPostBodyComponents([<div key="page-end" id={PAGE_END_ID} hidden />]);
};
