/**
 * The editors' page at /admin/: the HTML that loads Decap CMS, its own
 * Content-Security-Policy, and the page a build without a CMS backend serves
 * instead. Pure: features/cms/admin.node.ts writes them into public/admin/.
 *
 * The folder is whole in itself: the page names every file beside it by a
 * relative address, so the same folder can be served at /admin/ of the
 * site or as the root of an origin of its own (docs/deploy.md, "The CMS on
 * its own origin"), where no script of a public page can reach an editor's
 * token.
 */
import { escapeHtml } from '../site/html';
import { PUBLIC_GIT_SERVERS, gitApiRoot } from './backends';
import type { CmsBackend } from './decapConfig';
import { UNCONFIGURED_ADMIN_DIRECTIVES, adminDirectives, metaPolicyText, policyText, type Directives } from '../site/policies';

export const DECAP_SCRIPT = 'decap-cms.js';
export const ADMIN_SCRIPT = 'admin.js';
export const PREVIEW_STYLESHEET = 'preview.css';
/** The preview pane drawn as the site draws its pages (features/cms/previewEntry.browser.ts), and the stylesheet of the CSS modules it uses. */
export const PREVIEW_SCRIPT = 'preview.js';
export const PREVIEW_COMPONENTS_STYLESHEET = 'preview-components.css';
/** Mermaid and the build's drawing page, which the preview loads only for an entry with a diagram. */
export const MERMAID_FILE = 'mermaid.min.js';
export const DIAGRAM_PAGE_FILE = 'mermaid-page.js';
/** KaTeX's stylesheet and fonts for the preview, in a folder beside the page (the site's copy is outside /admin/). */
export const ADMIN_KATEX_STYLESHEET = 'katex/katex.min.css';

/** The scripts the page loads, in order: Decap's bundle, the setup script, the preview. */
export const ADMIN_SCRIPTS = [DECAP_SCRIPT, ADMIN_SCRIPT, PREVIEW_SCRIPT] as const;

/** Each of the page's scripts with its Subresource Integrity value ('sha384-…'), as the build wrote it. */
export type AdminScriptIntegrity = Readonly<Record<(typeof ADMIN_SCRIPTS)[number], string>>;

/** A Subresource Integrity value of SHA-384, the one kind this site writes. */
export const INTEGRITY = /^sha384-[A-Za-z0-9+/]{64}$/;

/** Where Decap's markdown widget remembers the editor's mode (decap-cms-widget-markdown). */
export const MARKDOWN_MODE_KEY = 'cms.md-mode';

/**
 * The origins the CMS talks to for each backend: its API, and where the
 * API's avatars and files live. Signing in to GitHub or GitLab adds none
 * (docs/deploy.md, "Sign-in for editors"): Netlify's provider or the site's
 * own exchange (CMS_OAUTH_ORIGIN) is a popup the page opens, which answers
 * by postMessage, and no directive governs either (features/hosting/rules.ts gives
 * the page the opener policy that keeps the popup's answer); GitLab's PKCE
 * flow leaves the page for GitLab and fetches its token from there, which
 * connect-src names already. A GitHub Enterprise Server or a GitLab of
 * one's own (serverUrl) replaces github.com's or gitlab.com's origins with
 * its own: a GitHub Enterprise Server serves its API and avatars on its
 * host, or its avatars on the avatars. subdomain (its subdomain isolation),
 * and github.com's status page says nothing about it, so Decap is not let
 * ask it (a refused check counts as up, and Decap asks the server itself
 * whether the editor is still signed in).
 */
function backendOrigins(backend: CmsBackend): { connect: string[]; img: string[] } {
  switch (backend.name) {
    case 'local':
      return { connect: [new URL(backend.url).origin], img: [] };
    case 'github': {
      if (!backend.serverUrl)
        return { connect: ['https://api.github.com', 'https://www.githubstatus.com'], img: ['https://avatars.githubusercontent.com', 'https://raw.githubusercontent.com'] };
      const server = new URL(backend.serverUrl);
      return { connect: [server.origin], img: [server.origin, `${server.protocol}//avatars.${server.host}`] };
    }
    case 'gitlab': {
      const { origin } = new URL(backend.serverUrl ?? PUBLIC_GIT_SERVERS.gitlab);
      return { connect: [origin], img: [origin, 'https://secure.gravatar.com'] };
    }
    case 'git-gateway':
      // Netlify Identity and the Git Gateway answer on the site's own origin (/.netlify/…).
      return { connect: ['https://api.netlify.com', 'https://www.netlifystatus.com'], img: [] };
  }
}

/** The CMS page's policy as data: its scripts by hash and its backend's origins (features/site/policies.ts adminDirectives says why each source). */
function adminPageDirectives(backend: CmsBackend, integrity: AdminScriptIntegrity): Directives {
  return adminDirectives({ scripts: ADMIN_SCRIPTS.map((script) => integrity[script]), ...backendOrigins(backend) });
}

