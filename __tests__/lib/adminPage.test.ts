import { ADMIN_PATH, EVAL_REFUSED, UNCONFIGURED_ADMIN_POLICY, adminContentSecurityPolicy, adminPageHtml, adminPolicy, adminScript, unconfiguredAdminHtml } from '../../src/lib/adminPage';

/** The policy a page states in its meta tag. */
const declaredPolicy = (html: string) => /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/i.exec(html)?.[1].replace(/&#39;/g, "'");
import { LOCALE_FORMAT } from '../../src/lib/cmsConfig';
import { collectionChecks, languageNames } from '../../src/lib/cmsRules';

const directives = (policy: string) => Object.fromEntries(policy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));

describe('the admin page', () => {
  it('loads Decap and the setup script from /admin/, is kept out of search results, and states its policy', () => {
    const html = adminPageHtml('StockPay', { name: 'git-gateway', branch: 'main' });
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).toContain('<title>Content manager · StockPay</title>');
    expect([...html.matchAll(/<script src="([^"]+)"><\/script>/g)].map((m) => m[1])).toEqual([`${ADMIN_PATH}decap-cms.js`, `${ADMIN_PATH}admin.js`]);
    // A meta policy cannot hold frame-ancestors; the served header has it (adminPolicy, from the build record).
    expect(declaredPolicy(html)).toBe(adminContentSecurityPolicy({ name: 'git-gateway', branch: 'main' }).replace("; frame-ancestors 'none'", ''));
  });

  it('escapes the product name', () => {
    expect(adminPageHtml('<Stock & Pay>', { name: 'git-gateway', branch: 'main' })).toContain('<title>Content manager · &lt;Stock &amp; Pay&gt;</title>');
  });
});

