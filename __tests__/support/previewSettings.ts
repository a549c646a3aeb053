/**
 * What the admin script hands the CMS preview (features/cms/preview/), as
 * tests that draw an entry need it: the site's names and every language's
 * labels and UI strings from locales/.
 */
import { markdownLabels } from '../../features/markdown/labels';
import { localeText } from '../../features/i18n/locales.node';
import type { PreviewSettings } from '../../features/cms/preview/EntryPreview';
import { LANGUAGES, type Language } from '../../features/site/languages';
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
