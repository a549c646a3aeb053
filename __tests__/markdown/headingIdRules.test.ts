/** @jest-environment node */
import fs from 'node:fs';
import path from 'node:path';
import { SCRIPT_GLOBALS, SITE_IDS, bodyIdProblem, contentIdProblem, isSiteId, suggestedId } from '../../features/markdown/remark-heading-ids/rules';

const ROOT = path.join(__dirname, '..', '..');

/** Every id a heading of the site's content carries today, as `{#…}`. */
const contentIds = (): string[] => {
  const files = (folder: string): string[] =>
    fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(folder, entry.name);
      return entry.isDirectory() ? files(full) : entry.name.endsWith('.md') ? [full] : [];
    });
  return files(path.join(ROOT, 'content')).flatMap((file) => [...fs.readFileSync(file, 'utf8').matchAll(/^#{1,6} .*\{#([^}]+)\}\s*$/gm)].map((match) => match[1]));
};

/**
 * Globals the built site's scripts read without setting them first (the
 * runtime, app, framework and page bundles of a production build), other
 * than the browser's own. Each must be refused as an id.
 */
const SCRIPT_READS = [
  '___loader',
  '___emitter',
  '___chunkMapping',
  '___webpackCompilationHash',
  '___navigate',
  '___push',
  '___replace',
  '___swUpdated',
  '___failedResources',
  '__SERVER_CONTEXT',
  '__REACT_DEVTOOLS_GLOBAL_HOOK__',
  'pageData',
  'pagePath',
  'asyncRequires',
  'webpackChunkstockpay_website',
  'stockpayMermaid',
  'stockpayMermaidSources',
  'clipboardData',
  'setImmediate',
  'global',
  'exports',
  'module',
];

describe('contentIdProblem', () => {
  it("passes every heading id of the site's content, automatic slugs in Bulgarian, footnote ids and plain lower-case ids", () => {
    const ids = contentIds();
    expect(ids.length).toBeGreaterThan(100);
    for (const id of ids) expect([id, contentIdProblem(id)]).toEqual([id, null]);
    const others = [
      'как-работи-плащането',
      'стъпка-2-фактура',
      'въпроси',
      'fn-___loader',
      'fnref-pagedata',
      'fn-1',
      'a',
      'x_y',
      'snake_case_name',
      'a$b',
      '2024-plans',
      'pagedata',
      'mainly',
      'topics',
      'banner',
      'modules',
      '',
    ];
    for (const id of others) expect([id, contentIdProblem(id)]).toEqual([id, null]);
  });

  it.each(['_', '_private', '___loader', '___gatsby', '__SERVER_CONTEXT', '$', '$store', '$_'])('refuses %j: it starts with "_" or "$"', (id) => {
    expect(contentIdProblem(id)).toMatch(/^it starts with "[_$]", as the names of script globals do/);
  });

  it.each(['pageData', 'PageData', 'PAGEDATA', 'pageDATA', 'A', 'aB', 'pagePath', 'asyncRequires', 'Main', 'GATSBY-FOCUS-WRAPPER', 'fn-X', 'как-Xработи'])(
    'refuses %j: it has an upper-case ASCII letter',
    (id) => {
      expect(contentIdProblem(id)).toMatch(/^it has an upper-case letter/);
    },
  );

  it('passes upper-case letters outside ASCII: no script global is spelled with them, and slugs are lower case anyway', () => {
    expect(contentIdProblem('Пример')).toBeNull();
  });

  it("refuses each of the site's own ids, and every banner heading's", () => {
    for (const entry of SITE_IDS) {
      const id = entry.endsWith('*') ? `${entry.slice(0, -1)}01-sale-orders` : entry;
      expect([id, contentIdProblem(id)]).toEqual([id, expect.stringMatching(/^(it starts with "_"|the site's own page markup has an element with the id)/)]);
    }
    expect(contentIdProblem('banner-')).toMatch(/^the site's own page markup/);
    expect(contentIdProblem('main')).toBe(`the site's own page markup has an element with the id "main", whose links, labels and scripts would find this one instead`);
  });

  it('refuses the lower-case globals the scripts read', () => {
    for (const id of SCRIPT_GLOBALS) expect(contentIdProblem(id)).toBe(`the page's scripts read a global named "${id}", which an element's id would shadow`);
  });

  it("refuses every global the built site's scripts were found to read", () => {
    for (const id of SCRIPT_READS) expect([id, contentIdProblem(id)]).toEqual([id, expect.any(String)]);
  });
});

describe('isSiteId', () => {
  it('matches exact entries exactly and starred entries by their start', () => {
    expect(isSiteId('main')).toBe(true);
    expect(isSiteId('main-section')).toBe(false);
    expect(isSiteId('mai')).toBe(false);
    expect(isSiteId('banner-anything')).toBe(true);
    expect(isSiteId('banners')).toBe(false);
    expect(isSiteId('contact-us')).toBe(false);
  });
});

describe('suggestedId', () => {
  it.each([
    ['pageData', 'page-data'],
    ['PAGEDATA', 'pagedata'],
    ['___loader', 'loader'],
    ['__SERVER_CONTEXT', 'server-context'],
    ['$store', 'store'],
    ['___webpack-compilation-hash', 'webpack-compilation-hash'],
    ['main', 'main-section'],
    ['Main', 'main-section'],
    ['gatsby-focus-wrapper', 'gatsby-focus-wrapper-section'],
    ['banner-01-sale-orders', 'section-banner-01-sale-orders'],
    ['module', 'module-section'],
    ['___', 'section'],
    ['', 'section'],
    ['___Привет', 'section'],
    ['_2024-plans', 'plans'],
  ])('turns %j into %j', (id, suggestion) => {
    expect(suggestedId(id)).toBe(suggestion);
  });

  it('always suggests an id that passes and that a heading can carry as {#…}', () => {
    const ids = [...SCRIPT_READS, ...SITE_IDS.map((entry) => entry.replace('*', 'x')), 'a__b', '-x', '9', 'Über', 'x--y', 'pageData$'];
    for (const id of ids) {
      const suggestion = suggestedId(id);
      expect([id, suggestion, contentIdProblem(suggestion)]).toEqual([id, expect.stringMatching(/^[a-z][a-z0-9-]*$/), null]);
    }
  });
});

describe('bodyIdProblem', () => {
  it("passes an id inside a diagram that begins with the diagram's own id, in any case", () => {
    expect(bodyIdProblem('diagram-2a3a45f75334-flowchart-A-0', 'diagram-2a3a45f75334')).toBeNull();
    expect(bodyIdProblem('diagram-2a3a45f75334_flowchart-v2-pointEnd', 'diagram-2a3a45f75334')).toBeNull();
    expect(bodyIdProblem('diagram-2a3a45f75334-pageData', 'diagram-2a3a45f75334')).toBeNull();
  });

  it("holds every other id to the content rule: the diagram's own, mermaid's counters, ids outside any diagram", () => {
    expect(bodyIdProblem('diagram-2a3a45f75334', '')).toBeNull();
    expect(bodyIdProblem('actor0', 'diagram-2a3a45f75334')).toBeNull();
    expect(bodyIdProblem('root-1', 'diagram-2a3a45f75334')).toBeNull();
    expect(bodyIdProblem('pageData', 'diagram-2a3a45f75334')).toMatch(/^it has an upper-case letter/);
    expect(bodyIdProblem('diagram-2a3a45f75334X', 'diagram-2a3a45f75334')).toMatch(/^it has an upper-case letter/);
    expect(bodyIdProblem('___loader', 'diagram-2a3a45f75334')).toMatch(/^it starts with "_"/);
    expect(bodyIdProblem('main', '')).toMatch(/^the site's own page markup/);
    expect(bodyIdProblem('pageData', '')).toMatch(/^it has an upper-case letter/);
  });
});

describe("SITE_IDS: the site's own ids", () => {
  /**
   * The ids the site's components and gatsby-ssr.tsx write: `id="…"`,
   * `headingId="…"`, `{ id: … }`, `…_ID = '…'`, templates included.
   */
  const sourceIds = (): { file: string; id: string }[] => {
    const files = (folder: string): string[] =>
      fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
        const full = path.join(folder, entry.name);
        return entry.isDirectory() ? files(full) : entry.name.endsWith('.tsx') ? [full] : [];
      });
    const sources = [
      ...files(path.join(ROOT, 'src')),
      ...files(path.join(ROOT, 'features')),
      ...['gatsby-ssr.tsx', 'gatsby-browser.tsx'].map((name) => path.join(ROOT, name)).filter((file) => fs.existsSync(file)),
    ];
    const written = /(?<![\w-])(?:id|\w+Id|\w+_ID)\s*[=:]\s*\{?\s*(['"`])((?:(?!\1)[^\n])*)\1/g;
    return sources.flatMap((file) => [...fs.readFileSync(file, 'utf8').matchAll(written)].map((match) => ({ file: path.relative(ROOT, file), id: match[2] })));
  };

  it('lists every id the source writes; a template is covered by at least one entry', () => {
    const found = sourceIds();
    expect(found.map(({ id }) => id)).toEqual(expect.arrayContaining(['main', 'top', 'page-end', 'header-search', 'banner-${banner.id}', 'contact-${name}-error']));
    const missing = found.filter(({ id }) => {
      if (!id.includes('${')) return !isSiteId(id);
      const pattern = new RegExp(
        `^${id
          .split(/\$\{[^}]*\}/)
          .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('.+')}$`,
      );
      // Covered by an entry the template can write (contact-name-error), or by a prefix entry its fixed start begins with (banner-*).
      const start = id.split('${')[0];
      return !SITE_IDS.some((entry) => pattern.test(entry) || (entry.endsWith('*') && start.startsWith(entry.slice(0, -1))));
    });
    expect(missing).toEqual([]);
  });
});
