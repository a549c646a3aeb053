/** @jest-environment node */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import postcss from 'postcss';
import { LAYOUT, LAYOUT_MEDIA, LAYOUT_VALUES } from '../../features/site/layout';
import { layoutCss } from '../../features/site/layoutCss.node';
import { PROSE_SIZES, THUMBNAIL_SIZES } from '../../features/images/picture';
import { CODE_FOLDERS } from '../support/layout';
import { ROOT } from '../support/imports';
import { folderTree } from '../../system/folderTree';

const laidOut = (css: string) => postcss([layoutCss()]).process(css, { from: 'test.module.css' }).css;

describe('the layout in the stylesheets', () => {
  it("writes the layout's media queries and values in, and leaves every other custom property to the browser", () => {
    expect(laidOut('@media (--sidebar-beside) { .a { grid-template-columns: var(--sidebar-width) 1fr; gap: var(--space-12); } }')).toBe(
      '@media (min-width:1024px) { .a { grid-template-columns: 240px 1fr; gap: var(--space-12); } }',
    );
    expect(laidOut('@media (--sidebar-above) {}\n@media (--thumbnail-beside) and (prefers-reduced-motion: reduce) { .b { width: var(--thumbnail-width); } }')).toBe(
      '@media (max-width:1023px) {}\n@media (min-width:640px) and (prefers-reduced-motion: reduce) { .b { width: 192px; } }',
    );
  });

  it('stops the build at a media query the layout does not declare, naming it and those it does', () => {
    expect(() => laidOut('@media (--sidebar-besides) { .a {} }')).toThrow(
      '--sidebar-besides is no media query of the layout (features/site/layout.js): --sidebar-beside, --sidebar-above, --thumbnail-beside',
    );
  });

  it('is where the numbers live: no stylesheet writes a breakpoint or a width of the layout itself', () => {
    const sheets = CODE_FOLDERS.filter((folder) => !path.extname(folder)).flatMap((folder) =>
      folderTree(path.join(ROOT, folder))
        .files.filter((file) => file.endsWith('.css'))
        .map((file) => path.join(folder, file)),
    );
    expect(sheets.length).toBeGreaterThan(20);
    const breakpoints = Object.values(LAYOUT_MEDIA).map((query) => /(\d+)px/.exec(query)?.[1]);
    const widths = Object.values(LAYOUT_VALUES).map((value) => value.replace('px', ''));
    const written = sheets.flatMap((sheet) => {
      const css = readFileSync(path.join(ROOT, sheet), 'utf8');
      return [
        ...[...css.matchAll(/@media[^{]*?(?:min|max)-width:\s*(\d+)px/g)].map((match) => match[1]).filter((number) => breakpoints.includes(number)),
        ...[...css.matchAll(/grid-template-columns:[^;]*?\b(\d+)px/g)].map((match) => match[1]).filter((number) => widths.includes(number)),
      ].map((number) => `${sheet}: ${number}px`);
    });
    expect(written).toEqual([]);
  });
});

describe("the images' sizes", () => {
  it('are made from the same widths: the prose column beside the table of contents or alone, the thumbnail beside its title or above it', () => {
    const { proseImageWidth, sidebarFrom, sidebarWidth, sidebarGap, pagePadding, thumbnailFrom, thumbnailWidth } = LAYOUT;
    expect(PROSE_SIZES).toBe(
      `(min-width: ${proseImageWidth + 2 * pagePadding + sidebarWidth + sidebarGap}px) ${proseImageWidth}px, (min-width: ${sidebarFrom}px) calc(100vw - ${2 * pagePadding + sidebarWidth + sidebarGap}px), (min-width: ${proseImageWidth + 2 * pagePadding}px) ${proseImageWidth}px, calc(100vw - ${2 * pagePadding}px)`,
    );
    expect(PROSE_SIZES).toBe('(min-width: 1153px) 825px, (min-width: 1024px) calc(100vw - 328px), (min-width: 865px) 825px, calc(100vw - 40px)');
    expect(THUMBNAIL_SIZES).toBe(`(min-width: ${thumbnailFrom}px) ${thumbnailWidth}px, calc(100vw - 90px)`);
  });
});
