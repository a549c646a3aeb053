/**
 * The site's real content files as page queries return them, for component
 * tests: the tests then check what the editors' files say, not a copy.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { KATEX_STYLESHEET } from '../../features/markdown/katexStylesheet.node';
import { readFrontmatter } from '../../features/content/frontmatterParser';
import { escapeHtml } from '../../features/site/html';
import { LANGUAGES, type Language } from '../../features/site/languages';

const CONTENT_DIR = path.join(__dirname, '..', '..', 'content');

function read(section: string, language: Language, name: string): { frontmatter: Record<string, unknown>; body: string } {
  const file = `content/${section}/${language}/${name}.md`;
  const { data, content } = readFrontmatter(file, readFileSync(path.join(CONTENT_DIR, section, language, `${name}.md`), 'utf8'));
  return { frontmatter: data, body: content };
}

/** HomeContent for `language`; each banner's html is its first paragraph as text (the markdown pipeline has its own tests). */
export function homeContent(language: Language = 'en'): Queries.HomeContentFragment {
  const banners = readdirSync(path.join(CONTENT_DIR, 'banners', language))
    .map((file) => file.replace(/\.md$/, ''))
    .map((name) => {
      const { frontmatter, body } = read('banners', language, name);
      return { html: `<p>${escapeHtml(body.trim().split(/\n\s*\n/)[0])}</p>`, fields: { name }, frontmatter };
    })
    .sort((a, b) => Number(a.frontmatter.order) - Number(b.frontmatter.order));
  const frontmatter = (name: string) => ({ frontmatter: read('home', language, name).frontmatter });
  return { hero: frontmatter('hero'), topics: frontmatter('topics'), closing: frontmatter('closing'), banners: { nodes: banners } } as unknown as Queries.HomeContentFragment;
}

/** What every static query of the site answers, from the same files (__mocks__/gatsby.ts returns it). */
export function staticQueryData(): Queries.ShareHeadlinesQuery & Queries.KatexStylesheetQuery {
  return {
    site: { siteMetadata: { katexStylesheet: KATEX_STYLESHEET } },
    heroes: {
      nodes: LANGUAGES.map((language) => ({ fields: { language }, frontmatter: { headline: String(read('home', language, 'hero').frontmatter.headline) } })),
    },
  };
}