describe('adminContentSecurityPolicy', () => {
  it('allows what Decap needs and nothing inline: eval for its schema validator, inline styles, blob and data images', () => {
    const policy = directives(adminContentSecurityPolicy({ name: 'git-gateway', branch: 'main' }));
    expect(policy['script-src']).toEqual(["'self'", "'unsafe-eval'"]);
    expect(policy['script-src']).not.toContain("'unsafe-inline'");
    expect(policy['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
  });

  it('connects only to the configured backend', () => {
    expect(directives(adminContentSecurityPolicy({ name: 'github', repo: 'a/b', branch: 'main' }))['connect-src']).toEqual(["'self'", 'https://api.github.com', 'https://www.githubstatus.com']);
    expect(directives(adminContentSecurityPolicy({ name: 'gitlab', repo: 'a/b', branch: 'main' }))['connect-src']).toEqual(["'self'", 'https://gitlab.com']);
    expect(directives(adminContentSecurityPolicy({ name: 'git-gateway', branch: 'main' }))['connect-src']).toEqual(["'self'", 'https://api.netlify.com', 'https://www.netlifystatus.com']);
    expect(directives(adminContentSecurityPolicy({ name: 'local', url: 'http://127.0.0.1:8081/api/v1' }))['connect-src']).toEqual(["'self'", 'http://127.0.0.1:8081']);
  });
});

describe('unconfiguredAdminHtml', () => {
  it('says how to configure the CMS, runs no script at all, and stays out of search results', () => {
    const html = unconfiguredAdminHtml('StockPay');
    expect(html).toContain('<h1>The content manager is not configured</h1>');
    for (const name of ['npm run edit', 'CMS_BACKEND', 'CMS_REPO', 'CMS_BRANCH']) expect(html).toContain(name);
    expect(html).not.toContain('<script');
    expect(html).toContain('noindex');
    expect(directives(declaredPolicy(html) ?? '')['default-src']).toEqual(["'none'"]);
  });
});

describe('adminPolicy', () => {
  it('serves /admin/ with the CMS policy of the recorded backend, or the plain page policy without one', () => {
    const backend = { name: 'github', repo: 'acme/site', branch: 'main' } as const;
    expect(adminPolicy(backend)).toBe(adminContentSecurityPolicy(backend));
    expect(adminPolicy(null)).toBe(UNCONFIGURED_ADMIN_POLICY);
    expect(directives(UNCONFIGURED_ADMIN_POLICY)).toEqual({
      'default-src': ["'none'"],
      'style-src': ["'unsafe-inline'"],
      'base-uri': ["'none'"],
      'form-action': ["'none'"],
      'frame-ancestors': ["'none'"],
    });
  });
});

describe('adminScript', () => {
  let stored: Record<string, string> = {};
  const storage = { getItem: (key: string) => stored[key] ?? null, setItem: (key: string, value: string) => (stored[key] = value) };
  beforeEach(() => {
    stored = {};
  });

  /** Runs the script against a stand-in for Decap's global and the browser's window (its storage, a document of its own), returning what it registered. */
  function run(script: string, window: Record<string, unknown> = { localStorage: storage, document: document.implementation.createHTMLDocument('CMS'), alert: jest.fn() }) {
    const registered: {
      styles: string[];
      handlers: { name: string; handler: (event: { entry: unknown }) => unknown }[];
      formats: { name: string; extension: string; formatter: { fromFile(text: string): unknown; toFile(data: unknown, order?: string[]): string } }[];
    } = { styles: [], handlers: [], formats: [] };
    const CMS = {
      registerPreviewStyle: (url: string) => registered.styles.push(url),
      registerCustomFormat: (name: string, extension: string, formatter: (typeof registered.formats)[number]['formatter']) => registered.formats.push({ name, extension, formatter }),
      registerEventListener: (listener: { name: string; handler: (event: { entry: unknown }) => unknown }) => registered.handlers.push(listener),
    };
    new Function('CMS', 'window', script)(CMS, window);
    return registered;
  }
  /** The two calls of Decap's Immutable entry the handler makes. */
  const entry = (collection: string, data: Record<string, unknown>, i18n: Record<string, Record<string, unknown>>) => ({
    get: (key: string) => (key === 'collection' ? collection : { toJS: () => data }),
    getIn: ([, language]: string[]) => (i18n[language] ? { toJS: () => i18n[language] } : undefined),
  });

  const namespaces = { common: { skipToContent: 'Skip', nav: { label: 'Main', home: 'Home' }, launchApp: 'Launch' }, blog: { title: 'Blog' } };
  const script = adminScript(collectionChecks(), languageNames(), 'en', namespaces);
  const banner = { order: 1, title: 'Orders', illustration: 'sale-order' };

  it('registers the site stylesheet for the preview, one check before saving and the UI strings\' format', () => {
    const { styles, handlers, formats } = run(script);
    expect(styles).toEqual([`${ADMIN_PATH}preview.css`]);
    expect(handlers.map((h) => h.name)).toEqual(['preSave']);
    expect(formats.map((f) => [f.name, f.extension])).toEqual([[LOCALE_FORMAT, 'json']]);
  });

  it('opens markdown bodies as source, unless the editor chose otherwise before', () => {
    run(script);
    expect(stored).toEqual({ 'cms.md-mode': 'raw' });
    stored = { 'cms.md-mode': 'rich_text' };
    run(script);
    expect(stored).toEqual({ 'cms.md-mode': 'rich_text' });
  });

  it('writes a UI string file in its English key order, at every depth, two-space indented with a final newline', () => {
    const [{ formatter }] = run(script).formats;
    const shuffled = { launchApp: 'Към', nav: { home: 'Начало', label: 'Основна' }, skipToContent: 'Прескочи' };
    expect(formatter.toFile(shuffled, ['skipToContent', 'nav', 'launchApp'])).toBe(
      '{\n  "skipToContent": "Прескочи",\n  "nav": {\n    "label": "Основна",\n    "home": "Начало"\n  },\n  "launchApp": "Към"\n}\n',
    );
    expect(formatter.fromFile('{"title":"Блог"}')).toEqual({ title: 'Блог' });
    // A file whose fields name no namespace keeps its own order.
    expect(formatter.toFile({ b: '1', a: '2' }, ['x'])).toBe('{\n  "b": "1",\n  "a": "2"\n}\n');
  });

  it("replaces the global eval with one that refuses, for good, so Decap's gray-matter cannot run ---js frontmatter", () => {
    const window: Record<string, unknown> = { localStorage: storage, document: document.implementation.createHTMLDocument('CMS'), eval: (code: string) => code };
    run(script, window);
    expect(() => (window.eval as (code: string) => unknown)('1 + 1')).toThrow(EVAL_REFUSED);
    expect(() => Object.assign(window, { eval: () => 2 })).toThrow(TypeError);
    expect(Object.getOwnPropertyDescriptor(window, 'eval')).toMatchObject({ configurable: false, writable: false });
    // gray-matter retries a parse whose error mentions "unexpected" or "identifier": the message must not.
    expect(EVAL_REFUSED).not.toMatch(/unexpected|identifier/i);
  });

  it('offers images only in every file picker and refuses any other chosen or dropped file before Decap sees it', () => {
    const page = document.implementation.createHTMLDocument('CMS');
    const alert = jest.fn();
    run(script, { localStorage: storage, document: page, alert });
    const input = page.createElement('input');
    input.type = 'file';
    input.setAttribute('accept', '*/*');
    const decap = jest.fn();
    input.addEventListener('change', decap);
    page.body.append(input);
    input.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(input.getAttribute('accept')).toBe('.png,.jpg,.jpeg,.gif,.webp,.avif,.ico,.svg');

    const choose = (...names: string[]) => {
      Object.defineProperty(input, 'files', { configurable: true, value: names.map((name) => new File(['x'], name)) });
      input.dispatchEvent(new Event('change', { bubbles: true }));
    };
    choose('photo.JPG', 'logo.svg');
    expect(decap).toHaveBeenCalledTimes(1);
    expect(alert).not.toHaveBeenCalled();
    choose('photo.png', 'payload.html', 'run.sh', 'noextension');
    expect(decap).toHaveBeenCalledTimes(1);
    expect(alert).toHaveBeenCalledWith(
      'payload.html, run.sh, noextension: the media folder holds images only, whose contents match their extension: .png, .jpg, .jpeg, .gif, .webp, .avif, .ico, .svg.',
    );

    const dropped = new Event('drop', { bubbles: true, cancelable: true });
    Object.defineProperty(dropped, 'dataTransfer', { value: { files: [new File(['x'], 'page.htm')] } });
    const decapDrop = jest.fn();
    page.body.addEventListener('drop', decapDrop);
    page.body.dispatchEvent(dropped);
    expect(dropped.defaultPrevented).toBe(true);
    expect(decapDrop).not.toHaveBeenCalled();
  });

  it('refuses to save an entry with a missing Bulgarian value, naming it, and lets a complete one through unchanged', () => {
    const [{ handler }] = run(script).handlers;
    expect(() => handler({ entry: entry('banners', banner, { bg: { ...banner, title: '' } }) })).toThrow('Bulgarian: "Title" is required.');
    expect(handler({ entry: entry('banners', banner, { bg: { ...banner, title: 'Поръчки' } }) })).toBeUndefined();
    // The home page's files and the UI strings are one language each, which Decap checks itself.
    expect(handler({ entry: entry('ui_strings', {}, {}) })).toBeUndefined();
  });
});
