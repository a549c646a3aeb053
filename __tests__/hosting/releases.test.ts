import { KEEP_RELEASES, buildKind, pageChanges, previousRelease, releaseName, releasesOf, releasesToRemove } from '../../features/hosting/releases';

describe('buildKind', () => {
  it('builds incrementally when only content, UI strings or static files changed, or nothing did', () => {
    expect(buildKind(['content/banners/bg/01-sale-orders.md'])).toBe('incremental');
    expect(buildKind(['locales/bg/common.json', 'static/favicon.svg', 'content/social.json'])).toBe('incremental');
    expect(buildKind([])).toBe('incremental');
  });

  it('builds from clean after any other change, or when what changed is unknown', () => {
    expect(buildKind(['content/banners/bg/01-sale-orders.md', 'src/styles/global.css'])).toBe('clean');
    expect(buildKind(['package-lock.json'])).toBe('clean');
    expect(buildKind(['gatsby-config.ts'])).toBe('clean');
    // A folder merely named like one: contents/, not content/.
    expect(buildKind(['contents/x.md'])).toBe('clean');
    expect(buildKind(undefined)).toBe('clean');
  });
});

describe('release names', () => {
  it('sort by time and name the commit', () => {
    expect(releaseName(new Date('2026-11-25T16:12:00.123Z'), '1a2b3c4d5e6f7a8b9c0d')).toBe('20261125T161200Z-1a2b3c4d5e6f');
  });

  it('are told apart from the records and temporary folders beside them, oldest first', () => {
    expect(
      releasesOf(['20261125T161200Z-1a2b3c4d5e6f.json', '20261126T080000Z-bbbbbbbbbbbb', '.incoming-20261127T000000Z-cccccccccccc', '20261125T161200Z-1a2b3c4d5e6f', 'current']),
    ).toEqual(['20261125T161200Z-1a2b3c4d5e6f', '20261126T080000Z-bbbbbbbbbbbb']);
  });
});

describe('pageChanges', () => {
  const before = new Map([
    ['/index.html', 'a'],
    ['/bg/index.html', 'b'],
    ['/docs/index.html', 'c'],
    ['/old/index.html', 'd'],
  ]);

  it('names every file that is new or differs, and those that are gone, as the paths they are served at', () => {
    const after = new Map([
      ['/index.html', 'a'],
      ['/bg/index.html', 'B'],
      ['/docs/index.html', 'c'],
      ['/blog/new-post/index.html', 'e'],
      ['/404.html', 'f'],
      ['/_gatsby/slices/_gatsby-scripts-1.html', 'g'],
      ['/share/new-post-0123456789.png', 'h'],
    ]);
    expect(pageChanges(before, after)).toEqual({ changed: ['/404.html', '/bg/', '/blog/new-post/', '/share/new-post-0123456789.png'], deleted: ['/old/'] });
  });

  it("names the search index files a one-post change rewrote (the language's metadata, chunk and fragment, the entry file), so a CDN purge covers them", () => {
    const index = {
      '/pagefind/pagefind.js': 'js',
      '/pagefind/wasm.unknown.pagefind': 'wasm',
      '/pagefind/fragment/en_1bf3c76.pf_fragment': 'en-post',
      '/pagefind/index/en_5e2a1f0.pf_index': 'en-index',
      '/pagefind/pagefind.en_b336f49f18.pf_meta': 'en-meta',
    };
    const beforeIndex = new Map(
      Object.entries({
        ...index,
        '/pagefind/pagefind-entry.json': 'entry 1',
        '/pagefind/fragment/bg_1034ae1.pf_fragment': 'bg-post',
        '/pagefind/index/bg_77c0d1e.pf_index': 'bg-index',
        '/pagefind/pagefind.bg_e616388cd2.pf_meta': 'bg-meta',
      }),
    );
    const afterIndex = new Map(
      Object.entries({
        ...index,
        '/pagefind/pagefind-entry.json': 'entry 2',
        '/pagefind/fragment/bg_9f00aa1.pf_fragment': 'bg-post edited',
        '/pagefind/index/bg_3c4d5e6.pf_index': 'bg-index 2',
        '/pagefind/pagefind.bg_0badc0ffee.pf_meta': 'bg-meta 2',
      }),
    );
    expect(pageChanges(beforeIndex, afterIndex)).toEqual({
      changed: ['/pagefind/fragment/bg_9f00aa1.pf_fragment', '/pagefind/index/bg_3c4d5e6.pf_index', '/pagefind/pagefind-entry.json', '/pagefind/pagefind.bg_0badc0ffee.pf_meta'],
      deleted: ['/pagefind/fragment/bg_1034ae1.pf_fragment', '/pagefind/index/bg_77c0d1e.pf_index', '/pagefind/pagefind.bg_e616388cd2.pf_meta'],
    });
  });

  it('calls every page changed when there is no earlier release', () => {
    expect(pageChanges(undefined, new Map([['/index.html', 'a']]))).toEqual({ changed: ['/'], deleted: [] });
  });
});

describe('keeping and rolling back releases', () => {
  const names = ['r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7'];

  it(`keeps the newest ${KEEP_RELEASES}, and never removes the live one`, () => {
    expect(releasesToRemove(names, 'r7')).toEqual(['r1', 'r2']);
    expect(releasesToRemove(names, 'r1')).toEqual(['r2']);
    expect(releasesToRemove(['r1', 'r2'], 'r2')).toEqual([]);
  });

  it('rolls back to the release before the live one, and to nothing before the oldest', () => {
    expect(previousRelease(names, 'r7')).toBe('r6');
    expect(previousRelease(names, 'r3')).toBe('r2');
    expect(previousRelease(names, 'r1')).toBeUndefined();
    expect(previousRelease(names, undefined)).toBeUndefined();
    expect(previousRelease(names, 'gone')).toBeUndefined();
  });
});
