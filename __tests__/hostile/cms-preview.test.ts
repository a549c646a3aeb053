/** @jest-environment node */
/**
 * Hostile markdown in the CMS preview: the
 * preview runs an editor's text in the browser of whoever edits, inside
 * /admin/ where the CMS's session lives, so it must refuse what the build
 * refuses, in the build's words (file and line), and otherwise show payloads
 * only as text. Each fixture of __tests__/fixtures/hostile/cms-preview/, and
 * each of the markdown classes the build already refuses (code fences,
 * formulas), runs both ways: the build's real path and the preview's.
 */
import fs from 'node:fs';
import path from 'node:path';
import { markdownLabels } from '../../features/markdown/labels';
import { localeText } from '../../features/i18n/locales.node';
import { bodyHtml } from '../../features/cms/preview/markdown';
import { bodyLineOffset } from '../../features/cms/preview/views';
import { readFrontmatter } from '../../features/content/frontmatterParser';
import { HOSTILE, fixture, openedElements, renderContent, scratch, textOf } from '../support/hostile';

const CLASS = 'cms-preview';

let dir: string;
beforeAll(() => {
  dir = scratch(CLASS);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The preview of content/blog/en/<name>.md holding `source`, as the CMS hands it over: the body, the frontmatter's line count. */
function previewOf(name: string, source: string) {
  const file = `content/blog/en/${name}`;
  return bodyHtml(readFrontmatter(file, source).content, {
    name: file,
    lineOffset: bodyLineOffset(source),
    labels: markdownLabels((namespace, key, field) => localeText('en', namespace, key, field)),
    productName: 'StockPay',
  });
}

describe('hostile markdown in the CMS preview', () => {
  it.each(['script-spellings.md', 'diagram-settings.md', 'image-addresses.md'])("refuses %s with the build's message, naming the file and lines", async (name) => {
    const source = fixture(CLASS, name);
    const built = await renderContent(dir, `blog/en/${name}`, source);
    expect(built.error).toMatch(new RegExp(`^content/blog/en/${name.replace('.', '\\.')}:\\d+: `));
    expect(previewOf(name, source)).toEqual({ refused: built.error });
  });

  it('shows payloads in code, entities and math as text only, with the HTML the build makes', async () => {
    const source = fixture(CLASS, 'inert.md');
    const built = await renderContent(dir, 'blog/en/inert.md', source);
    const previewed = previewOf('inert.md', source);
    expect(previewed).toEqual({ html: built.html, diagrams: [] });
    const html = 'html' in previewed ? previewed.html : '';
    expect(openedElements(html)).not.toContain('script');
    expect(openedElements(html)).not.toContain('img');
    expect(textOf(html)).toContain('<script>alert(1)</script>');
    expect(textOf(html)).toContain('<script>alert(4)</script><img src=x onerror=alert(5)>');
  });

  it("shows markup in an image's alt text and caption as text only: the upload in the build's figure, the words escaped, nothing opened", async () => {
    const source = fixture(CLASS, 'image-words.md');
    const built = await renderContent(dir, 'blog/en/image-words.md', source);
    const previewed = previewOf('image-words.md', source);
    const html = 'html' in previewed ? previewed.html : '';
    // The build shows the site's own copies, the preview the upload; the words and the elements around them are the same.
    expect(built.error).toBeUndefined();
    expect(openedElements(html).filter((name) => name !== 'p')).toEqual(['figure', 'img', 'figcaption', 'img', 'img']);
    expect(openedElements(built.html ?? '').filter((name) => !['p', 'picture', 'source', 'a', 'span'].includes(name))).toEqual(['figure', 'img', 'figcaption', 'img', 'img']);
    expect(textOf(html)).toBe(textOf((built.html ?? '').replace(/<span class="visually-hidden">[^<]*<\/span>/g, '')));
    expect(textOf(html)).toContain("</figcaption><script>alert(3)</script><a href='javascript:alert(4)'>x</a>");
    expect([...html.matchAll(/<img src="([^"]*)"/g)].map((match) => match[1])).toEqual(['/media/labelled-stock.jpg', '/media/labelled-stock.jpg', '/media/labelled-stock.jpg']);
    expect(html).toContain('alt="&lt;img src=x onerror=alert(1)> &quot;quoted&quot; &amp; &lt;script>alert(2)&lt;/script>"');
    expect(html).toContain('alt="&quot; onerror=&quot;alert(5)"');
  });

  it.each(['code-fences', 'katex'])('agrees with the build on every fixture of the %s class: the same refusal, or the same HTML', async (other) => {
    for (const name of fs.readdirSync(path.join(HOSTILE, other)).filter((file) => file.endsWith('.md'))) {
      const source = fixture(other, name);
      const built = await renderContent(dir, `blog/en/${name}`, source);
      const previewed = previewOf(name, source);
      expect([name, previewed]).toEqual([name, built.error === undefined ? { html: built.html, diagrams: [] } : { refused: built.error }]);
    }
  });
});
