/**
 * The entry of /admin/preview.js (features/cms/admin.node.ts bundles it with the
 * build's PREVIEW_CONFIG, after /admin/admin.js): the CMS's preview pane
 * drawn as the site draws its pages (./preview/register.ts), and the
 * Translation field of the form (./translation/widget.browser.ts), which
 * draws with the same React, and the entry lists' translation marks
 * (./translation/listMarks.browser.ts).
 */
import { registerPreviews, type DecapPreviewApi, type PreviewConfig } from './preview/register.browser';
import type { DecapReact } from './reactRoot.browser';
import { registerTranslationWidget, type DecapWidgetApi } from './translation/widget.browser';
import { watchEntryLists } from './translation/listMarks.browser';

declare const PREVIEW_CONFIG: PreviewConfig;
declare const CMS: DecapPreviewApi & DecapWidgetApi;
declare const h: DecapReact['h'];
declare const createClass: DecapReact['createClass'];

registerPreviews(CMS, { h, createClass }, PREVIEW_CONFIG);
registerTranslationWidget(CMS, { h, createClass }, PREVIEW_CONFIG.siteUrl);
watchEntryLists(window, PREVIEW_CONFIG.translationStatuses);
