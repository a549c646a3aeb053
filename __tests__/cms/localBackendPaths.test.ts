import { cmsConfig, type CmsConfig } from '../../features/cms/decapConfig';
import { MEDIA_FOLDER } from '../../features/images/paths';
import { cmsFolders, cmsPathError, cmsPaths, deleteSetError, entryPlace, entrySaveError, shownPath, type CmsAccess } from '../../features/cms/localBackend/paths';
import { LANGUAGES } from '../../features/site/languages';

const config = cmsConfig({ name: 'local', url: 'http://127.0.0.1:8081/api/v1' }, { common: { launchApp: 'Launch app' }, blog: { readMore: 'Read more' } });
const paths = cmsPaths(config);
const ACCESSES: CmsAccess[] = ['read', 'list', 'entry', 'media', 'delete'];
const allowedFor = (file: string) => ACCESSES.filter((access) => cmsPathError(file, access, paths) === null);

describe('the paths the CMS backend may touch', () => {
  it('are the folders and files of the CMS config and its media folder', () => {
    const byFolder = (a: { folder: string }, b: { folder: string }) => a.folder.localeCompare(b.folder);
    expect([...paths.entryFolders].sort(byFolder)).toEqual([
      { folder: 'content/banners', deletable: true, languages: LANGUAGES },
      // The blog, a collection a language: its entries lie in the language folder itself.
      { folder: 'content/blog/bg', deletable: true, languages: null },
      { folder: 'content/blog/en', deletable: true, languages: null },
      // One named file per language: nothing to delete.
      { folder: 'content/docs', deletable: false, languages: LANGUAGES },
      { folder: 'content/privacy', deletable: false, languages: LANGUAGES },
    ]);
    expect(paths.files.sort()).toEqual(
      [
        'content/home/bg/closing.md',
        'content/home/bg/hero.md',
        'content/home/bg/topics.md',
        'content/home/en/closing.md',
        'content/home/en/hero.md',
        'content/home/en/topics.md',
        'content/social.json',
        'locales/bg/blog.json',
        'locales/bg/common.json',
        'locales/en/blog.json',
        'locales/en/common.json',
        'locales/translations.yml',
      ].sort(),
    );
    expect(paths.mediaFolder).toBe(MEDIA_FOLDER);
    expect(cmsFolders(paths)).toEqual(['content/', 'locales/', 'content/media/']);
  });

  it('allow each kind of access where the CMS needs it, and no more', () => {
    expect(allowedFor('content/blog/en/stock-control-habits.md')).toEqual(['read', 'entry', 'delete']);
    expect(allowedFor('content/blog/bg/godishna-inventarizatsiya.md')).toEqual(['read', 'entry', 'delete']);
    expect(allowedFor('content/banners/bg/01-sale-orders.md')).toEqual(['read', 'entry', 'delete']);
    expect(allowedFor('content/docs/en/readme.md')).toEqual(['read', 'entry']);
    expect(allowedFor('content/home/en/hero.md')).toEqual(['read', 'entry']);
    expect(allowedFor('locales/bg/common.json')).toEqual(['read', 'entry']);
    expect(allowedFor('content/social.json')).toEqual(['read', 'entry']);
    // Each language's folder is listed, the blog's folder no longer: no collection keeps entries there.
    expect(allowedFor('content/blog/en')).toEqual(['list']);
    expect(allowedFor('content/blog/bg')).toEqual(['list']);
    expect(allowedFor('content/banners')).toEqual(['list']);
    expect(allowedFor('content/blog')).toEqual([]);
    expect(allowedFor('content/media')).toEqual(['list']);
    expect(allowedFor('content/media/photo.png')).toEqual(['read', 'media', 'delete']);
    // Not an entry: another extension, or not inside a collection.
    expect(allowedFor('content/blog/en/post.html')).toEqual(['read']);
    expect(allowedFor('content/blog/en/post.json')).toEqual(['read']);
    // Not where the collection keeps its entries: beside the language folders, in a language it does not have, below one.
    expect(allowedFor('content/banners/post.md')).toEqual(['read']);
    expect(allowedFor('content/banners/fr/post.md')).toEqual(['read']);
    expect(allowedFor('content/banners/en/2026/post.md')).toEqual(['read']);
    expect(allowedFor('content/blog/en/2026/post.md')).toEqual(['read']);
    expect(allowedFor('content/blog/bg/bg/post.md')).toEqual(['read']);
    expect(allowedFor('content/blog/en/md')).toEqual(['read']);
    // Outside both of the blog's collections, nothing at all: beside its language folders, or in a language it does not have.
    expect(allowedFor('content/blog/post.md')).toEqual([]);
    expect(allowedFor('content/blog/fr/post.md')).toEqual([]);
    // Uploads go into the media folder itself, not a folder of their own.
    expect(allowedFor('content/media/uploads/photo.png')).toEqual(['read']);
    // The media folder, under content/, is no collection: a .md file in it is no entry (what an upload holds is checked apart, features/images/uploads.ts).
    expect(allowedFor('content/media/post.md')).toEqual(['read', 'media', 'delete']);
    expect(allowedFor('content/blog.md')).toEqual([]);
    expect(allowedFor('content/home/en/new.md')).toEqual([]);
    expect(allowedFor('locales/bg/evil.json')).toEqual([]);
    expect(allowedFor('locales/bg')).toEqual([]);
    expect(allowedFor('static/favicon.svg')).toEqual([]);
    expect(allowedFor('content/mediax/photo.png')).toEqual([]);
    // The media folder's old place is none of the CMS's.
    expect(allowedFor('static/media')).toEqual([]);
    expect(allowedFor('static/media/photo.png')).toEqual([]);
    expect(allowedFor('package.json')).toEqual([]);
  });

  it('refuse a path of any other shape, saying what is wrong and what is allowed', () => {
    const reasons: [unknown, string][] = [
      [undefined, 'is not a path'],
      [42, 'is not a path'],
      ['', 'is not a path'],
      [`content/${'a'.repeat(600)}.md`, 'is longer than 512 characters'],
      ['content/x.md\0.png', 'contains a NUL character'],
      ['content\\x.md', 'contains a backslash'],
      ['/etc/passwd', 'is absolute'],
      ['C:/x', 'is absolute'],
      ['content/../x', 'contains ".."'],
      ['content//x.md', 'has an empty or "." segment'],
      ['./content/x.md', 'has an empty or "." segment'],
      ['content/x.md/', 'has an empty or "." segment'],
      ['content/.git/x', 'has a segment, ".git", with a leading dot or other characters'],
      ['content/%2e%2e/x', 'has a segment, "%2e%2e", with a leading dot or other characters'],
      ['content/блог/x.md', 'has a segment, "блог", with a leading dot or other characters'],
    ];
    for (const [file, reason] of reasons) {
      expect(cmsPathError(file, 'read', paths)).toBe(
        `The CMS backend refused the path ${shownPath(file)}: it ${reason}. The CMS uses paths relative to the repository, under content/, locales/ and content/media/, made of ASCII letters, digits, ".", "_" and "-".`,
      );
    }
    expect(cmsPathError('package.json', 'entry', paths)).toBe(
      'The CMS backend refused the path "package.json": the CMS writes its collections\' entries (.md files in a collection\'s folder, or in its language folders) and files only (under content/, locales/ and content/media/).',
    );
    expect(cmsPathError('content/media/a/b.png', 'media', paths)).toBe(
      'The CMS backend refused the path "content/media/a/b.png": the CMS writes uploads into its media folder (content/media/) only (under content/, locales/ and content/media/).',
    );
    expect(cmsPathError('content/docs/en/readme.md', 'delete', paths)).toBe(
      'The CMS backend refused the path "content/docs/en/readme.md": the CMS deletes entries of collections that allow it and media files only (under content/, locales/ and content/media/).',
    );
  });

  it('show a path quoted, escaped and cut short', () => {
    expect(shownPath('a\0b\n')).toBe('"a\\u0000b\\n"');
    expect(shownPath('x'.repeat(200))).toBe(`"${'x'.repeat(120)}…"`);
    expect(shownPath({ path: 1 })).toBe('{"path":1}');
    expect(shownPath(undefined)).toBe('undefined');
  });
});

