/** @jest-environment node */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { KEEP_UNUSED_DAYS, recordUse, writeWhole, type KeptCache } from '../../node/keptCache';

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
afterEach(() => rmSync(folder, { recursive: true, force: true }));

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
});

describe('writeWhole', () => {
  it('writes through a temporary name, leaving only the file', () => {
    writeWhole(path.join(folder, 'x.png'), 'bytes');
    expect(readdirSync(folder)).toEqual(['x.png']);
    expect(readFileSync(path.join(folder, 'x.png'), 'utf8')).toBe('bytes');
  });
});
