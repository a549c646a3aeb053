/** @jest-environment node */
import { spawnSync } from 'node:child_process';
import fs, { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  BRAND_IMAGES,
  DIAGRAMS,
  KEEP_UNUSED_DAYS,
  PRECOMPRESSED,
  SHARE_CARDS,
  keptCacheDir,
  oneFileEntries,
  recordUse,
  writeWhole,
  type KeptCache,
} from '../../system/keptCache.js';

let folder: string;
const DAY = 86_400_000;
const START = Date.UTC(2026, 10, 1);
const cache = (): KeptCache => ({ folder, filesOf: (key) => [`${key}.png`], keyOf: (file) => /^(\w+)\.png$/.exec(file)?.[1] });
const entry = (key: string) => writeFileSync(path.join(folder, `${key}.png`), key);
const entries = () =>
  readdirSync(folder)
    .filter((name) => name.endsWith('.png'))
    .sort();

beforeEach(() => {
  folder = mkdtempSync(path.join(os.tmpdir(), 'kept-cache-'));
});
afterEach(() => {
  jest.restoreAllMocks();
  rmSync(folder, { recursive: true, force: true });
});

describe('keptCacheDir', () => {
  it('puts every kept cache in node_modules/.cache/stockpay-<name>, outside the .cache and public that `gatsby clean` removes', () => {
    expect([SHARE_CARDS, PRECOMPRESSED, DIAGRAMS, BRAND_IMAGES].map((name) => keptCacheDir('/site', name))).toEqual([
      '/site/node_modules/.cache/stockpay-share-cards',
      '/site/node_modules/.cache/stockpay-precompressed',
      '/site/node_modules/.cache/stockpay-diagrams',
      '/site/node_modules/.cache/stockpay-brand-images',
    ]);
  });

  it('is relative when the project is', () => {
    expect(keptCacheDir('', SHARE_CARDS)).toBe(path.join('node_modules', '.cache', 'stockpay-share-cards'));
  });
});

describe('recordUse', () => {
  it(`keeps an entry ${KEEP_UNUSED_DAYS} days after its last use, and removes it the day after`, () => {
    entry('a');
    entry('b');
    recordUse(cache(), ['a', 'b'], START);
    recordUse(cache(), ['b'], START + 10 * DAY);
    recordUse(cache(), [], START + 30 * DAY);
    expect(entries()).toEqual(['a.png', 'b.png']);
    recordUse(cache(), [], START + 31 * DAY);
    expect(entries()).toEqual(['b.png']);
    expect(JSON.parse(readFileSync(path.join(folder, 'used.json'), 'utf8'))).toEqual({ b: Math.floor((START + 10 * DAY) / DAY) });
  });

  it('counts every entry of a folder without its record (or with a broken one) as used now, so nothing goes at once', () => {
    entry('old');
    writeFileSync(path.join(folder, 'notes.txt'), 'not an entry');
    writeFileSync(path.join(folder, 'used.json'), '{broken');
    recordUse(cache(), ['new'], START);
    expect(Object.keys(JSON.parse(readFileSync(path.join(folder, 'used.json'), 'utf8'))).sort()).toEqual(['new', 'old']);
    recordUse(cache(), ['new'], START + 31 * DAY);
    expect(existsSync(path.join(folder, 'old.png'))).toBe(false);
    expect(existsSync(path.join(folder, 'notes.txt'))).toBe(true);
  });

  it('takes a record that is valid JSON but no record (null, a list) for a broken one', () => {
    entry('old');
    for (const written of ['null', '[1]', '7']) {
      writeFileSync(path.join(folder, 'used.json'), written);
      recordUse(cache(), [], START);
      expect(JSON.parse(readFileSync(path.join(folder, 'used.json'), 'utf8'))).toEqual({ old: Math.floor(START / DAY) });
    }
  });

  it('finds the entries of a record-less folder in its subfolders too', () => {
    mkdirSync(path.join(folder, 'ab'));
    writeFileSync(path.join(folder, 'ab', 'abcd.br'), '');
    const nested: KeptCache = { folder, filesOf: (key) => [`${key.slice(0, 2)}/${key}.br`], keyOf: (file) => /^[0-9a-f]{2}\/([0-9a-f]+)\.br$/.exec(file)?.[1] };
    recordUse(nested, [], START);
    expect(Object.keys(JSON.parse(readFileSync(path.join(folder, 'used.json'), 'utf8')))).toEqual(['abcd']);
    recordUse(nested, [], START + 31 * DAY);
    expect(readdirSync(path.join(folder, 'ab'))).toEqual([]);
  });
});

