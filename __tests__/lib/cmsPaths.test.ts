import { cmsConfig } from '../../src/lib/cmsConfig';
import { cmsFolders, cmsPathError, cmsPaths, shownPath, type CmsAccess } from '../../src/lib/cmsPaths';

const paths = cmsPaths(cmsConfig({ name: 'local', url: 'http://127.0.0.1:8081/api/v1' }, { common: { launchApp: 'Launch app' }, blog: { readMore: 'Read more' } }));
const ACCESSES: CmsAccess[] = ['read', 'list', 'entry', 'media', 'delete'];
const allowedFor = (file: string) => ACCESSES.filter((access) => cmsPathError(file, access, paths) === null);

describe('the paths the CMS backend may touch', () => {
  it('are the folders and files of the CMS config and its media folder', () => {
    const byFolder = (a: { folder: string }, b: { folder: string }) => a.folder.localeCompare(b.folder);
    expect([...paths.entryFolders].sort(byFolder)).toEqual([
      { folder: 'content/banners', deletable: true },
      { folder: 'content/blog', deletable: true },
      // One named file per language: nothing to delete.
      { folder: 'content/docs', deletable: false },
      { folder: 'content/privacy', deletable: false },
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
    expect(paths.mediaFolder).toBe('static/media');
    expect(cmsFolders(paths)).toEqual(['content/', 'locales/', 'static/media/']);
  });

  it('allow each kind of access where the CMS needs it, and no more', () => {
    expect(allowedFor('content/blog/en/stock-control-habits.md')).toEqual(['read', 'entry', 'delete']);
    expect(allowedFor('content/docs/en/readme.md')).toEqual(['read', 'entry']);
    expect(allowedFor('content/home/en/hero.md')).toEqual(['read', 'entry']);
    expect(allowedFor('locales/bg/common.json')).toEqual(['read', 'entry']);
    expect(allowedFor('content/social.json')).toEqual(['read', 'entry']);
    expect(allowedFor('content/blog')).toEqual(['list']);
    expect(allowedFor('static/media')).toEqual(['list']);
    expect(allowedFor('static/media/photo.png')).toEqual(['read', 'media', 'delete']);
    // Not an entry: another extension, or not inside a collection.
    expect(allowedFor('content/blog/en/post.html')).toEqual(['read']);
    expect(allowedFor('content/blog.md')).toEqual([]);
    expect(allowedFor('content/home/en/new.md')).toEqual([]);
    expect(allowedFor('locales/bg/evil.json')).toEqual([]);
    expect(allowedFor('locales/bg')).toEqual([]);
    expect(allowedFor('static/favicon.svg')).toEqual([]);
    expect(allowedFor('static/mediax/photo.png')).toEqual([]);
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
        `The CMS backend refused the path ${shownPath(file)}: it ${reason}. The CMS uses paths relative to the repository, under content/, locales/ and static/media/, made of ASCII letters, digits, ".", "_" and "-".`,
      );
    }
    expect(cmsPathError('package.json', 'entry', paths)).toBe(
      'The CMS backend refused the path "package.json": the CMS writes its collections\' entries (.md) and files only (under content/, locales/ and static/media/).',
    );
    expect(cmsPathError('content/docs/en/readme.md', 'delete', paths)).toBe(
      'The CMS backend refused the path "content/docs/en/readme.md": the CMS deletes entries of collections that allow it and media files only (under content/, locales/ and static/media/).',
    );
  });

  it('show a path quoted, escaped and cut short', () => {
    expect(shownPath('a\0b\n')).toBe('"a\\u0000b\\n"');
    expect(shownPath('x'.repeat(200))).toBe(`"${'x'.repeat(120)}…"`);
    expect(shownPath({ path: 1 })).toBe('{"path":1}');
    expect(shownPath(undefined)).toBe('undefined');
  });
});
