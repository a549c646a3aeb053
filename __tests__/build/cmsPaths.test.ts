import { cmsConfig, MEDIA_FOLDER, type CmsConfig } from '../../src/build/cmsConfig';
import { cmsFolders, cmsPathError, cmsPaths, deleteSetError, entryPlace, entrySaveError, shownPath, type CmsAccess } from '../../src/build/cmsPaths';
import { LANGUAGES } from '../../src/lib/languages';

const config = cmsConfig({ name: 'local', url: 'http://127.0.0.1:8081/api/v1' }, { common: { launchApp: 'Launch app' }, blog: { readMore: 'Read more' } });
const paths = cmsPaths(config);
const ACCESSES: CmsAccess[] = ['read', 'list', 'entry', 'media', 'delete'];
const allowedFor = (file: string) => ACCESSES.filter((access) => cmsPathError(file, access, paths) === null);

describe('the paths the CMS backend may touch', () => {
  it('are the folders and files of the CMS config and its media folder', () => {
    const byFolder = (a: { folder: string }, b: { folder: string }) => a.folder.localeCompare(b.folder);
    expect([...paths.entryFolders].sort(byFolder)).toEqual([
      { folder: 'content/banners', deletable: true, languages: LANGUAGES },
      { folder: 'content/blog', deletable: true, languages: LANGUAGES },
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
      ].sort(),
    );
    expect(paths.mediaFolder).toBe(MEDIA_FOLDER);
    expect(cmsFolders(paths)).toEqual(['content/', 'locales/', 'content/media/']);
  });

  it('allow each kind of access where the CMS needs it, and no more', () => {
    expect(allowedFor('content/blog/en/stock-control-habits.md')).toEqual(['read', 'entry', 'delete']);
    expect(allowedFor('content/docs/en/readme.md')).toEqual(['read', 'entry']);
    expect(allowedFor('content/home/en/hero.md')).toEqual(['read', 'entry']);
    expect(allowedFor('locales/bg/common.json')).toEqual(['read', 'entry']);
    expect(allowedFor('content/social.json')).toEqual(['read', 'entry']);
    expect(allowedFor('content/blog')).toEqual(['list']);
    expect(allowedFor('content/media')).toEqual(['list']);
    expect(allowedFor('content/media/photo.png')).toEqual(['read', 'media', 'delete']);
    // Not an entry: another extension, or not inside a collection.
    expect(allowedFor('content/blog/en/post.html')).toEqual(['read']);
    expect(allowedFor('content/blog/en/post.json')).toEqual(['read']);
    // Not where the collection keeps its entries: beside the language folders, in a language it does not have, below one.
    expect(allowedFor('content/blog/post.md')).toEqual(['read']);
    expect(allowedFor('content/blog/fr/post.md')).toEqual(['read']);
    expect(allowedFor('content/blog/en/2026/post.md')).toEqual(['read']);
    expect(allowedFor('content/blog/en/md')).toEqual(['read']);
    // Uploads go into the media folder itself, not a folder of their own.
    expect(allowedFor('content/media/uploads/photo.png')).toEqual(['read']);
    // The media folder, under content/, is no collection: a .md file in it is no entry (what an upload holds is checked apart, src/build/mediaUpload.ts).
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
    expect(entryPlace('content/blog/bg/godishna-inventarizatsiya.md', paths)).toEqual({
      path: 'content/blog/bg/godishna-inventarizatsiya.md',
      collection: 'content/blog',
      home: 'content/blog/bg',
      language: 'bg',
      name: 'godishna-inventarizatsiya.md',
      fixed: false,
      deletable: true,
    });
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
      'content/blog/en/x.json',
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
  const EN = 'content/blog/en/stock-control-habits.md';
  const BG = 'content/blog/bg/stock-control-habits.md';

  it("takes an entry in every language (Decap's i18n: one file a language folder, one name), one language, or a files collection's file", () => {
    expect(entrySaveError([{ path: EN }, { path: BG }], paths)).toBeNull();
    expect(entrySaveError([{ path: 'content/banners/en/01-sale-orders.md' }, { path: 'content/banners/bg/01-sale-orders.md' }], paths)).toBeNull();
    expect(entrySaveError([{ path: BG }], paths)).toBeNull();
    expect(entrySaveError([{ path: 'locales/bg/common.json' }], paths)).toBeNull();
    expect(entrySaveError([{ path: 'content/social.json' }], paths)).toBeNull();
    // A new path equal to the old one moves nothing.
    expect(entrySaveError([{ path: 'locales/bg/common.json', newPath: 'locales/bg/common.json' }], paths)).toBeNull();
  });

  it('takes a rename within each language folder, every language to the same new name', () => {
    expect(entrySaveError([{ path: EN, newPath: 'content/blog/en/habits.md' }], paths)).toBeNull();
    expect(
      entrySaveError(
        [
          { path: EN, newPath: 'content/blog/en/habits.md' },
          { path: BG, newPath: 'content/blog/bg/habits.md' },
        ],
        paths,
      ),
    ).toBeNull();
  });

  it('refuses a rename out of its folder: over a UI string file, into another collection or language, or out of the language folders', () => {
    const refusal = (to: string) =>
      `The CMS backend refused to move ${EN} to ${shownPath(to)}: an entry is renamed within its own folder, content/blog/en/, as a .md file (content/blog/en/<new-name>.md).`;
    for (const to of [
      'locales/en/common.json',
      'content/social.json',
      'content/home/en/hero.md',
      'content/banners/en/01-sale-orders.md',
      'content/docs/en/readme.md',
      BG,
      'content/blog/post.md',
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
    expect(entrySaveError([{ path: EN, newPath: 'content/blog/en/habits.md' }, { path: BG }], paths)).toBe(
      `The CMS backend refused to move ${EN} without ${BG}: an entry's files are renamed together, in every language, or not at all.`,
    );
    expect(
      entrySaveError(
        [
          { path: EN, newPath: 'content/blog/en/habits.md' },
          { path: BG, newPath: 'content/blog/bg/navitsi.md' },
        ],
        paths,
      ),
    ).toBe(
      "The CMS backend refused to rename to content/blog/en/habits.md and content/blog/bg/navitsi.md together: an entry's files have one name in every language (habits.md); content/blog/bg/navitsi.md is named otherwise.",
    );
  });

  it('refuses files of two entries in one save: two collections, one language twice, two names, or a second file beside a fixed one', () => {
    expect(entrySaveError([{ path: EN }, { path: 'locales/en/common.json' }], paths)).toBe(
      `The CMS backend refused to save ${EN} and locales/en/common.json together: one request is one entry, whose files lie in one collection (content/blog/<language>/), and locales/en/common.json lies elsewhere (locales/en/common.json).`,
    );
    expect(entrySaveError([{ path: EN }, { path: 'content/banners/bg/01-sale-orders.md' }], paths)).toMatch(/lies elsewhere \(content\/banners\/<language>\/\)\.$/);
    expect(entrySaveError([{ path: EN }, { path: 'content/blog/en/other.md' }], paths)).toBe(
      `The CMS backend refused to save ${EN} and content/blog/en/other.md together: one request is one entry, with one file a language; content/blog/en/other.md would be a second.`,
    );
    expect(entrySaveError([{ path: EN }, { path: 'content/blog/bg/other.md' }], paths)).toBe(
      `The CMS backend refused to save ${EN} and content/blog/bg/other.md together: an entry's files have one name in every language (stock-control-habits.md); content/blog/bg/other.md is named otherwise.`,
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
  it("takes an entry's files in every language, or media files", () => {
    expect(deleteSetError(['content/blog/en/stock-control-habits.md', 'content/blog/bg/stock-control-habits.md'], paths)).toBeNull();
    expect(deleteSetError([`${MEDIA_FOLDER}/a.png`], paths)).toBeNull();
    expect(deleteSetError([`${MEDIA_FOLDER}/a.png`, `${MEDIA_FOLDER}/b.webp`], paths)).toBeNull();
  });

  it('refuses a mixture: two entries, two collections, an entry with media files, nothing', () => {
    expect(deleteSetError(['content/blog/en/a.md', 'content/blog/bg/b.md'], paths)).toBe(
      "The CMS backend refused to delete content/blog/en/a.md and content/blog/bg/b.md together: an entry's files have one name in every language (a.md); content/blog/bg/b.md is named otherwise.",
    );
    expect(deleteSetError(['content/blog/en/a.md', 'content/banners/en/a.md'], paths)).toMatch(
      /^The CMS backend refused to delete content\/blog\/en\/a\.md and content\/banners\/en\/a\.md together: /,
    );
    expect(deleteSetError([`${MEDIA_FOLDER}/a.png`, 'content/blog/en/a.md'], paths)).toBe(
      `The CMS backend refused to delete "${MEDIA_FOLDER}/a.png" with content/blog/en/a.md: one request deletes one entry's files, or media files.`,
    );
    expect(deleteSetError([], paths)).toBe('The CMS backend refused to delete nothing: deleteFiles names at least one file.');
  });
});