describe('where an entry lies', () => {
  it('is its collection, its language folder and its name; a files collection file is its own place', () => {
    expect(entryPlace('content/banners/bg/01-sale-orders.md', paths)).toEqual({
      path: 'content/banners/bg/01-sale-orders.md',
      collection: 'content/banners',
      home: 'content/banners/bg',
      language: 'bg',
      name: '01-sale-orders.md',
      fixed: false,
      deletable: true,
    });
    // A collection of one language: its folder is the language folder, and its entries have no language of their own.
    expect(entryPlace('content/blog/bg/godishna-inventarizatsiya.md', paths)).toEqual({
      path: 'content/blog/bg/godishna-inventarizatsiya.md',
      collection: 'content/blog/bg',
      home: 'content/blog/bg',
      language: null,
      name: 'godishna-inventarizatsiya.md',
      fixed: false,
      deletable: true,
    });
    expect(entryPlace('content/blog/en/stock-control-habits.md', paths)).toMatchObject({ collection: 'content/blog/en', home: 'content/blog/en', language: null });
    expect(entryPlace('content/docs/en/readme.md', paths)).toMatchObject({ collection: 'content/docs', home: 'content/docs/en', deletable: false });
    expect(entryPlace('locales/en/common.json', paths)).toEqual({
      path: 'locales/en/common.json',
      collection: 'locales/en/common.json',
      home: 'locales/en/common.json',
      language: null,
      name: 'common.json',
      fixed: true,
      deletable: false,
    });
    for (const file of [
      'content/blog/x.md',
      'content/blog/de/x.md',
      'content/blog/en/a/x.md',
      'content/blog/bg/en/x.md',
      'content/blog/en/x.json',
      'content/blog/bg/.md',
      'content/banners/x.md',
      'content/banners/de/x.md',
      'content/banners/en/a/x.md',
      'locales/en/other.json',
      `${MEDIA_FOLDER}/x.md`,
      'content/home/en/new.md',
    ])
      expect([file, entryPlace(file, paths)]).toEqual([file, null]);
  });

  it('follows the config: a collection without languages keeps its entries in its own folder', () => {
    const oneLanguage: CmsConfig = { ...config, collections: [{ name: 'notes', label: 'Notes', folder: 'content/notes', fields: [] }] };
    const notes = cmsPaths(oneLanguage);
    expect(notes.entryFolders).toEqual([{ folder: 'content/notes', deletable: true, languages: null }]);
    expect(entryPlace('content/notes/a.md', notes)).toMatchObject({ home: 'content/notes', language: null, name: 'a.md' });
    expect(entryPlace('content/notes/en/a.md', notes)).toBeNull();
    expect(entrySaveError([{ path: 'content/notes/a.md', newPath: 'content/notes/b.md' }], notes)).toBeNull();
    expect(entrySaveError([{ path: 'content/notes/a.md' }, { path: 'content/notes/b.md' }], notes)).toBe(
      'The CMS backend refused to save content/notes/a.md and content/notes/b.md together: one request is one entry, with one file; content/notes/b.md would be a second.',
    );
  });

  it("takes the media folder from the config, wherever it moves (MEDIA_FOLDER's value is not written into the rules)", () => {
    const moved = cmsPaths({ ...config, media_folder: 'static/uploads' });
    expect(cmsPathError('static/uploads/photo.png', 'media', moved)).toBeNull();
    expect(cmsPathError('content/media/photo.png', 'media', moved)).toBe(
      'The CMS backend refused the path "content/media/photo.png": the CMS writes uploads into its media folder (static/uploads/) only (under content/, locales/ and static/uploads/).',
    );
    expect(deleteSetError(['static/uploads/a.png', 'static/uploads/b.png'], moved)).toBeNull();
  });
});

