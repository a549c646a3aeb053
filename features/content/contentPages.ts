/**
 * Which page shows a content file: content/<section>/<lang>/<name>.md is
 * drawn on this path (language-less; features/site/languages.ts localizedPath adds
 * the prefix). The CMS's "View on site" links read it (features/cms/decapConfig.ts
 * preview_path, and the preview pane's own link, features/cms/preview/).
 */
import { postPath } from '../blog/blog';
import type { ContentSection } from './contentSchema';
import type { Route } from '../site/routes';

const SECTION_PAGES: Readonly<Record<ContentSection, (name: string) => string>> = {
  home: () => '/' satisfies Route,
  banners: () => '/' satisfies Route,
  docs: () => '/docs/' satisfies Route,
  privacy: () => '/privacy-policy/' satisfies Route,
  blog: (name) => postPath(name),
};

/** The language-less path of the page that shows content/<section>/<lang>/<name>.md. */
export const contentPagePath = (section: ContentSection, name: string): string => SECTION_PAGES[section](name);
