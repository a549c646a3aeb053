/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDiskCache, DEFAULT_DIRECTORY } from '../../features/markdown/remark-mermaid/diskCache.node';
import { drawingKey } from '../../features/markdown/remark-mermaid/cacheKey.node';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mermaid-cache-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const DAY = 86_400_000;
const START = Date.UTC(2026, 10, 1);
const key = (digit: string) => digit.repeat(64);

describe('the disk cache', () => {
  it('lives where `gatsby clean` (which removes .cache and public) does not reach, a kept cache like the others', () => {
    expect(path.relative(path.join(__dirname, '..', '..'), DEFAULT_DIRECTORY)).toBe(path.join('node_modules', '.cache', 'stockpay-diagrams'));
  });

  it('returns what was set under a key, from another instance too (another process, a later build)', () => {
    const folder = path.join(dir, 'nested', 'cache');
    createDiskCache(folder).set(key('a'), '<svg>a</svg>');
    expect(createDiskCache(folder).get(key('a'))).toBe('<svg>a</svg>');
    expect(createDiskCache(folder).get(key('b'))).toBeUndefined();
    expect(fs.readdirSync(folder)).toEqual([`${key('a')}.svg`]);
  });

  it('removes the drawings no build has asked for in 30 days, and keeps those in use', () => {
    const cache = createDiskCache(dir);
    for (const digit of ['1', '2', '3']) cache.set(key(digit), `<svg>${digit}</svg>`);
    cache.recordUse([key('1'), key('2'), key('3')], START);
    cache.recordUse([key('1')], START + 20 * DAY);
    cache.recordUse([key('2')], START + 30 * DAY);
    expect(fs.readdirSync(dir).sort()).toEqual([`${key('1')}.svg`, `${key('2')}.svg`, `${key('3')}.svg`, 'used.json']);
    cache.recordUse([key('2')], START + 31 * DAY);
    expect(fs.readdirSync(dir).sort()).toEqual([`${key('1')}.svg`, `${key('2')}.svg`, 'used.json']);
    expect(cache.get(key('3'))).toBeUndefined();
    expect(cache.get(key('1'))).toBe('<svg>1</svg>');
  });

  it('counts the drawings of a folder without its record (kept before the record) as used now, so none goes at once', () => {
    fs.writeFileSync(path.join(dir, `${key('c')}.svg`), '<svg>c</svg>');
    const cache = createDiskCache(dir);
    cache.set(key('d'), '<svg>d</svg>');
    cache.recordUse([key('d')], START);
    expect(cache.get(key('c'))).toBe('<svg>c</svg>');
    cache.recordUse([key('d')], START + 31 * DAY);
    expect(cache.get(key('c'))).toBeUndefined();
    expect(cache.get(key('d'))).toBe('<svg>d</svg>');
  });

  it('records only the drawings it keeps: a use of none (drawings from elsewhere, or none drawn) writes nothing', () => {
    const folder = path.join(dir, 'untouched');
    createDiskCache(folder).recordUse([key('f')], START);
    expect(fs.existsSync(folder)).toBe(false);
    fs.mkdirSync(folder);
    createDiskCache(folder).recordUse([key('f')], START);
    expect(fs.readdirSync(folder)).toEqual([]);
  });

  it('writes an entry whole: no temporary file is left beside it', () => {
    createDiskCache(dir).set(key('d'), '<svg>d</svg>');
    expect(fs.readdirSync(dir)).toEqual([`${key('d')}.svg`]);
  });

  it('is no error when the folder cannot be written or read: the next build draws again', () => {
    const file = path.join(dir, 'a-file');
    fs.writeFileSync(file, '');
    const cache = createDiskCache(path.join(file, 'cache'));
    expect(() => cache.set(key('e'), '<svg></svg>')).not.toThrow();
    expect(cache.get(key('e'))).toBeUndefined();
    expect(() => cache.recordUse([key('e')])).not.toThrow();
  });
});

describe('drawingKey', () => {
  it('is 64 hex digits, the same for the same source and browser', () => {
    expect(drawingKey('flowchart TD\n  A --> B', '/usr/bin/chromium')).toMatch(/^[0-9a-f]{64}$/);
    expect(drawingKey('flowchart TD\n  A --> B', '/usr/bin/chromium')).toBe(drawingKey('flowchart TD\n  A --> B', '/usr/bin/chromium'));
  });

  it('changes with the source, even by a comment, and with the browser', () => {
    const key = drawingKey('flowchart TD\n  A --> B', '/usr/bin/chromium');
    expect(drawingKey('flowchart TD\n  A --> B\n%% v2', '/usr/bin/chromium')).not.toBe(key);
    expect(drawingKey('flowchart TD\n  A --> B', null)).not.toBe(key);
    expect(drawingKey('flowchart TD\n  A --> B', '/nonexistent/chromium')).not.toBe(drawingKey('flowchart TD\n  A --> B', null));
  });

  /** drawingKey from a fresh copy of the module: it hashes its environment once per process. */
  const freshKey = (code: string, browser: string | null): string => {
    let key = '';
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      key = (require('../../features/markdown/remark-mermaid/cacheKey.node') as typeof import('../../features/markdown/remark-mermaid/cacheKey.node')).drawingKey(code, browser);
    });
    return key;
  };

  it('changes when the browser is replaced (another size or time)', () => {
    const browser = path.join(dir, 'chromium');
    fs.writeFileSync(browser, 'v1');
    const before = freshKey('flowchart TD', browser);
    fs.writeFileSync(browser, 'version 2');
    expect(freshKey('flowchart TD', browser)).not.toBe(before);
  });

  it('changes when a font is added where fontconfig looks', () => {
    const original = process.env.FONTCONFIG_PATH;
    process.env.FONTCONFIG_PATH = path.join(dir, 'fonts');
    try {
      fs.mkdirSync(path.join(dir, 'fonts', 'truetype'), { recursive: true });
      const before = freshKey('flowchart TD', null);
      expect(freshKey('flowchart TD', null)).toBe(before);
      fs.writeFileSync(path.join(dir, 'fonts', 'truetype', 'Extra.ttf'), 'glyphs');
      expect(freshKey('flowchart TD', null)).not.toBe(before);
    } finally {
      if (original === undefined) delete process.env.FONTCONFIG_PATH;
      else process.env.FONTCONFIG_PATH = original;
    }
  });
});
