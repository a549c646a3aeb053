/** @jest-environment node */
import { cp, mkdtemp, readFile, readdir, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { POST_SHARE_DIR, SHARE_FONT_FILES, writePostShareImages, type PostShareSource } from '../../features/share-cards/postShareImages.node';
import { postKey } from '../../features/blog/blog';
import { drawShareCard, type ShareCard, type ShareCardAssets } from '../../features/share-cards/shareCard';
import { pngSize } from '../support/shareCard';
import { publicDirOf } from '../../system/paths.js';

const ROOT = path.join(__dirname, '..', '..');

/** A site directory with what the cards read: the fonts, the logo, and the renderers (for their versions). */
async function site(): Promise<string> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'post-share-'));
  for (const file of [...Object.values(SHARE_FONT_FILES), path.join('static', 'favicon.svg'), 'package.json']) {
    await cp(path.join(ROOT, file), path.join(directory, file));
  }
  await symlink(path.join(ROOT, 'node_modules'), path.join(directory, 'node_modules'));
  return directory;
}

const POSTS: PostShareSource[] = [
  { file: 'content/blog/en/links.md', language: 'en', slug: 'links', title: 'Lightning payment links with {{product}}', date: '2026-09-15' },
  { file: 'content/blog/bg/links.md', language: 'bg', slug: 'links', title: 'Платежни връзки с Lightning: плащане за секунди', date: '2026-09-15' },
  { file: 'content/blog/bg/inventory.md', language: 'bg', slug: 'inventory', title: 'Годишна инвентаризация в малкия магазин и склад', date: '2026-11-18' },
];

describe('writePostShareImages', () => {
  let directory: string;
  let drawn: ShareCard[];
  const draw = (card: ShareCard, assets: ShareCardAssets) => {
    drawn.push(card);
    return drawShareCard(card, assets);
  };
  // A cache of the test's own: the default is under node_modules, which site() shares with the project.
  const write = (posts: readonly PostShareSource[], productName = 'StockPay') =>
    writePostShareImages(directory, posts, { productName, draw, cacheDir: path.join(directory, 'kept-cards') });
  const published = async () => (await readdir(path.join(publicDirOf(directory), POST_SHARE_DIR))).sort();

  beforeEach(async () => {
    directory = await site();
    drawn = [];
  });
  afterEach(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('writes a distinct 1200x630 card per post and language, named by a hash, with the product name filled in', async () => {
    const result = await write(POSTS);
    expect(result.errors).toEqual([]);
    const paths = POSTS.map((post) => result.images.get(postKey(post.language, post.slug)));
    for (const image of paths) expect(image).toMatch(/^\/static\/share\/[0-9a-f]{20}\.png$/);
    expect(new Set(paths).size).toBe(POSTS.length);
    expect(result.drawn.sort()).toEqual([...(paths as string[])].sort());
    for (const image of paths) expect(pngSize(await readFile(path.join(publicDirOf(directory), image as string)))).toEqual([1200, 630]);
    expect(drawn.map((card) => card.title.lines.join(' '))).toContain('Lightning payment links with StockPay');
  }, 30_000);

  it('draws nothing when nothing changed, and keeps the names', async () => {
    const first = await write(POSTS);
    drawn = [];
    const second = await write(POSTS);
    expect(drawn).toEqual([]);
    expect(second.drawn).toEqual([]);
    expect(second.images).toEqual(first.images);
    expect(await published()).toHaveLength(POSTS.length);
  }, 30_000);

  it('redraws only the changed post, under a new name, and removes the old card', async () => {
    const first = await write(POSTS);
    drawn = [];
    const changed = POSTS.map((post) => (post.slug === 'inventory' ? { ...post, title: 'Годишна инвентаризация: стъпка по стъпка' } : post));
    const second = await write(changed);
    expect(drawn.map((card) => card.title.lines.join(' '))).toEqual(['Годишна инвентаризация: стъпка по стъпка']);
    expect(second.drawn).toEqual([second.images.get('bg/inventory')]);
    expect(second.images.get('bg/inventory')).not.toBe(first.images.get('bg/inventory'));
    expect(second.images.get('en/links')).toBe(first.images.get('en/links'));
    expect(await published()).toEqual([...second.images.values()].map((image) => path.posix.basename(image)).sort());
  }, 30_000);

  it('redraws every card when the product name changes', async () => {
    await write(POSTS);
    drawn = [];
    await write(POSTS, 'ShopLedger');
    expect(drawn).toHaveLength(POSTS.length);
  }, 30_000);

  it('refuses, naming file and field, a title with a character the typeface lacks or too long to fit, and writes nothing', async () => {
    const result = await write([{ ...POSTS[0], title: 'Plăți rapide 🚀' }, { ...POSTS[1], title: 'Наличности и плащания '.repeat(14) }, POSTS[2]]);
    expect(result.errors).toEqual([
      expect.stringMatching(
        /^content\/blog\/en\/links\.md: frontmatter field "title" has characters the share image's typeface \(Liberation Sans\) cannot draw: "🚀" \(U\+1F680\);/,
      ),
      expect.stringMatching(
        /^content\/blog\/bg\/links\.md: frontmatter field "title" is too long for the share image: at its smallest size \(40 px\) it takes \d+ lines and the card holds 5; shorten the title$/,
      ),
    ]);
    expect(result.images.size).toBe(0);
    expect(drawn).toEqual([]);
  });

  it('refuses a product name the typeface cannot draw, naming the variable', async () => {
    const result = await write(POSTS, 'Stock✓Pay');
    expect(result.errors).toEqual([expect.stringMatching(/^GATSBY_PRODUCT_NAME has characters the share image's typeface \(Liberation Sans\) cannot draw: "✓" \(U\+2713\)/)]);
  });
});
