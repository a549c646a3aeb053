/**
 * What the admin script hands the CMS preview (src/browser/preview/), as
 * tests that draw an entry need it: the site's names and every language's
 * labels and UI strings from locales/.
 */
import { markdownLabels } from '../../plugins/labels';
import { localeText } from '../../node/locales';
import type { PreviewSettings } from '../../src/browser/preview/EntryPreview';
import { LANGUAGES, type Language } from '../../src/lib/languages';
import { loadLocales } from './locales';

export const PREVIEW_SETTINGS: PreviewSettings = {
  productName: 'StockPay',
  siteUrl: 'https://stockpay.example',
  labels: Object.fromEntries(LANGUAGES.map((language) => [language, markdownLabels((namespace, key, field) => localeText(language, namespace, key, field))])) as Record<
    Language,
    ReturnType<typeof markdownLabels>
  >,
  locales: loadLocales() as PreviewSettings['locales'],
  diagramScripts: { mermaid: 'mermaid.min.js', page: 'diagram-page.js' },
};
