import { FILES_RECORD_PATH, filesRecord, normalClaim, ownership, ownershipProblems, parseFilesRecord, recordedFiles, type Producer } from '../../features/hosting/publicOwners';

const claims = (entries: [Producer, string[]][]) => new Map<Producer, string[]>(entries);

describe('ownership', () => {
  it('gives every file its one writer when public/ is exactly what was claimed', () => {
    const result = ownership(
      ['index.html', 'page-data/index/page-data.json', 'favicon.svg'],
      claims([
        ['pages', ['index.html', '/page-data/index/page-data.json']],
        ['static', ['favicon.svg']],
      ]),
      undefined,
    );
    expect([...result.owners]).toEqual([
      ['favicon.svg', 'static'],
      ['index.html', 'pages'],
      ['page-data/index/page-data.json', 'pages'],
    ]);
    expect(ownershipProblems(result)).toEqual([]);
  });

  it('names a path two writers claim, both writers, and what to do', () => {
    const result = ownership(
      ['page-data/blog/a/page-data.json'],
      claims([
        ['pages', ['page-data/blog/a/page-data.json']],
        ['static', ['page-data/blog/a/page-data.json']],
      ]),
      undefined,
    );
    expect(result.collisions).toEqual([{ file: 'page-data/blog/a/page-data.json', producers: ['pages', 'static'] }]);
    expect(ownershipProblems(result)).toEqual([
      "public/page-data/blog/a/page-data.json is written by Gatsby's pages and page data and by the site's own images from static/ (features/images/staticImages.node.ts); one path has one writer: rename or remove the one that is content",
    ]);
  });

  it('names a claimed file that is missing, and a file nobody claimed', () => {
    const result = ownership(['x/anything.js', 'index.html'], claims([['pages', ['index.html', '404.html']]]), undefined);
    expect(ownershipProblems(result)).toEqual([
      "public/404.html is missing, though Gatsby's pages and page data claimed it",
      'public/x/anything.js is in public/, but no writer of this build or the one before made it: remove it, or give it a writer',
    ]);
  });

  it("tells an earlier build's file (to remove) from one that appeared from nowhere (to refuse)", () => {
    const result = ownership(['index.html', 'media/old.png', 'app-old.js', 'planted.js'], claims([['pages', ['index.html']]]), {
      static: ['media/old.png'],
      bundles: ['app-old.js'],
      pages: ['index.html'],
    });
    expect(result.stale).toEqual(['app-old.js', 'media/old.png']);
    expect(result.unclaimed).toEqual(['planted.js']);
  });

  it('costs a few passes over the files and one over the claims, not one per writer and file', () => {
    const files = Array.from({ length: 60_000 }, (_, i) => `blog/post-${i}/index.html`);
    // Counted, not timed: every file read from the list, failing at once past three passes (today: two, a set and a sorted copy).
    let reads = 0;
    const budget = 3 * files.length;
    const listed = new Proxy(files, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key) && ++reads > budget) throw new Error(`ownership read public/'s list more than ${budget} times`);
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    // A claim can be walked once: a second pass over it would find it empty, and the files unclaimed.
    function* claimedOnce(): Generator<string> {
      yield* files;
    }
    const result = ownership(listed, new Map([['pages', claimedOnce()]]), { pages: files });
    expect(result.owners.size).toBe(60_000);
    expect(result.unclaimed).toEqual([]);
    expect(filesRecord(result.owners).pages).toHaveLength(60_000);
    expect(reads).toBeLessThanOrEqual(budget);
  });
});

describe('normalClaim', () => {
  it('takes a path under public/, with or without its leading slash', () => {
    expect(normalClaim('pages', '/docs/index.html')).toBe('docs/index.html');
    expect(normalClaim('pages', 'docs/index.html')).toBe('docs/index.html');
  });

  it('refuses a claim outside public/ or of a folder, naming the writer', () => {
    for (const bad of ['', '/', '../etc/passwd', 'a/../../b', 'a//b', 'a/./b', 'docs/']) {
      expect(() => normalClaim('static', bad)).toThrow(
        `the site's own images from static/ (features/images/staticImages.node.ts) claimed ${JSON.stringify(bad)}, which is not a file path under public/`,
      );
    }
  });
});

describe('the record of owners', () => {
  it('lists every file under its writer, sorted, and reads back', () => {
    const record = filesRecord(
      new Map<string, Producer>([
        ['index.html', 'pages'],
        ['_headers', 'hosting'],
        ['404.html', 'pages'],
      ]),
    );
    expect(record).toEqual({ hosting: ['_headers'], pages: ['404.html', 'index.html'] });
    expect(Object.keys(record)).toEqual(['hosting', 'pages']);
    expect(parseFilesRecord(JSON.stringify(record))).toEqual(record);
    expect(recordedFiles(record)).toEqual(['404.html', '_headers', 'index.html']);
    expect(FILES_RECORD_PATH).toBe('/_files.json');
  });

  it('says what is wrong with anything else', () => {
    expect(() => parseFilesRecord('nope')).toThrow('it is not JSON');
    expect(() => parseFilesRecord('[]')).toThrow('it is not an object');
    expect(() => parseFilesRecord('{"editor":["a"]}')).toThrow('"editor" is not a writer of public/');
    expect(() => parseFilesRecord('{"pages":"a"}')).toThrow('"pages" must list file paths');
    expect(() => parseFilesRecord('{"pages":["../../etc/passwd"]}')).toThrow('not a file path under public/');
  });
});
