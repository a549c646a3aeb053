import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { SiteConfig } from '../src/lib/config';
import { declaredPolicy } from '../src/lib/adminPage';
import { contentSecurityPolicy, inlineScriptHashes, originsOf, pagePath, trailingSlashRedirects } from '../src/lib/hosting';

export interface PublicPage {
  /** The HTML file, from public/: '/docs/index.html'. */
  file: string;
  /** Where it is served: '/docs/'. */
  path: string;
  /** Its Content-Security-Policy, with the hashes of its own inline scripts. */
  csp: string;
}

export interface PublicRules {
  /** Every file of public/, as site paths ('/app-….js'), sorted. */
  files: string[];
  pages: PublicPage[];
  redirects: { from: string; to: string }[];
}

/** Where the pages' scripts may connect besides their own origin: the payments and application APIs of this build. */
export const connectOrigins = (config: Pick<SiteConfig, 'paymentsApiUrl' | 'apiUrl'>): string[] => originsOf([config.paymentsApiUrl, config.apiUrl]);

/**
 * The hosting rules (src/lib/hosting.ts) applied to a built public/: every
 * file, every HTML page with its policy, every trailing-slash redirect.
 * What the CDN files (gatsby/hostingFiles.ts) and the nginx config are
 * written from.
 */
export function readPublicRules(publicDir: string, origins: readonly string[]): PublicRules {
  const files = readdirSync(publicDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => `/${path.relative(publicDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')}`)
    // Not the precompressed copies or the CDN's own rules (gatsby/hostingFiles.ts), which an earlier build may have left.
    .filter((file) => !/\.(br|gz)$/.test(file) && file !== '/_headers' && file !== '/_redirects')
    .sort();
  const pages = files
    .filter((file) => file.endsWith('.html'))
    .map((file) => {
      const html = readFileSync(path.join(publicDir, file), 'utf8');
      // The editors' page states its own, looser policy (src/lib/adminPage.ts); every other page gets the site's.
      const declared = declaredPolicy(html);
      return { file, path: pagePath(file), csp: declared ? `${declared}; frame-ancestors 'none'` : contentSecurityPolicy(inlineScriptHashes(html), origins) };
    });
  return { files, pages, redirects: trailingSlashRedirects(pages.map((page) => page.file)) };
}
