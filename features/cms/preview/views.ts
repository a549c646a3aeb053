/**
 * What the preview draws for one CMS entry, read from Decap's entry data
 * (the pane's language's fields and body): pure, so it is tested without a
 * browser. Fields the editor has not filled in yet read as empty.
 */
import type { ContentSection, CtaTarget } from '../../content/contentSchema';
import type { HomeIllustration } from '../../illustrations/illustrations';
import type { IconName } from '../../site/iconPaths';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../site/languages';

export interface EntryFacts {
  section: ContentSection;
  language: Language;
  /** The file's name: content/<section>/<language>/<name>.md. */
  name: string;
  /** Lines of frontmatter before the body in the saved file, so refusals count lines as the build does. */
  lineOffset: number;
}

export type PreviewView = EntryFacts &
  (
    | {
        kind: 'post';
        title: string;
        description: string;
        date: string;
        updated?: string;
        author?: string;
        tags: string[];
        /** The cover: an upload's address (/media/…) and what it shows. */
        image?: string;
        imageAlt?: string;
        body: string;
      }
    | { kind: 'document'; title: string; description: string; body: string }
    | { kind: 'banner'; title: string; illustration?: HomeIllustration; cta?: { label: string; target: CtaTarget }; body: string }
    | { kind: 'hero'; fields: Record<string, string> }
    | { kind: 'topics'; heading: string; lead: string; items: { label: string; icon: IconName }[] }
    | { kind: 'closing'; heading: string; lead: string; pricingLabel: string }
  );

const text = (value: unknown): string => (typeof value === 'string' ? value : value instanceof Date ? value.toISOString().slice(0, 10) : '');
const optional = (value: unknown): string | undefined => text(value) || undefined;

/**
 * The language and file name of an entry from its file's path
 * (content/<section>/<language>/<name>.md). In a collection with both
 * languages side by side (Decap's i18n), the path is the default
 * language's file and the pane's locale says which language it shows. A
 * new entry has no file yet: its collection's language says it, for a
 * collection of one language (blog_bg), or else the pane's.
 */
export function entryFile(path: string | undefined, paneLocale: string | undefined, sideBySide: boolean, collectionLanguage?: Language): { language: Language; name: string } {
  const match = /(?:^|\/)content\/[^/]+\/([^/]+)\/([^/]+)\.md$/.exec(path ?? '');
  const fromPath = match && isLanguage(match[1]) ? match[1] : undefined;
  const language = sideBySide && isLanguage(paneLocale) ? paneLocale : (fromPath ?? collectionLanguage ?? (isLanguage(paneLocale) ? paneLocale : DEFAULT_LANGUAGE));
  return { language, name: match ? match[2] : '' };
}

/**
 * How many lines come before the body in a markdown file: the frontmatter
 * and its two `---` lines, as gray-matter splits them (0 without frontmatter).
 */
export function bodyLineOffset(raw: string | undefined): number {
  const match = /^---[^\n]*\n(?:[\s\S]*?\n)?---[ \t]*(?:\r?\n|$)/.exec(raw ?? '');
  return match ? (match[0].match(/\n/g)?.length ?? 0) : 0;
}

/** The view of one entry of `section` (a home file is named by `name`: hero, topics, closing). */
export function previewView(facts: EntryFacts, data: Readonly<Record<string, unknown>>): PreviewView {
  const body = text(data.body);
  switch (facts.section) {
    case 'blog':
      return {
        ...facts,
        kind: 'post',
        title: text(data.title),
        description: text(data.description),
        date: text(data.date),
        updated: optional(data.updated),
        author: optional(data.author),
        tags: Array.isArray(data.tags) ? data.tags.map(text).filter(Boolean) : [],
        image: optional(data.image),
        imageAlt: optional(data.imageAlt),
        body,
      };
    case 'docs':
    case 'privacy':
      return { ...facts, kind: 'document', title: text(data.title), description: text(data.description), body };
    case 'banners': {
      const label = text(data.ctaLabel);
      const target = text(data.ctaTarget) as CtaTarget;
      return {
        ...facts,
        kind: 'banner',
        title: text(data.title),
        illustration: (optional(data.illustration) as HomeIllustration | undefined) ?? undefined,
        cta: label && target ? { label, target } : undefined,
        body,
      };
    }
    case 'home':
      if (facts.name === 'topics') {
        const items = Array.isArray(data.items) ? (data.items as Record<string, unknown>[]) : [];
        return {
          ...facts,
          kind: 'topics',
          heading: text(data.heading),
          lead: text(data.lead),
          items: items.map((item) => ({ label: text(item?.label), icon: text(item?.icon) as IconName })),
        };
      }
      if (facts.name === 'closing') return { ...facts, kind: 'closing', heading: text(data.heading), lead: text(data.lead), pricingLabel: text(data.pricingLabel) };
      return { ...facts, kind: 'hero', fields: Object.fromEntries(Object.entries(data).map(([key, value]) => [key, text(value)])) };
  }
}