describe('what one save may write', () => {
  // A collection of languages side by side (Decap's i18n): one file a language folder, one name.
  const EN = 'content/banners/en/01-sale-orders.md';
  const BG = 'content/banners/bg/01-sale-orders.md';
  // A collection of one language: one file in its folder.
  const POST_BG = 'content/blog/bg/godishna-inventarizatsiya.md';
  const POST_EN = 'content/blog/en/stock-control-habits.md';

  it("takes an entry in every language (Decap's i18n: one file a language folder, one name), one language, or a files collection's file", () => {
    expect(entrySaveError([{ path: EN }, { path: BG }], paths)).toBeNull();
    expect(entrySaveError([{ path: BG }], paths)).toBeNull();
    expect(entrySaveError([{ path: 'content/docs/en/readme.md' }, { path: 'content/docs/bg/readme.md' }], paths)).toBeNull();
    expect(entrySaveError([{ path: 'locales/bg/common.json' }], paths)).toBeNull();
    expect(entrySaveError([{ path: 'content/social.json' }], paths)).toBeNull();
    // A new path equal to the old one moves nothing.
    expect(entrySaveError([{ path: 'locales/bg/common.json', newPath: 'locales/bg/common.json' }], paths)).toBeNull();
  });

  it("takes a post of one language's collection as exactly one file in its folder", () => {
    expect(entrySaveError([{ path: POST_BG }], paths)).toBeNull();
    expect(entrySaveError([{ path: POST_EN }], paths)).toBeNull();
    expect(entrySaveError([{ path: 'content/blog/bg/nova-statiya.md' }], paths)).toBeNull();
    expect(entrySaveError([{ path: POST_BG, newPath: POST_BG }], paths)).toBeNull();
  });

  it("refuses a post's file anywhere but its language's folder, and a second file in its save", () => {
    // The blog's folder itself, a language it does not have, a folder below: no collection keeps entries there.
    for (const file of ['content/blog/x.md', 'content/blog/de/x.md', 'content/blog/bg/2026/x.md'])
      expect(entrySaveError([{ path: file }], paths)).toBe(cmsPathError(file, 'entry', paths));
    expect(cmsPathError('content/blog/x.md', 'entry', paths)).toBe(
      'The CMS backend refused the path "content/blog/x.md": the CMS writes its collections\' entries (.md files in a collection\'s folder, or in its language folders) and files only (under content/, locales/ and content/media/).',
    );
    // A save of blog_bg writes one file: its English namesake is another collection's entry.
    expect(entrySaveError([{ path: 'content/blog/bg/x.md' }, { path: 'content/blog/en/x.md' }], paths)).toBe(
      'The CMS backend refused to save content/blog/bg/x.md and content/blog/en/x.md together: one request is one entry, whose files lie in one collection (content/blog/bg/), and content/blog/en/x.md lies elsewhere (content/blog/en/).',
    );
    expect(entrySaveError([{ path: 'content/blog/en/x.md' }, { path: 'content/blog/bg/x.md' }], paths)).toMatch(/lies elsewhere \(content\/blog\/bg\/\)\.$/);
    expect(entrySaveError([{ path: POST_BG }, { path: 'content/blog/bg/other.md' }], paths)).toBe(
      `The CMS backend refused to save ${POST_BG} and content/blog/bg/other.md together: one request is one entry, with one file; content/blog/bg/other.md would be a second.`,
    );
    expect(entrySaveError([{ path: POST_BG }, { path: POST_BG }], paths)).toMatch(/with one file; content\/blog\/bg\/godishna-inventarizatsiya\.md would be a second\.$/);
    expect(entrySaveError([{ path: POST_BG }, { path: BG }], paths)).toMatch(/lies elsewhere \(content\/banners\/<language>\/\)\.$/);
  });

  it('takes a rename within each language folder, every language to the same new name', () => {
    expect(entrySaveError([{ path: EN, newPath: 'content/banners/en/01-orders.md' }], paths)).toBeNull();
    expect(
      entrySaveError(
        [
          { path: EN, newPath: 'content/banners/en/01-orders.md' },
          { path: BG, newPath: 'content/banners/bg/01-orders.md' },
        ],
        paths,
      ),
    ).toBeNull();
  });

  it("takes a post's rename within its language's folder, and refuses one into the other language's, or out of it", () => {
    expect(entrySaveError([{ path: POST_BG, newPath: 'content/blog/bg/inventarizatsiya.md' }], paths)).toBeNull();
    const refusal = (to: string) =>
      `The CMS backend refused to move ${POST_BG} to ${shownPath(to)}: an entry is renamed within its own folder, content/blog/bg/, as a .md file (content/blog/bg/<new-name>.md).`;
    for (const to of [
      'content/blog/en/godishna-inventarizatsiya.md',
      'content/blog/godishna-inventarizatsiya.md',
      'content/blog/bg/2026/godishna-inventarizatsiya.md',
      'content/blog/bg/godishna-inventarizatsiya.json',
      'content/banners/bg/godishna-inventarizatsiya.md',
      'locales/bg/blog.json',
    ])
      expect(entrySaveError([{ path: POST_BG, newPath: to }], paths)).toBe(refusal(to));
    // Renaming both languages' posts at once is two collections' entries in one save.
    expect(
      entrySaveError(
        [
          { path: POST_EN, newPath: 'content/blog/en/habits.md' },
          { path: 'content/blog/bg/stock-control-habits.md', newPath: 'content/blog/bg/habits.md' },
        ],
        paths,
      ),
    ).toMatch(
      /^The CMS backend refused to save content\/blog\/en\/stock-control-habits\.md and content\/blog\/bg\/stock-control-habits\.md together: .* lies elsewhere \(content\/blog\/bg\/\)\.$/,
    );
  });

  it('refuses a rename out of its folder: over a UI string file, into another collection or language, or out of the language folders', () => {
    const refusal = (to: string) =>
      `The CMS backend refused to move ${EN} to ${shownPath(to)}: an entry is renamed within its own folder, content/banners/en/, as a .md file (content/banners/en/<new-name>.md).`;
    for (const to of [
      'locales/en/common.json',
      'content/social.json',
      'content/home/en/hero.md',
      'content/blog/en/01-sale-orders.md',
      'content/docs/en/readme.md',
      BG,
      'content/banners/post.md',
    ])
      expect(entrySaveError([{ path: EN, newPath: to }], paths)).toBe(refusal(to));
  });

  it("refuses to move a files collection's file, whose path is fixed", () => {
    expect(entrySaveError([{ path: 'locales/bg/common.json', newPath: 'locales/bg/blog.json' }], paths)).toBe(
      'The CMS backend refused to move locales/bg/common.json to "locales/bg/blog.json": locales/bg/common.json is a file the CMS edits where it is (a files collection\'s), never renamed or moved.',
    );
    expect(entrySaveError([{ path: 'content/home/en/hero.md', newPath: 'content/blog/en/hero.md' }], paths)).toMatch(
      /^The CMS backend refused to move content\/home\/en\/hero\.md to /,
    );
  });

  it("refuses to rename one language's file alone, or each to its own name", () => {
    expect(entrySaveError([{ path: EN, newPath: 'content/banners/en/01-orders.md' }, { path: BG }], paths)).toBe(
      `The CMS backend refused to move ${EN} without ${BG}: an entry's files are renamed together, in every language, or not at all.`,
    );
    expect(
      entrySaveError(
        [
          { path: EN, newPath: 'content/banners/en/01-orders.md' },
          { path: BG, newPath: 'content/banners/bg/01-poruchki.md' },
        ],
        paths,
      ),
    ).toBe(
      "The CMS backend refused to rename to content/banners/en/01-orders.md and content/banners/bg/01-poruchki.md together: an entry's files have one name in every language (01-orders.md); content/banners/bg/01-poruchki.md is named otherwise.",
    );
  });

  it('refuses files of two entries in one save: two collections, one language twice, two names, or a second file beside a fixed one', () => {
    expect(entrySaveError([{ path: EN }, { path: 'locales/en/common.json' }], paths)).toBe(
      `The CMS backend refused to save ${EN} and locales/en/common.json together: one request is one entry, whose files lie in one collection (content/banners/<language>/), and locales/en/common.json lies elsewhere (locales/en/common.json).`,
    );
    expect(entrySaveError([{ path: EN }, { path: 'content/docs/bg/readme.md' }], paths)).toMatch(/lies elsewhere \(content\/docs\/<language>\/\)\.$/);
    expect(entrySaveError([{ path: EN }, { path: 'content/banners/en/02-features.md' }], paths)).toBe(
      `The CMS backend refused to save ${EN} and content/banners/en/02-features.md together: one request is one entry, with one file a language; content/banners/en/02-features.md would be a second.`,
    );
    expect(entrySaveError([{ path: EN }, { path: 'content/banners/bg/02-features.md' }], paths)).toBe(
      `The CMS backend refused to save ${EN} and content/banners/bg/02-features.md together: an entry's files have one name in every language (01-sale-orders.md); content/banners/bg/02-features.md is named otherwise.`,
    );
    expect(entrySaveError([{ path: 'locales/en/common.json' }, { path: 'locales/en/common.json' }], paths)).toBe(
      'The CMS backend refused to save locales/en/common.json and locales/en/common.json together: one request is one entry, with one file; locales/en/common.json would be a second.',
    );
    expect(entrySaveError([{ path: 'locales/en/common.json' }, { path: 'locales/bg/common.json' }], paths)).toMatch(/lies elsewhere \(locales\/bg\/common\.json\)\.$/);
  });

  it('refuses a file that is no entry, naming it, and an empty save', () => {
    expect(entrySaveError([{ path: 'package.json' }], paths)).toBe(cmsPathError('package.json', 'entry', paths));
    expect(entrySaveError([], paths)).toBe('The CMS backend refused an entry without files: persistEntry names at least one data file.');
  });
});

