import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repairStreamedHtml, withoutNulBytes } from '../../features/runtime/streamedHtml.node';

describe('withoutNulBytes', () => {
  it('gives null for bytes without a NUL, so untouched files are not rewritten', () => {
    expect(withoutNulBytes(Buffer.from('<p>Политика</p>'))).toBeNull();
  });

  it('removes every NUL and keeps the characters around it whole', () => {
    // What React's writer produced at a chunk's end: a two-byte letter moved to the next chunk, a zero byte left behind.
    const text = Buffer.from('<p>Политика за поверителност</p>');
    const broken = Buffer.concat([text.subarray(0, 17), Buffer.from([0]), text.subarray(17), Buffer.from([0, 0])]);
    expect(withoutNulBytes(broken)?.toString('utf8')).toBe('<p>Политика за поверителност</p>');
  });
});

describe('repairStreamedHtml', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'streamed-html-'));
    mkdirSync(path.join(dir, 'bg', 'contact'), { recursive: true });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('repairs the HTML files that hold NUL bytes, names them, and leaves every other file alone', () => {
    writeFileSync(path.join(dir, 'bg', 'contact', 'index.html'), Buffer.from('<p>нов\u0000 раздел</p>', 'utf8'));
    writeFileSync(path.join(dir, 'index.html'), '<p>fine</p>');
    writeFileSync(path.join(dir, 'data.bin'), Buffer.from([1, 0, 2]));
    mkdirSync(path.join(dir, 'page-data', '404.html'), { recursive: true });
    expect(repairStreamedHtml(dir)).toEqual(['bg/contact/index.html']);
    expect(readFileSync(path.join(dir, 'bg', 'contact', 'index.html'), 'utf8')).toBe('<p>нов раздел</p>');
    expect(readFileSync(path.join(dir, 'data.bin'))).toEqual(Buffer.from([1, 0, 2]));
    expect(repairStreamedHtml(dir)).toEqual([]);
  });
});
