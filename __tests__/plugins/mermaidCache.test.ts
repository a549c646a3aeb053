/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDiskCache, DEFAULT_DIRECTORY, MAX_BYTES } from '../../plugins/stockpay-remark-mermaid/diskCache';
import { drawingKey } from '../../plugins/stockpay-remark-mermaid/cacheKey';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mermaid-cache-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the disk cache', () => {
  it('lives where `gatsby clean` (which removes .cache and public) does not reach, bounded', () => {
    expect(path.relative(path.join(__dirname, '..', '..'), DEFAULT_DIRECTORY)).toBe(path.join('node_modules', '.cache', 'stockpay-mermaid'));
    expect(MAX_BYTES).toBe(100 * 1024 * 1024);
  });

  it('returns what was set under a key, from another instance too (another process, a later build)', () => {
    const folder = path.join(dir, 'nested', 'cache');
    createDiskCache(folder).set('a'.repeat(64), '<svg>a</svg>');
    expect(createDiskCache(folder).get('a'.repeat(64))).toBe('<svg>a</svg>');
    expect(createDiskCache(folder).get('b'.repeat(64))).toBeUndefined();
    expect(fs.readdirSync(folder)).toEqual([`${'a'.repeat(64)}.svg`]);
  });

  it('removes the entries used longest ago when it outgrows its bound, down to three quarters of it', () => {
    const cache = createDiskCache(dir, 1000);
    const old = Date.now() / 1000 - 1000;
    for (const [index, key] of ['k1', 'k2', 'k3'].entries()) {
      cache.set(key, 'x'.repeat(300));
      fs.utimesSync(path.join(dir, `${key}.svg`), old + index, old + index);
    }
    expect(cache.get('k1')).toBe('x'.repeat(300)); // k1 is now the most recently used
    cache.set('k4', 'x'.repeat(300));
    expect(fs.readdirSync(dir).sort()).toEqual(['k1.svg', 'k4.svg']);
  });

  it('counts what other processes wrote when it first writes', () => {
    fs.writeFileSync(path.join(dir, 'other.svg'), 'x'.repeat(900));
    fs.utimesSync(path.join(dir, 'other.svg'), Date.now() / 1000 - 60, Date.now() / 1000 - 60);
    createDiskCache(dir, 1000).set('mine', 'x'.repeat(200));
    expect(fs.readdirSync(dir)).toEqual(['mine.svg']);
  });

  it('is no error when the folder cannot be written or read: the next build draws again', () => {
    const file = path.join(dir, 'a-file');
    fs.writeFileSync(file, '');
    const cache = createDiskCache(path.join(file, 'cache'));
    expect(() => cache.set('k', '<svg></svg>')).not.toThrow();
    expect(cache.get('k')).toBeUndefined();
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
      key = (require('../../plugins/stockpay-remark-mermaid/cacheKey') as typeof import('../../plugins/stockpay-remark-mermaid/cacheKey')).drawingKey(code, browser);
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