describe('what one delete may remove', () => {
  it("takes an entry's files in every language, a post's one file, or media files", () => {
    expect(deleteSetError(['content/banners/en/01-sale-orders.md', 'content/banners/bg/01-sale-orders.md'], paths)).toBeNull();
    expect(deleteSetError(['content/blog/bg/godishna-inventarizatsiya.md'], paths)).toBeNull();
    expect(deleteSetError(['content/blog/en/stock-control-habits.md'], paths)).toBeNull();
    expect(deleteSetError([`${MEDIA_FOLDER}/a.png`], paths)).toBeNull();
    expect(deleteSetError([`${MEDIA_FOLDER}/a.png`, `${MEDIA_FOLDER}/b.webp`], paths)).toBeNull();
  });

  it('refuses a mixture: two entries, two collections, an entry with media files, nothing', () => {
    expect(deleteSetError(['content/banners/en/a.md', 'content/banners/bg/b.md'], paths)).toBe(
      "The CMS backend refused to delete content/banners/en/a.md and content/banners/bg/b.md together: an entry's files have one name in every language (a.md); content/banners/bg/b.md is named otherwise.",
    );
    expect(deleteSetError(['content/blog/en/a.md', 'content/banners/en/a.md'], paths)).toMatch(
      /^The CMS backend refused to delete content\/blog\/en\/a\.md and content\/banners\/en\/a\.md together: /,
    );
    // A post and its translation are two collections' entries: Decap deletes one at a time.
    expect(deleteSetError(['content/blog/en/a.md', 'content/blog/bg/a.md'], paths)).toBe(
      'The CMS backend refused to delete content/blog/en/a.md and content/blog/bg/a.md together: one request is one entry, whose files lie in one collection (content/blog/en/), and content/blog/bg/a.md lies elsewhere (content/blog/bg/).',
    );
    expect(deleteSetError(['content/blog/bg/a.md', 'content/blog/bg/b.md'], paths)).toBe(
      'The CMS backend refused to delete content/blog/bg/a.md and content/blog/bg/b.md together: one request is one entry, with one file; content/blog/bg/b.md would be a second.',
    );
    expect(deleteSetError([`${MEDIA_FOLDER}/a.png`, 'content/blog/en/a.md'], paths)).toBe(
      `The CMS backend refused to delete "${MEDIA_FOLDER}/a.png" with content/blog/en/a.md: one request deletes one entry's files, or media files.`,
    );
    expect(deleteSetError([], paths)).toBe('The CMS backend refused to delete nothing: deleteFiles names at least one file.');
  });
});
