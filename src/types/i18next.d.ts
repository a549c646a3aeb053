/**
 * The English locale files are the contract: a missing or misspelled key in
 * a t() call does not compile. A Jest test checks that bg has the same keys.
 */
import 'i18next';
import type common from '../../locales/en/common.json';
import type content from '../../locales/en/content.json';
import type pricing from '../../locales/en/pricing.json';
import type contact from '../../locales/en/contact.json';
import type blog from '../../locales/en/blog.json';
import type search from '../../locales/en/search.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    returnNull: false;
    resources: {
      common: typeof common;
      content: typeof content;
      pricing: typeof pricing;
      contact: typeof contact;
      blog: typeof blog;
      search: typeof search;
    };
  }
}
