/**
 * Every Content-Security-Policy the site is served with, as data: a policy
 * is its directives (name -> sources), built on one of two bases and
 * written out by one serialiser. Pure. features/hosting/rules.ts serves the page,
 * search and file policies, features/cms/adminPage.ts states the CMS page's in
 * its meta tag; it lives here because both use it, and the CMS stands on a
 * floor below hosting's, which it may not import.
 *
 * No page carries an inline script (features/runtime/runtimeFile.node.ts moves Gatsby's
 * into one fingerprinted file), so the page policy trusts the site's own
 * files and nothing else: no hashes, no 'unsafe-inline' for scripts.
 */

/** The directives the site writes, in the order every policy writes them. */
export const DIRECTIVE_ORDER = [
  'default-src',
  'script-src',
  'style-src',
  'img-src',
  'connect-src',
  'font-src',
  'frame-src',
  'object-src',
  'base-uri',
  'form-action',
  'frame-ancestors',
  'sandbox',
] as const;

export type DirectiveName = (typeof DIRECTIVE_ORDER)[number];

/** A policy: the directives it has, each with its sources (none for a flag such as sandbox). */
export type Directives = Readonly<Partial<Record<DirectiveName, readonly string[]>>>;

/** What a meta tag cannot state (browsers ignore them there, CSP level 3): only the served header has them. */
const HEADER_ONLY: readonly DirectiveName[] = ['frame-ancestors', 'sandbox'];
const META_DIRECTIVES = DIRECTIVE_ORDER.filter((name) => !HEADER_ONLY.includes(name));

/** The directives of `policy` among `names`, in DIRECTIVE_ORDER, separated by '; '. */
function write(policy: Directives, names: readonly DirectiveName[]): string {
  return DIRECTIVE_ORDER.flatMap((name) => {
    const sources = policy[name];
    return sources === undefined || !names.includes(name) ? [] : [[name, ...sources].join(' ')];
  }).join('; ');
}

/** The policy as a header value. */
export function policyText(policy: Directives): string {
  return write(policy, DIRECTIVE_ORDER);
}

/** The policy as a page's meta tag may state it: without what only a header can say. */
export function metaPolicyText(policy: Directives): string {
  return write(policy, META_DIRECTIVES);
}

/** `policy` with `sources` added after those `name` has. */
function withSources(policy: Directives, name: DirectiveName, sources: readonly string[]): Directives {
  return { ...policy, [name]: [...(policy[name] ?? []), ...sources] };
}

/** No other site may frame any document of ours (clickjacking): every policy says so. */
const NO_FRAMING: Directives = { 'frame-ancestors': ["'none'"] };

/**
 * The base of a document that runs the site's own code (the pages, the
 * CMS): what no directive names comes from this origin only, no plugin
 * content, no <base> pointing elsewhere, forms post only here.
 */
const SITE_DOCUMENT: Directives = { 'default-src': ["'self'"], 'object-src': ["'none'"], 'base-uri': ["'self'"], 'form-action': ["'self'"], ...NO_FRAMING };

/** The base of a document that may load and run nothing at all. */
const INERT_DOCUMENT: Directives = { 'default-src': ["'none'"], 'base-uri': ["'none'"], 'form-action': ["'none'"], ...NO_FRAMING };

/**
 * The policy of every page: scripts from the site only (no hash, nothing
 * inline, no 'unsafe-eval'); styles inline as well, because Gatsby inlines
 * the CSS; the APIs the build calls.
 */
export function pageDirectives(connectOrigins: readonly string[]): Directives {
  return {
    ...SITE_DOCUMENT,
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...connectOrigins],
    'font-src': ["'self'"],
  };
}

/**
 * The policy of the search pages: the page policy, and WebAssembly, which
 * Pagefind searches with ('wasm-unsafe-eval' lets a page compile
 * WebAssembly, not evaluate strings). Only there: every other page keeps
 * the stricter policy. No worker-src: the search runs in the page
 * (features/search/pagefind.browser.ts), and the build removes Pagefind's worker.
 */
export function searchDirectives(connectOrigins: readonly string[]): Directives {
  return withSources(pageDirectives(connectOrigins), 'script-src', ["'wasm-unsafe-eval'"]);
}

/** What the CMS page's policy trusts beyond its base (features/cms/adminPage.ts knows each backend's origins). */
export interface AdminSources {
  /** The Subresource Integrity values of the page's scripts ('sha384-…'), in order. */
  scripts: readonly string[];
  /** The origins of the backend's API. */
  connect: readonly string[];
  /** Where the backend's avatars and files live. */
  img: readonly string[];
}

/**
 * The policy of the CMS page: as strict as Decap allows. Scripts are
 * trusted by their hash, never by their origin: the page's scripts carry
 * their SHA-384 (`integrity`) and the policy names exactly those, with
 * 'strict-dynamic' for what they load themselves (Decap's chunks, mermaid
 * for the preview). A script that reached the site's origin any other way,
 * or a changed one, never runs here. It needs 'unsafe-eval' (Decap's config
 * validator, ajv, compiles schemas with new Function;
 * decaporg/decap-cms#2138), inline styles (emotion writes them at run
 * time), blob: and data: images (media previews), data: fonts, blob: frames
 * (the preview pane), the backend's API, and reading back its own blob:
 * URLs (connect-src): Decap reads a chosen upload's bytes with fetch() on
 * the object URL it made of the file before sending them to any backend,
 * and the preview reads an upload's size and type the same way. A blob: URL
 * is only ever this page's own, so that reaches no other origin. Nothing
 * else: no inline script, no other origin, no framing by another site.
 */
export function adminDirectives(sources: AdminSources): Directives {
  return {
    ...SITE_DOCUMENT,
    'script-src': [...sources.scripts.map((integrity) => `'${integrity}'`), "'strict-dynamic'", "'unsafe-eval'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...sources.img],
    'connect-src': ["'self'", 'blob:', ...sources.connect],
    'font-src': ["'self'", 'data:'],
    'frame-src': ["'self'", 'blob:'],
  };
}

/**
 * The callback page of the editors' sign-in exchange (features/cms/signIn/exchange.ts),
 * which holds a GitHub or GitLab token: it runs its one inline script,
 * trusted by its hash ('sha256-…'), which hands the token to the CMS's
 * window; nothing may load, run, post a form or frame it.
 */
export function signInPageDirectives(scriptHash: string): Directives {
  return { ...INERT_DOCUMENT, 'script-src': [`'${scriptHash}'`] };
}

/** The exchange's other answers (redirects to the provider, refusals): text that runs nothing. */
export const SIGN_IN_ANSWER_DIRECTIVES: Directives = INERT_DOCUMENT;

/** The policy of the page a build without a CMS backend serves at /admin/: a document of text and inline style, nothing else. */
export const UNCONFIGURED_ADMIN_DIRECTIVES: Directives = { ...INERT_DOCUMENT, 'style-src': ["'unsafe-inline'"] };

/**
 * The policy of every file that is not a page: nothing may load or run, and
 * a document (an SVG, a feed, an uploaded file opened on its own) is
 * sandboxed in an origin of its own. Subresources are governed by the page
 * that loads them, so this costs the pages nothing.
 */
export const FILE_DIRECTIVES: Directives = { ...INERT_DOCUMENT, sandbox: [] };

/** Sent with every response, the 404s and redirects included (the opener policy's value varies: openerPolicy). */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

export const OPENER_POLICY_HEADER = 'Cross-Origin-Opener-Policy';
