/** @jest-environment node */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { copyRelease } from '../../features/hosting/releases.node';
import { publicDirOf } from '../../system/paths.js';

let dir: string;
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), text);
};
const inode = (file: string) => statSync(path.join(dir, file)).ino;
/** What the build records it wrote (public/_files.json); returns the record's size in bytes. */
const record = (files: string[]): number => {
  const text = JSON.stringify({ pages: files });
  write('public/_files.json', text);
  return Buffer.byteLength(text);
};

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'copy-release-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('copyRelease', () => {
  it('copies every file the build wrote into the first release, with its record', () => {
    write('public/index.html', '<p>home</p>');
    write('public/bg/index.html', '<p>начало</p>');
    const size = record(['bg/index.html', 'index.html']);
    expect(copyRelease(publicDirOf(dir), undefined, path.join(dir, 'r1'))).toEqual({
      files: 3,
      linked: 0,
      copiedBytes: Buffer.byteLength('<p>home</p><p>начало</p>') + size,
      withCopies: new Set(),
    });
    expect(readFileSync(path.join(dir, 'r1/bg/index.html'), 'utf8')).toBe('<p>начало</p>');
    expect(existsSync(path.join(dir, 'r1/_files.json'))).toBe(true);
  });

  it('links a build identical in its files, the record listing itself included, once each: only a page whose bytes changed is copied', () => {
    write('public/index.html', '<p>home</p>');
    write('public/pricing/index.html', '<p>29.00</p>');
    const files = ['index.html', 'pricing/index.html', '_files.json'];
    record(files);
    copyRelease(publicDirOf(dir), undefined, path.join(dir, 'r1'));
    write('public/pricing/index.html', '<p>31.00</p>');
    expect(copyRelease(publicDirOf(dir), path.join(dir, 'r1'), path.join(dir, 'r2'))).toEqual({
      files: 3,
      linked: 2,
      copiedBytes: Buffer.byteLength('<p>31.00</p>'),
      withCopies: new Set(),
    });
    expect(inode('r2/_files.json')).toBe(inode('r1/_files.json'));
    expect(readFileSync(path.join(dir, 'r2/pricing/index.html'), 'utf8')).toBe('<p>31.00</p>');
  });

  it('copies only what the build recorded: a file left in public/ by anything else never reaches a release', () => {
    write('public/index.html', '<p>home</p>');
    write('public/media/deleted-from-static.png', 'png');
    write('public/x/anything.js', 'planted()');
    record(['index.html']);
    expect(copyRelease(publicDirOf(dir), undefined, path.join(dir, 'r1')).files).toBe(2);
    expect(existsSync(path.join(dir, 'r1/media'))).toBe(false);
    expect(existsSync(path.join(dir, 'r1/x'))).toBe(false);
  });

  it('refuses public/ without a record, or one that lists what public/ does not hold', () => {
    write('public/index.html', '<p>home</p>');
    expect(() => copyRelease(publicDirOf(dir), undefined, path.join(dir, 'r1'))).toThrow('public/_files.json is missing: build the site with this version of the project first');
    write('public/_files.json', '{"pages": ["../../etc/passwd"]}');
    expect(() => copyRelease(publicDirOf(dir), undefined, path.join(dir, 'r1'))).toThrow("public/_files.json is not a record of the build's files");
    record(['index.html', 'gone.html']);
    expect(() => copyRelease(publicDirOf(dir), undefined, path.join(dir, 'r1'))).toThrow("public/gone.html is in the build's record but not a regular file of public/");
  });

  it('hard-links every unchanged file to the release before and copies only what changed, so a release costs what changed', () => {
    write('public/index.html', '<p>home</p>');
    write('public/app-0123456789abcdef0123.js', 'app()');
    write('public/bg/index.html', '<p>начало</p>');
    record(['app-0123456789abcdef0123.js', 'bg/index.html', 'index.html']);
    copyRelease(publicDirOf(dir), undefined, path.join(dir, 'r1'));
    write('public/bg/index.html', '<p>ново начало</p>');
    write('public/share/new.png', 'png');
    const size = record(['app-0123456789abcdef0123.js', 'bg/index.html', 'index.html', 'share/new.png']);
    const copy = copyRelease(publicDirOf(dir), path.join(dir, 'r1'), path.join(dir, 'r2'));
    expect(copy).toMatchObject({ files: 5, linked: 2, copiedBytes: Buffer.byteLength('<p>ново начало</p>') + 3 + size });
    expect(inode('r2/index.html')).toBe(inode('r1/index.html'));
    expect(statSync(path.join(dir, 'r2/index.html')).nlink).toBe(2);
    expect(inode('r2/bg/index.html')).not.toBe(inode('r1/bg/index.html'));
    // Removing the older release leaves the newer whole: the links keep the bytes.
    rmSync(path.join(dir, 'r1'), { recursive: true });
    expect(readFileSync(path.join(dir, 'r2/index.html'), 'utf8')).toBe('<p>home</p>');
    expect(statSync(path.join(dir, 'r2/index.html')).nlink).toBe(1);
  });

  it('leaves out the compressed copies that serving public/ left there: the release gets its own', () => {
    write('public/index.html', '<p>home</p>');
    write('public/index.html.br', 'an old copy');
    write('public/index.html.gz', 'an old copy');
    record(['index.html']);
    expect(copyRelease(publicDirOf(dir), undefined, path.join(dir, 'r1')).files).toBe(2);
    expect(existsSync(path.join(dir, 'r1/index.html.br'))).toBe(false);
  });

  it("links an unchanged file's compressed copies with it when the release before has them, and says which", () => {
    write('public/index.html', '<p>home</p>');
    write('public/bg/index.html', '<p>начало</p>');
    record(['bg/index.html', 'index.html']);
    copyRelease(publicDirOf(dir), undefined, path.join(dir, 'r1'));
    for (const copy of ['r1/index.html.br', 'r1/index.html.gz', 'r1/bg/index.html.br', 'r1/bg/index.html.gz']) write(copy, 'compressed');
    write('public/bg/index.html', '<p>ново начало</p>');
    const copy = copyRelease(publicDirOf(dir), path.join(dir, 'r1'), path.join(dir, 'r2'));
    expect(copy.withCopies).toEqual(new Set(['index.html']));
    expect(inode('r2/index.html.br')).toBe(inode('r1/index.html.br'));
    expect(inode('r2/index.html.gz')).toBe(inode('r1/index.html.gz'));
    expect(existsSync(path.join(dir, 'r2/bg/index.html.br'))).toBe(false);
  });

  it('refuses anything that is not a regular file, naming it, a linked folder included', () => {
    write('public/index.html', '<p>home</p>');
    symlinkSync('/etc/passwd', path.join(dir, 'public/passwd.txt'));
    record(['index.html']);
    expect(() => copyRelease(publicDirOf(dir), undefined, path.join(dir, 'r1'))).toThrow('public/passwd.txt is not a regular file');
    rmSync(path.join(dir, 'public/passwd.txt'));
    symlinkSync('/etc', path.join(dir, 'public/blog'));
    record(['index.html', 'blog/passwd']);
    expect(() => copyRelease(publicDirOf(dir), undefined, path.join(dir, 'r1'))).toThrow('public/blog is not a regular file');
  });
});
