/**
 * @jest-environment node
 *
 * Node, not jsdom: esbuild bundles the script and refuses jsdom's
 * TextEncoder; the document the script edits comes from jsdom directly.
 *
 * The CMS's setup script as the build emits it (features/cms/admin.node.ts bundles
 * features/cms/admin.browser.ts), run against a stand-in for Decap's global and the
 * browser's window.
 */
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { adminScript } from '../../features/cms/admin.node';
import { EVAL_REFUSED, sessionWatch } from '../../features/cms/adminPage';
import { SESSION_ENDED_ID } from '../../features/cms/admin.browser';
import { ADDRESS_FIELD, LOCALE_FORMAT, POST_FORMAT } from '../../features/cms/decapConfig';

const ROOT = path.join(__dirname, '..', '..');

describe('the CMS setup script (/admin/admin.js)', () => {
  let stored: Record<string, string> = {};
  const storage = { getItem: (key: string) => stored[key] ?? null, setItem: (key: string, value: string) => (stored[key] = value) };
  beforeEach(() => {
    stored = {};
  });

  /** Runs the script against a stand-in for Decap's global and the browser's window (its storage, a document of its own), returning what it registered. */
  function run(
    script: string,
    window: Record<string, unknown> = { localStorage: storage, document: new JSDOM('<!doctype html><title>CMS</title>').window.document, alert: jest.fn() },
  ) {
    const registered: {
      styles: string[];
      handlers: { name: string; handler: (event: { entry: unknown }) => unknown }[];
      formats: { name: string; extension: string; formatter: { fromFile(text: string): unknown; toFile(data: unknown, order?: string[]): string } }[];
    } = { styles: [], handlers: [], formats: [] };
    const CMS = {
      registerPreviewStyle: (url: string) => registered.styles.push(url),
      registerCustomFormat: (name: string, extension: string, formatter: (typeof registered.formats)[number]['formatter']) =>
        registered.formats.push({ name, extension, formatter }),
      registerEventListener: (listener: { name: string; handler: (event: { entry: unknown }) => unknown }) => registered.handlers.push(listener),
    };
    new Function('CMS', 'window', script)(CMS, window);
    return registered;
  }
  /** Decap's immutable entry data, as far as the handler uses it: read whole, or one field set, which makes a new one. */
  interface Data {
    toJS(): Record<string, unknown>;
    set(key: string, value: unknown): Data;
  }
  const immutable = (data: Record<string, unknown>): Data => ({ toJS: () => ({ ...data }), set: (key, value) => immutable({ ...data, [key]: value }) });
  /** The calls of Decap's Immutable entry the handler makes. */
  const entry = (collection: string, data: Record<string, unknown>, i18n: Record<string, Record<string, unknown>>, newRecord?: boolean) => ({
    get: (key: string) => (key === 'collection' ? collection : key === 'newRecord' ? newRecord : key === 'data' ? immutable(data) : undefined),
    getIn: ([, language]: string[]) => (i18n[language] ? immutable(i18n[language]) : undefined),
  });

  const namespaces = { common: { skipToContent: 'Skip', nav: { label: 'Main', home: 'Home' }, launchApp: 'Launch' }, blog: { title: 'Blog' } };
  const script = adminScript(ROOT, namespaces);
  const banner = { order: 1, title: 'Orders', illustration: 'sale-order' };

  it("registers the site stylesheet for the preview, one check before saving, the UI strings' format and the posts'", () => {
    const { styles, handlers, formats } = run(script);
    // Beside the page, wherever the CMS folder is served.
    expect(styles).toEqual(['preview.css']);
    expect(handlers.map((h) => h.name)).toEqual(['preSave']);
    expect(formats.map((f) => [f.name, f.extension])).toEqual([
      [LOCALE_FORMAT, 'json'],
      [POST_FORMAT, 'md'],
    ]);
  });

  it("reads and writes a post without its address, which names the file and is no field of the site's", () => {
    const post = run(script).formats.find((format) => format.name === POST_FORMAT)?.formatter;
    const file = '---\ntitle: Годишна инвентаризация\ndate: 2026-11-03\n---\n\nТекст.\n';
    expect(post?.fromFile(`---\naddress: planted\n${file.slice(4)}`)).toEqual({ title: 'Годишна инвентаризация', date: '2026-11-03', body: '\nТекст.\n' });
    expect(
      post?.toFile({ [ADDRESS_FIELD]: 'godishna-inventarizatsiya', title: 'Годишна инвентаризация', date: '2026-11-03', body: '\nТекст.\n' }, [ADDRESS_FIELD, 'title', 'date']),
    ).toBe('---\ntitle: Годишна инвентаризация\ndate: 2026-11-03\n---\n\nТекст.\n');
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
    const window: Record<string, unknown> = { localStorage: storage, document: new JSDOM('<!doctype html><title>CMS</title>').window.document, eval: (code: string) => code };
    run(script, window);
    expect(() => (window.eval as (code: string) => unknown)('1 + 1')).toThrow(EVAL_REFUSED);
    expect(() => Object.assign(window, { eval: () => 2 })).toThrow(TypeError);
    expect(Object.getOwnPropertyDescriptor(window, 'eval')).toMatchObject({ configurable: false, writable: false });
    // gray-matter retries a parse whose error mentions "unexpected" or "identifier": the message must not.
    expect(EVAL_REFUSED).not.toMatch(/unexpected|identifier/i);
  });

  it('offers images only in every file picker and refuses any other chosen or dropped file before Decap sees it', () => {
    const { window: browser } = new JSDOM('<!doctype html><title>CMS</title>');
    const { MouseEvent, Event, File } = browser;
    const page = browser.document;
    const alert = jest.fn();
    run(script, { localStorage: storage, document: page, alert });
    const input = page.createElement('input');
    input.type = 'file';
    input.setAttribute('accept', '*/*');
    const decap = jest.fn();
    input.addEventListener('change', decap);
    page.body.append(input);
    input.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(input.getAttribute('accept')).toBe('.png,.jpg,.jpeg,.gif,.webp,.avif');

    const choose = (...names: string[]) => {
      Object.defineProperty(input, 'files', { configurable: true, value: names.map((name) => new File(['x'], name)) });
      input.dispatchEvent(new Event('change', { bubbles: true }));
    };
    choose('photo.JPG', 'chart.webp');
    expect(decap).toHaveBeenCalledTimes(1);
    expect(alert).not.toHaveBeenCalled();
    choose('photo.png', 'payload.html', 'run.sh', 'noextension', 'logo.svg');
    expect(decap).toHaveBeenCalledTimes(1);
    expect(alert).toHaveBeenCalledWith(
      'payload.html, run.sh, noextension, logo.svg: the CMS uploads PNG, JPEG, GIF, WebP, AVIF images (.png, .jpg, .jpeg, .gif, .webp, .avif) only.',
    );

    const dropped = new Event('drop', { bubbles: true, cancelable: true });
    Object.defineProperty(dropped, 'dataTransfer', { value: { files: [new File(['x'], 'page.htm')] } });
    const decapDrop = jest.fn();
    page.body.addEventListener('drop', decapDrop);
    page.body.dispatchEvent(dropped);
    expect(dropped.defaultPrevented).toBe(true);
    expect(decapDrop).not.toHaveBeenCalled();
  });

  describe('when the sign-in ends under the editor', () => {
    const API = 'https://git.stockpay.com/api/v4';
    const gitlab = adminScript(ROOT, namespaces, {
      name: 'gitlab',
      repo: 'acme/site',
      branch: 'main',
      serverUrl: 'https://git.stockpay.com',
      oauthOrigin: 'https://www.stockpay.com',
    });
    const ended = sessionWatch({ name: 'gitlab', repo: 'acme/site', branch: 'main', oauthOrigin: 'https://www.stockpay.com' })?.ended ?? '';

    /** A window whose fetch answers each address with the status `statuses` gives it, recording every call it passes on. */
    function browserWith(statuses: (url: string) => number) {
      const page = new JSDOM('<!doctype html><title>CMS</title><body></body>').window.document;
      const passed: string[] = [];
      const fetch = async (input: RequestInfo | URL) => {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        passed.push(url);
        return new Response('{}', { status: statuses(url) });
      };
      const window: Record<string, unknown> = { localStorage: storage, document: page, alert: jest.fn(), fetch };
      run(gitlab, window);
      const call = (url: string, init?: RequestInit) => (window.fetch as typeof globalThis.fetch)(url, init);
      const notices = () => [...page.querySelectorAll(`#${SESSION_ENDED_ID}`)];
      return { page, passed, call, notices };
    }

    it('says so at the foot of the CMS once the API refuses a sign-in it had accepted, once, until the API accepts one again; Decap gets every answer as it came', async () => {
      let status = 200;
      const { passed, call, notices } = browserWith(() => status);
      expect((await call(`${API}/user`)).status).toBe(200);
      expect(notices()).toEqual([]);
      status = 401;
      const refused = await call(`${API}/projects/acme%2Fsite/repository/branches/cms%2Fblog_en%2Fpost`, { method: 'GET', headers: { Authorization: 'Bearer t' } });
      expect(refused.status).toBe(401);
      await call(`${API}/user`);
      expect(notices().map((notice) => [notice.getAttribute('role'), notice.textContent])).toEqual([['alert', ended]]);
      status = 200;
      await call(`${API}/user`);
      expect(notices()).toEqual([]);
      expect(passed).toHaveLength(4);
    });

    it('says nothing for a sign-in the API never accepted (a stale one, as the page opens), an answer of another address, or a refusal that is not 401', async () => {
      const { call, notices } = browserWith((url) => (url.endsWith('/user') ? 401 : url.startsWith(API) ? 403 : 401));
      await call(`${API}/user`);
      expect(notices()).toEqual([]);
      const accepted = browserWith((url) => (url === `${API}/user` ? 200 : url.startsWith(`${API}/`) ? 403 : 401));
      await accepted.call(`${API}/user`);
      await accepted.call(`${API}/projects/acme%2Fsite`);
      await accepted.call('https://git.stockpay.com/api/v4x/user');
      await accepted.call('https://elsewhere.example/api/v4/user');
      expect(accepted.notices()).toEqual([]);
    });

    it('tells what happened, that the changes are kept and how to get them back', () => {
      expect(ended).toMatch(/^Your GitLab sign-in has ended \(GitLab ends each sign-in after two hours\)/);
      expect(ended).toContain('Your unsaved changes are kept in this browser.');
      expect(ended).toContain('choose Log Out, then log in again');
      expect(sessionWatch({ name: 'github', repo: 'a/b', branch: 'main', serverUrl: 'https://github.stockpay.com', oauthOrigin: 'https://www.stockpay.com' })).toEqual({
        api: 'https://github.stockpay.com/api/v3',
        ended: expect.stringMatching(/^Your GitHub sign-in has ended \(GitHub no longer accepts it\)/),
      });
    });

    it("watches nothing where Decap renews the sign-in itself (GitLab's PKCE, Netlify Identity) or there is none (npm run edit), and leaves fetch alone there", () => {
      for (const backend of [
        { name: 'gitlab', repo: 'a/b', branch: 'main', gitlabAppId: 'a'.repeat(64) },
        { name: 'git-gateway', branch: 'main' },
        { name: 'local', url: 'http://127.0.0.1:8081/api/v1' },
      ] as const) {
        expect([backend.name, sessionWatch(backend)]).toEqual([backend.name, null]);
      }
      const fetch = jest.fn();
      const window: Record<string, unknown> = { localStorage: storage, document: new JSDOM('<!doctype html><title>CMS</title>').window.document, alert: jest.fn(), fetch };
      run(adminScript(ROOT, namespaces, { name: 'gitlab', repo: 'a/b', branch: 'main', gitlabAppId: 'a'.repeat(64) }), window);
      expect(window.fetch).toBe(fetch);
    });
  });

  it('refuses to save an entry with a missing Bulgarian value, naming it, and lets a complete one through unchanged', () => {
    const [{ handler }] = run(script).handlers;
    expect(() => handler({ entry: entry('banners', banner, { bg: { ...banner, title: '' } }) })).toThrow('Bulgarian: "Title" is required.');
    expect(handler({ entry: entry('banners', banner, { bg: { ...banner, title: 'Поръчки' } }) })).toBeUndefined();
    // The home page's files and the UI strings are one language each, which Decap checks itself.
    expect(handler({ entry: entry('ui_strings', {}, {}) })).toBeUndefined();
  });

  describe("a post's address, before saving", () => {
    const bulgarian = { title: 'Годишна инвентаризация', description: 'Как да преброим склада', date: '2026-11-03' };
    const english = { title: 'Year-end stock count', description: 'How to count', date: '2026-11-03' };
    const save = (collection: string, data: Record<string, unknown>, newRecord?: boolean) => {
      const [{ handler }] = run(script).handlers;
      return handler({ entry: entry(collection, data, {}, newRecord) }) as Data | undefined;
    };

    it('names a new post left without an address after its title: the data Decap names the file from, with the address set and every other field as it was', () => {
      for (const address of [undefined, '', '   ']) {
        const saved = save('blog_en', { ...english, address }, true);
        expect(saved?.toJS()).toEqual({ ...english, address: 'Year-end stock count' });
      }
      expect(save('blog_bg', { ...bulgarian, title: 'Inventory 2026' }, true)?.toJS()).toEqual({ ...bulgarian, title: 'Inventory 2026', address: 'Inventory 2026' });
    });

    it('leaves a new post with an address, and a post saved before, unchanged', () => {
      expect(save('blog_bg', { ...bulgarian, address: 'godishna-inventarizatsiya' }, true)).toBeUndefined();
      expect(save('blog_en', { ...english, address: 'year-end-count' }, true)).toBeUndefined();
      expect(save('blog_bg', bulgarian, false)).toBeUndefined();
      expect(save('blog_en', english, undefined)).toBeUndefined();
      expect(save('blog_en', { ...english, address: '' }, false)).toBeUndefined();
    });

    it("refuses, with the problems as Decap's message, a new post whose all-Cyrillic title makes no name and whose address is empty", () => {
      expect(() => save('blog_bg', bulgarian, true)).toThrow(
        'Bulgarian: the Title "Годишна инвентаризация" names the new entry\'s file content/blog/bg/.md; that name is the entry\'s address, made of lower-case letters (a-z), digits and single hyphens only. Give the entry an Address',
      );
    });

    it('refuses a reserved or malformed address, an address on a post saved before, and a missing field, naming each, joined into one message', () => {
      expect(() => save('blog_bg', { ...bulgarian, address: 'search' }, true)).toThrow(
        'Bulgarian: the Address "search" names the new entry\'s file content/blog/bg/search.md, at the address /bg/blog/search/; "search" is a name the site uses itself',
      );
      expect(() => save('blog_en', { ...english, address: 'My_post' }, true)).toThrow('English: the Address "My_post" names the new entry\'s file content/blog/en/my_post.md;');
      expect(() => save('blog_bg', { ...bulgarian, address: 'nov-adres' }, false)).toThrow('Clear the Address.');
      expect(() => save('blog_bg', { ...bulgarian, description: '', address: 'page' }, true)).toThrow(
        /^Bulgarian: "Description" is required\. Bulgarian: the Address "page" names the new entry's file content\/blog\/bg\/page\.md/,
      );
      expect(() => save('blog_en', { title: 'Page' }, true)).toThrow(/^English: "Description" is required\. English: "Date" is required\. English: the Title "Page" names/);
    });

    it("reads a post's own data only: a value under another language is not this entry's", () => {
      const [{ handler }] = run(script).handlers;
      expect(() => handler({ entry: entry('blog_bg', {}, { bg: bulgarian }, true) })).toThrow('Bulgarian: "Title" is required.');
    });
  });
});
