/** @jest-environment node */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { copyRelease } from '../../scripts/publish';

let dir: string;
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), text);
};
const inode = (file: string) => statSync(path.join(dir, file)).ino;

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'copy-release-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('copyRelease', () => {
  it('copies every file of the first release', () => {
    write('public/index.html', '<p>home</p>');
    write('public/bg/index.html', '<p>начало</p>');
    expect(copyRelease(path.join(dir, 'public'), undefined, path.join(dir, 'r1'))).toEqual({
      files: 2,
      linked: 0,
      copiedBytes: Buffer.byteLength('<p>home</p><p>начало</p>'),
      withCopies: new Set(),
    });
    expect(readFileSync(path.join(dir, 'r1/bg/index.html'), 'utf8')).toBe('<p>начало</p>');
  });

  it('hard-links every unchanged file to the release before and copies only what changed, so a release costs what changed', () => {
    write('public/index.html', '<p>home</p>');
    write('public/app-0123456789abcdef0123.js', 'app()');
    write('public/bg/index.html', '<p>начало</p>');
    copyRelease(path.join(dir, 'public'), undefined, path.join(dir, 'r1'));
    write('public/bg/index.html', '<p>ново начало</p>');
    write('public/share/new.png', 'png');
    const copy = copyRelease(path.join(dir, 'public'), path.join(dir, 'r1'), path.join(dir, 'r2'));
    expect(copy).toMatchObject({ files: 4, linked: 2, copiedBytes: Buffer.byteLength('<p>ново начало</p>') + 3 });
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
    expect(copyRelease(path.join(dir, 'public'), undefined, path.join(dir, 'r1')).files).toBe(1);
    expect(existsSync(path.join(dir, 'r1/index.html.br'))).toBe(false);
  });

  it("links an unchanged file's compressed copies with it when the release before has them, and says which", () => {
    write('public/index.html', '<p>home</p>');
    write('public/bg/index.html', '<p>начало</p>');
    copyRelease(path.join(dir, 'public'), undefined, path.join(dir, 'r1'));
    for (const copy of ['r1/index.html.br', 'r1/index.html.gz', 'r1/bg/index.html.br', 'r1/bg/index.html.gz']) write(copy, 'compressed');
    write('public/bg/index.html', '<p>ново начало</p>');
    const copy = copyRelease(path.join(dir, 'public'), path.join(dir, 'r1'), path.join(dir, 'r2'));
    expect(copy.withCopies).toEqual(new Set(['index.html']));
    expect(inode('r2/index.html.br')).toBe(inode('r1/index.html.br'));
    expect(inode('r2/index.html.gz')).toBe(inode('r1/index.html.gz'));
    expect(existsSync(path.join(dir, 'r2/bg/index.html.br'))).toBe(false);
  });

  it('refuses anything that is not a regular file, naming it', () => {
    write('public/index.html', '<p>home</p>');
    symlinkSync('/etc/passwd', path.join(dir, 'public/passwd.txt'));
    expect(() => copyRelease(path.join(dir, 'public'), undefined, path.join(dir, 'r1'))).toThrow('public/passwd.txt is not a regular file');
  });
});
