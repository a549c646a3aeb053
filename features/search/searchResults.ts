/**
 * What the search page reads from its address, and how a Pagefind result
 * becomes what the page shows. Pure; loaded with the search page
 * only (features/search/SearchView.tsx).
 */
import { localizedPath, DEFAULT_LANGUAGE, type Language } from '../site/languages';
import { QUERY_PARAMETER } from './search';
import { SEARCH_PATH } from '../site/routes';

/** Longer queries are cut: nobody types more, and Pagefind's work grows with the words. */
export const MAX_QUERY_LENGTH = 200;

/** Sub-results (sections of one page) shown under each result. */
export const MAX_SUB_RESULTS = 3;

/** Results shown at once; "Show more" adds as many again. */
export const RESULTS_PER_PAGE = 10;

/** The query in a search page's address (`location.search`): whitespace collapsed, at most MAX_QUERY_LENGTH characters; '' when none. */
export function queryFromSearch(search: string): string {
  const value = new URLSearchParams(search).get(QUERY_PARAMETER) ?? '';
  return value.replace(/\s+/g, ' ').trim().slice(0, MAX_QUERY_LENGTH).trim();
}

/** The address of `language`'s search page for `query` (the canonical one: /search/ for English, /bg/search/). */
export function searchHref(language: Language, query: string): string {
  return addressWithQuery(localizedPath(language, SEARCH_PATH, language !== DEFAULT_LANGUAGE), query);
}

/** A run of excerpt text, highlighted (Pagefind's <mark>) or not. */
export interface ExcerptPart {
  text: string;
  mark: boolean;
}

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Text with HTML character references decoded; unknown or invalid ones stay as they are. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,6});/gi, (whole, name: string) => {
    const code = name[0] !== '#' ? undefined : name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    if (code === undefined) return ENTITIES[name.toLowerCase()] ?? whole;
    return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : whole;
  });
}

/**
 * Pagefind's excerpt (text with its HTML escaped and the matches in
 * <mark>…</mark>) as plain text runs, highlighted or not, to render as
 * React text: never as HTML. Any other tag is dropped, whatever its case
 * or spacing; its text stays, as text. Adjacent runs of one kind are joined.
 */
export function excerptParts(excerpt: string): ExcerptPart[] {
  const parts: ExcerptPart[] = [];
  let mark = false;
  const push = (raw: string) => {
    const text = decodeEntities(raw.replace(/<[^>]*>?/g, ''));
    if (text === '') return;
    const last = parts.at(-1);
    if (last && last.mark === mark) last.text += text;
    else parts.push({ text, mark });
  };
  for (const piece of excerpt.split(/(<\s*\/?\s*mark\b[^>]*>)/i)) {
    if (/^<\s*\/\s*mark\b/i.test(piece)) mark = false;
    else if (/^<\s*mark\b/i.test(piece)) mark = true;
    else push(piece);
  }
  return parts;
}

/** What Pagefind's `result.data()` gives, as far as the page reads it. */
export interface PagefindSubResult {
  title?: string;
  url?: string;
  excerpt?: string;
}

export interface PagefindData {
  url?: string;
  excerpt?: string;
  meta?: Record<string, string | undefined>;
  sub_results?: PagefindSubResult[];
}

export interface SearchSection {
  title: string;
  href: string;
  excerpt: ExcerptPart[];
}

export interface SearchResult {
  title: string;
  href: string;
  /** The post's date (YYYY-MM-DD) for a blog post, else null. */
  date: string | null;
  excerpt: ExcerptPart[];
  /** The matching sections of the page, by their heading, linking to its id. */
  sections: SearchSection[];
}

/** A link into this site: a path, never another origin or scheme; anything else is null. */
export function siteHref(url: string | undefined): string | null {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//') || /[\\\s]/.test(url)) return null;
  return url;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const plain = (text: string | undefined): string => decodeEntities((text ?? '').replace(/<[^>]*>?/g, '')).trim();

/**
 * One result as the page shows it: the page's own heading as its title
 * (Pagefind's meta title, the first <h1> of the indexed region), the
 * excerpt as text runs, the post's date when the page has one (the post's
 * data-pagefind-meta), and at most MAX_SUB_RESULTS sections: those with a
 * heading id of their own (the page itself, which Pagefind lists as a
 * sub-result when it has no headings, is left out). Null for a result
 * whose address is not a path of this site.
 */
export function shapeResult(data: PagefindData): SearchResult | null {
  const href = siteHref(data.url);
  if (href === null) return null;
  const title = plain(data.meta?.title) || href;
  const date = data.meta?.date && DATE.test(data.meta.date) ? data.meta.date : null;
  const sections = (data.sub_results ?? []).flatMap((sub): SearchSection[] => {
    const subHref = siteHref(sub.url);
    if (subHref === null || !subHref.includes('#') || subHref.split('#')[0] !== href.split('#')[0]) return [];
    const subTitle = plain(sub.title);
    return subTitle === '' ? [] : [{ title: subTitle, href: subHref, excerpt: excerptParts(sub.excerpt ?? '') }];
  });
  return { title, href, date, excerpt: excerptParts(data.excerpt ?? ''), sections: sections.slice(0, MAX_SUB_RESULTS) };
}

/** The address of the search page at `pathname` with `query` in it, as the page keeps it while one types (history.replaceState). */
export function addressWithQuery(pathname: string, query: string): string {
  const trimmed = query.trim();
  return trimmed === '' ? pathname : `${pathname}?${new URLSearchParams({ [QUERY_PARAMETER]: trimmed }).toString()}`;
}
