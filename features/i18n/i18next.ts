/**
 * i18next's options, one object for the site (gatsby-config.ts hands it to
 * gatsby-plugin-react-i18next) and for the tests that render components.
 */
import { siteConfig } from '../site/settings';

export const I18NEXT_OPTIONS = {
  interpolation: {
    // React escapes what it renders; escaping here too would show &amp; in the page.
    escapeValue: false,
    // {{product}} in any locale string is the product's name, without each t() call passing it.
    defaultVariables: { product: siteConfig.productName },
  },
  returnNull: false,
};
