/** @jest-environment node */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { describePrecompressed, precompress } from '../../features/hosting/precompress.node';
import { publicDirOf } from '../../system/paths.js';

let root: string;
let cache: string;
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};
const big = (text: string) => text.repeat(Math.ceil(2000 / text.length));
const inode = (file: string) => statSync(path.join(root, file)).ino;
const DAY = 86_400_000;

/** A built folder at `dir` (under the test's root): pages, a bundle, page data, the CMS's script, and files that get no copies. */
function site(dir: string, home = '<p>home</p>'): void {
  write(`${dir}/index.html`, big(home));
  write(`${dir}/bg/index.html`, big('<p>начало</p>'));
  write(`${dir}/app-0123456789abcdef0123.js`, big('console.log(1);'));
  write(`${dir}/page-data/index/page-data.json`, big('{"a":1}'));
  write(`${dir}/sitemap-index.xml`, big('<sitemap/>'));
  write(`${dir}/admin/decap-cms.js`, big('cms();'));
  // Too small to gain, already compressed, or Pagefind's own gzipped index.
  write(`${dir}/robots.txt`, 'User-agent: *');
  write(`${dir}/share/en.png`, big('png'));
  write(`${dir}/pagefind/index/en_5e2a1f0.pf_index`, big('index'));
}
const TEXT_FILES = ['index.html', 'bg/index.html', 'app-0123456789abcdef0123.js', 'page-data/index/page-data.json', 'sitemap-index.xml', 'admin/decap-cms.js'];
const cacheEntries = () => readdirSync(cache, { recursive: true, encoding: 'utf8' }).filter((name) => /\.(br|gz)$/.test(name)).length;

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
  cache = path.join(root, 'cache');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('precompress', () => {
  it('gives every text file over 1 KB a brotli and a gzip copy that decode to it, and no other file any', async () => {
    site('public');
    expect(await precompress(publicDirOf(root), { cache })).toEqual({ files: 6, compressed: 6 });
    for (const file of TEXT_FILES) {
      const original = readFileSync(path.join(publicDirOf(root), file));
      expect(brotliDecompressSync(readFileSync(path.join(publicDirOf(root), `${file}.br`))).equals(original)).toBe(true);
      expect(gunzipSync(readFileSync(path.join(publicDirOf(root), `${file}.gz`))).equals(original)).toBe(true);
    }
    for (const file of ['robots.txt', 'share/en.png', 'pagefind/index/en_5e2a1f0.pf_index']) expect(existsSync(path.join(publicDirOf(root), `${file}.br`))).toBe(false);
  });

  it("compresses at brotli's best quality: the CMS's script as small as brotli makes it", async () => {
    site('public');
    await precompress(publicDirOf(root), { cache });
    const script = readFileSync(path.join(root, 'public/admin/decap-cms.js'));
    const best = brotliCompressSync(script, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: script.length } });
    expect(readFileSync(path.join(root, 'public/admin/decap-cms.js.br')).equals(best)).toBe(true);
  });

  it('compresses a file once: the same bytes in another folder (the next build, the next release) get the cached copies, hard-linked', async () => {
    site('r1');
    site('r2', '<p>a new home page</p>');
    await precompress(path.join(root, 'r1'), { cache });
    expect(await precompress(path.join(root, 'r2'), { cache })).toEqual({ files: 6, compressed: 1 });
    expect(inode('r2/bg/index.html.br')).toBe(inode('r1/bg/index.html.br'));
    expect(inode('r2/app-0123456789abcdef0123.js.gz')).toBe(inode('r1/app-0123456789abcdef0123.js.gz'));
    expect(inode('r2/index.html.br')).not.toBe(inode('r1/index.html.br'));
    expect(brotliDecompressSync(readFileSync(path.join(root, 'r2/index.html.br'))).toString()).toBe(big('<p>a new home page</p>'));
    // Removing the cache or the older folder leaves the other's copies whole.
    rmSync(cache, { recursive: true });
    rmSync(path.join(root, 'r1'), { recursive: true });
    expect(gunzipSync(readFileSync(path.join(root, 'r2/bg/index.html.gz'))).toString()).toBe(big('<p>начало</p>'));
  });

  it('replaces every copy already in the folder: one whose file is gone or changed, or one written by hand', async () => {
    site('public');
    await precompress(publicDirOf(root), { cache });
    rmSync(path.join(root, 'public/bg/index.html'));
    write('public/sitemap-index.xml', big('<sitemap>changed</sitemap>'));
    rmSync(path.join(root, 'public/index.html.br'));
    write('public/index.html.br', 'not brotli');
    write('public/gone.js.gz', 'stale');
    expect(await precompress(publicDirOf(root), { cache })).toEqual({ files: 5, compressed: 1 });
    expect(existsSync(path.join(root, 'public/bg/index.html.br'))).toBe(false);
    expect(existsSync(path.join(root, 'public/gone.js.gz'))).toBe(false);
    expect(brotliDecompressSync(readFileSync(path.join(root, 'public/index.html.br'))).toString()).toBe(big('<p>home</p>'));
    expect(gunzipSync(readFileSync(path.join(root, 'public/sitemap-index.xml.gz'))).toString()).toBe(big('<sitemap>changed</sitemap>'));
  });

  it('keeps the copies of the files it is told are theirs (linked from the release before), and reads no such file', async () => {
    site('public');
    await precompress(publicDirOf(root), { cache });
    rmSync(cache, { recursive: true });
    const before = inode('public/index.html.br');
    expect(await precompress(publicDirOf(root), { cache, kept: new Set(['index.html', 'robots.txt']) })).toEqual({ files: 6, compressed: 5 });
    expect(inode('public/index.html.br')).toBe(before);
    expect(existsSync(path.join(root, 'public/index.html.gz'))).toBe(true);
  });

  it('forgets the entries that no run used for 30 days, and keeps those in use', async () => {
    const start = Date.UTC(2026, 10, 1);
    site('old');
    await precompress(path.join(root, 'old'), { cache, now: start });
    expect(cacheEntries()).toBe(12);
    site('new', '<p>a new home page</p>');
    // 30 days on, every entry is still there; 31 days on, the one only the old folder used is gone.
    await precompress(path.join(root, 'new'), { cache, now: start + 30 * DAY });
    expect(cacheEntries()).toBe(14);
    await precompress(path.join(root, 'new'), { cache, now: start + 31 * DAY });
    expect(cacheEntries()).toBe(12);
    expect(await precompress(path.join(root, 'old'), { cache, now: start + 31 * DAY })).toEqual({ files: 6, compressed: 1 });
  });

  it('counts a cache without its record of use (an older one, or a broken record) as used today, so nothing in it goes at once', async () => {
    const start = Date.UTC(2026, 10, 1);
    site('public');
    await precompress(publicDirOf(root), { cache, now: start });
    writeFileSync(path.join(cache, 'used.json'), '{broken');
    write('other/index.html', big('<p>another site</p>'));
    await precompress(path.join(root, 'other'), { cache, now: start + 40 * DAY });
    expect(cacheEntries()).toBe(14);
    await precompress(path.join(root, 'other'), { cache, now: start + 71 * DAY });
    expect(cacheEntries()).toBe(2);
  });

  it('says in one line what it did', () => {
    expect(describePrecompressed({ files: 120, compressed: 4 }, 1234)).toBe('Compressed copies (brotli, gzip) of 120 files: 4 made, 116 reused, in 1.2 s.');
  });
});