describe('oneFileEntries', () => {
  it('names an entry <key><extension> in the folder, and takes only such names (hex keys) for entries', () => {
    const kept = oneFileEntries(folder, '.svg');
    expect(kept.folder).toBe(folder);
    expect(kept.filesOf('0a1b')).toEqual(['0a1b.svg']);
    expect(kept.keyOf('0a1b.svg')).toBe('0a1b');
    for (const other of ['used.json', '0a1b.png', '0a1b.svg.123.5e2a.tmp', 'sub/0a1b.svg', 'notes.svg', '.svg']) expect(kept.keyOf(other)).toBeUndefined();
  });

  it('is what recordUse keeps: an entry goes 31 days after its last use, with nothing else', () => {
    writeFileSync(path.join(folder, 'aa.svg'), 'a');
    writeFileSync(path.join(folder, 'bb.svg'), 'b');
    writeFileSync(path.join(folder, 'readme.txt'), 'mine');
    recordUse(oneFileEntries(folder, '.svg'), ['aa', 'bb'], START);
    recordUse(oneFileEntries(folder, '.svg'), ['bb'], START + 31 * DAY);
    expect(readdirSync(folder).sort()).toEqual(['bb.svg', 'readme.txt', 'used.json']);
  });
});

describe('writeWhole', () => {
  it('writes through a temporary name, leaving only the file', () => {
    writeWhole(path.join(folder, 'x.png'), 'bytes');
    expect(readdirSync(folder)).toEqual(['x.png']);
    expect(readFileSync(path.join(folder, 'x.png'), 'utf8')).toBe('bytes');
  });

  it('writes the bytes elsewhere in the same folder: the file appears only complete, in one rename', () => {
    const target = path.join(folder, 'x.png');
    const writeFileSync = fs.writeFileSync;
    const seen: { targetExisted: boolean; where: string }[] = [];
    jest.spyOn(fs, 'writeFileSync').mockImplementation((file, data, options) => {
      seen.push({ targetExisted: existsSync(target), where: path.dirname(String(file)) });
      writeFileSync(file, data, options);
    });
    writeWhole(target, 'whole bytes');
    expect(seen).toEqual([{ targetExisted: false, where: folder }]);
    expect(readFileSync(target, 'utf8')).toBe('whole bytes');
  });

  it('leaves no part of a write that fails half-way (a full disk): no temporary file, and the entry absent or as it was', () => {
    const writeFileSync = fs.writeFileSync;
    const halfThenFail = (file: fs.PathOrFileDescriptor, data: string | NodeJS.ArrayBufferView) => {
      writeFileSync(file, String(data).slice(0, 3));
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    };
    jest.spyOn(fs, 'writeFileSync').mockImplementation(halfThenFail);
    expect(() => writeWhole(path.join(folder, 'new.png'), 'all of it')).toThrow('ENOSPC');
    expect(readdirSync(folder)).toEqual([]);

    jest.restoreAllMocks();
    writeWhole(path.join(folder, 'old.png'), 'the earlier entry');
    jest.spyOn(fs, 'writeFileSync').mockImplementation(halfThenFail);
    expect(() => writeWhole(path.join(folder, 'old.png'), 'a new entry')).toThrow('ENOSPC');
    expect(readdirSync(folder)).toEqual(['old.png']);
    expect(readFileSync(path.join(folder, 'old.png'), 'utf8')).toBe('the earlier entry');
  });

  it('leaves no partial entry when the process is killed mid-write, only a temporary file no reader takes for an entry', () => {
    // A real kill: the child writes half the bytes, then SIGKILLs itself before the rename.
    const module = path.join(__dirname, '..', '..', 'system', 'keptCache.js');
    const script = `
      const fs = require('node:fs');
      const { writeWhole } = require(${JSON.stringify(module)});
      writeWhole(${JSON.stringify(path.join(folder, 'aa.png'))}, 'the earlier entry');
      fs.writeFileSync = (file, data) => { fs.writeSync(fs.openSync(file, 'w'), String(data).slice(0, 5)); process.kill(process.pid, 'SIGKILL'); };
      writeWhole(${JSON.stringify(path.join(folder, 'aa.png'))}, 'a new entry');
      writeWhole(${JSON.stringify(path.join(folder, 'bb.png'))}, 'another entry');`;
    const child = spawnSync(process.execPath, ['-e', script]);
    expect(child.signal).toBe('SIGKILL');
    const names = readdirSync(folder).sort();
    expect(names).toEqual(['aa.png', expect.stringMatching(/^aa\.png\.\d+\.[0-9a-f]+\.tmp$/)]);
    expect(readFileSync(path.join(folder, 'aa.png'), 'utf8')).toBe('the earlier entry');
    expect(names.map((name) => oneFileEntries(folder, '.png').keyOf(name))).toEqual(['aa', undefined]);
  });

  it('gives two writers of the same entry at once (two processes, two threads) different temporary names', () => {
    const temporaries: string[] = [];
    const renameSync = fs.renameSync;
    jest.spyOn(fs, 'renameSync').mockImplementation((from, to) => {
      temporaries.push(path.basename(String(from)));
      renameSync(from, to);
    });
    writeWhole(path.join(folder, 'x.png'), 'one');
    writeWhole(path.join(folder, 'x.png'), 'two');
    expect(temporaries).toEqual([expect.stringMatching(new RegExp(`^x\\.png\\.${process.pid}\\.[0-9a-f]+\\.tmp$`)), expect.stringMatching(/\.tmp$/)]);
    expect(temporaries[0]).not.toBe(temporaries[1]);
    expect(readFileSync(path.join(folder, 'x.png'), 'utf8')).toBe('two');
  });
});