/** The policy the CMS page is served with, for a backend and the scripts the build wrote. */
export function adminContentSecurityPolicy(backend: CmsBackend, integrity: AdminScriptIntegrity): string {
  return policyText(adminPageDirectives(backend, integrity));
}

/** A page of the CMS's folder, stating its policy (a meta tag cannot hold frame-ancestors; the served header, features/hosting/rules.ts, has it all). */
function page(title: string, policy: Directives, body: string): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex, nofollow">',
    `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(metaPolicyText(policy))}">`,
    `<title>${escapeHtml(title)}</title>`,
    '</head>',
    body,
    '</html>',
    '',
  ].join('\n');
}

/** The page that loads the CMS, each script by its hash; it reads config.yml beside it. */
export function adminPageHtml(productName: string, backend: CmsBackend, integrity: AdminScriptIntegrity): string {
  return page(
    `Content manager · ${productName}`,
    adminPageDirectives(backend, integrity),
    [
      '<body>',
      '<noscript>The content manager needs JavaScript.</noscript>',
      ...ADMIN_SCRIPTS.map((script) => `<script src="${script}" integrity="${integrity[script]}"></script>`),
      '</body>',
    ].join('\n'),
  );
}

/**
 * What the CMS page watches for (features/cms/admin.browser.ts): a backend whose
 * sign-in ends without Decap renewing it, the address of its API, and
 * what the editor is told when the API refuses the sign-in (401) after
 * accepting it. GitLab's tokens last two hours; Decap renews one only when
 * it signed in with PKCE, so PKCE is not watched. A GitHub token lasts
 * until it is revoked. Null for the other backends: npm run edit's local
 * one has no sign-in, and Netlify Identity renews its own.
 */
export interface SessionWatch {
  /** The API's address: a response from under it counts. */
  api: string;
  /** What the editor is told, once, until the API accepts a request again. */
  ended: string;
}

export function sessionWatch(backend: CmsBackend | undefined): SessionWatch | null {
  if (!backend || (backend.name !== 'github' && backend.name !== 'gitlab') || backend.gitlabAppId) return null;
  const host = backend.name === 'github' ? 'GitHub' : 'GitLab';
  const why = backend.name === 'github' ? 'GitHub no longer accepts it' : 'GitLab ends each sign-in after two hours';
  return {
    api: gitApiRoot(backend.name, backend.serverUrl),
    ended:
      `Your ${host} sign-in has ended (${why}): the content manager can no longer load or save anything until you sign in again. ` +
      'Your unsaved changes are kept in this browser. Stay on this page: open the account menu (your picture, at the top right), choose Log Out, then log in again. ' +
      'The content manager comes back to this entry and asks whether to use the local backup: choose OK to get your changes back.',
  };
}

/** What the CMS says when a file's frontmatter would run as JavaScript. */
export const EVAL_REFUSED =
  'This file opens its frontmatter with a language (such as ---js) that would run as code in your browser; the CMS reads YAML frontmatter only. Fix the file in the repository.';

/** The policy of the page a build without a CMS backend serves (features/site/policies.ts UNCONFIGURED_ADMIN_DIRECTIVES). */
export const UNCONFIGURED_ADMIN_POLICY = policyText(UNCONFIGURED_ADMIN_DIRECTIVES);

/** The policy /admin/ is served with: the CMS's for a backend and the scripts the build wrote, the plain page's without one. */
export const adminPolicy = (backend: CmsBackend | null | undefined, integrity: AdminScriptIntegrity | null | undefined): string =>
  backend && integrity ? adminContentSecurityPolicy(backend, integrity) : UNCONFIGURED_ADMIN_POLICY;

/** What a build without a CMS backend serves at /admin/: how to set one up, and nothing else. */
export function unconfiguredAdminHtml(productName: string): string {
  const style = [
    'body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#0f172a;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.6}',
    'code{font-family:ui-monospace,Menlo,Consolas,monospace;background:#f1f5f9;padding:0 .25rem;border-radius:4px}',
  ].join('');
  return page(
    `Content manager not configured · ${productName}`,
    UNCONFIGURED_ADMIN_DIRECTIVES,
    [
      `<body><style>${style}</style>`,
      '<main>',
      '<h1>The content manager is not configured</h1>',
      `<p>This build of the ${escapeHtml(productName)} website has no CMS backend, so there is nothing to edit here.</p>`,
      '<p>To edit content in the browser:</p>',
      '<ul>',
      '<li>On your machine: run <code>npm run edit</code> in the repository and open the address it prints.</li>',
      '<li>On the live site: build with <code>CMS_BACKEND</code> (<code>github</code>, <code>gitlab</code> or <code>git-gateway</code>), <code>CMS_REPO</code> (owner/name) and <code>CMS_BRANCH</code> (default <code>main</code>) set. The section "On the live site" of docs/editing.md explains each.</li>',
      '</ul>',
      '</main>',
      '</body>',
    ].join('\n'),
  );
}
