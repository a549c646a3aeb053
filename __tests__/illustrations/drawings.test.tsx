/** @jest-environment node */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { illustrationSvg, writeIllustrations } from '../../features/illustrations/drawings.node';
import { BRAND_COLORS } from '../../features/site/brand';
import { ILLUSTRATION_FILES, type IllustrationName } from '../../features/illustrations/illustrations';
import { publicDirOf } from '../../system/paths.js';

const names = Object.keys(ILLUSTRATION_FILES) as IllustrationName[];

describe('the home page drawings as SVG files', () => {
  it.each(names)('%s is a standalone SVG document of its registered size, painted without CSS', (name) => {
    const svg = illustrationSvg(name);
    const { width, height } = ILLUSTRATION_FILES[name];
    expect(svg).toMatch(new RegExp(`^<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}">`));
    expect(svg.trim().endsWith('</svg>')).toBe(true);
    expect(svg).not.toMatch(/class=|var\(--/);
    expect(svg).toContain(`fill="${BRAND_COLORS.brand}"`);
    // Every shape has a paint of its own or inherits one from a group.
    expect(svg.match(/<(rect|circle|path)\b(?![^>]*\b(fill|stroke)=)/g)?.length ?? 0).toBe(0);
  });

  it('writes every drawing where the pages link to it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'illustrations-'));
    try {
      await writeIllustrations(dir);
      for (const name of names) {
        expect(readFileSync(path.join(publicDirOf(dir), ILLUSTRATION_FILES[name].src), 'utf8')).toBe(illustrationSvg(name));
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
