/**
 * @jest-environment node
 *
 * Node, not jsdom: esbuild bundles the script and refuses jsdom's
 * TextEncoder; the document the script edits comes from jsdom directly.
 *
 * The CMS's setup script as the build emits it (gatsby/admin.ts bundles
 * src/browser/admin.ts), run against a stand-in for Decap's global and the
 * browser's window.
 */
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { adminScript } from '../../gatsby/admin';
import { EVAL_REFUSED } from '../../src/build/adminPage';
import { LOCALE_FORMAT } from '../../src/build/cmsConfig';

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
  /** The two calls of Decap's Immutable entry the handler makes. */
  const entry = (collection: string, data: Record<string, unknown>, i18n: Record<string, Record<string, unknown>>) => ({
    get: (key: string) => (key === 'collection' ? collection : { toJS: () => data }),
    getIn: ([, language]: string[]) => (i18n[language] ? { toJS: () => i18n[language] } : undefined),
  });

  const namespaces = { common: { skipToContent: 'Skip', nav: { label: 'Main', home: 'Home' }, launchApp: 'Launch' }, blog: { title: 'Blog' } };
  const script = adminScript(ROOT, namespaces);
  const banner = { order: 1, title: 'Orders', illustration: 'sale-order' };

  it("registers the site stylesheet for the preview, one check before saving and the UI strings' format", () => {
    const { styles, handlers, formats } = run(script);
    // Beside the page, wherever the CMS folder is served (src/build/adminPage.ts).
    expect(styles).toEqual(['preview.css']);
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

  it('refuses to save an entry with a missing Bulgarian value, naming it, and lets a complete one through unchanged', () => {
    const [{ handler }] = run(script).handlers;
    expect(() => handler({ entry: entry('banners', banner, { bg: { ...banner, title: '' } }) })).toThrow('Bulgarian: "Title" is required.');
    expect(handler({ entry: entry('banners', banner, { bg: { ...banner, title: 'Поръчки' } }) })).toBeUndefined();
    // The home page's files and the UI strings are one language each, which Decap checks itself.
    expect(handler({ entry: entry('ui_strings', {}, {}) })).toBeUndefined();
  });
});
