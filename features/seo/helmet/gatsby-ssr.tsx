import type { GatsbySSR } from 'gatsby';
import { Helmet } from 'react-helmet';

/**
 * Writes the head tags the page gave Helmet (the Seo component) into its
 * static HTML. A plugin of its own, listed first in gatsby-config.ts, so
 * that its tags come before the other plugins', as they always have; it
 * does what gatsby-plugin-react-helmet did, without that plugin's notice
 * that Gatsby's Head export now exists (the site keeps Helmet on purpose:
 * the Head export gets no React context, so translations do not work in it).
 * https://www.gatsbyjs.com/docs/reference/config-files/gatsby-ssr/#onRenderBody
 */
export const onRenderBody: GatsbySSR['onRenderBody'] = ({ setHeadComponents, setHtmlAttributes, setBodyAttributes }) => {
  const helmet = Helmet.renderStatic();
  setHtmlAttributes(helmet.htmlAttributes.toComponent());
  setBodyAttributes(helmet.bodyAttributes.toComponent());
  // Every page sets its title through Seo, so the title always leads.
  setHeadComponents([helmet.title, helmet.link, helmet.meta, helmet.noscript, helmet.script, helmet.style, helmet.base].map((kind) => kind.toComponent()));
};
