/**
 * The entry of /admin/preview.js (features/cms/admin.node.ts bundles it with the
 * build's PREVIEW_CONFIG, after /admin/admin.js): the CMS's preview pane
 * drawn as the site draws its pages (./preview/register.ts).
 */
import { registerPreviews, type DecapPreviewApi, type DecapReact, type PreviewConfig } from './preview/register.browser';

declare const PREVIEW_CONFIG: PreviewConfig;
declare const CMS: DecapPreviewApi;
declare const h: DecapReact['h'];
declare const createClass: DecapReact['createClass'];

registerPreviews(CMS, { h, createClass }, PREVIEW_CONFIG);
