/**
 * gatsby-plugin-feed's options: one RSS 2.0 feed per language
 * (/rss.xml, /bg/rss.xml) of its published posts, newest first, with
 * absolute links (features/blog/blog.ts builds the items); every page of a
 * language links its own feed from its <head> (`match`).
 */
import { BLOG_PATH, feedItems, feedPageMatch, feedPath, type FeedItem, type FeedPost } from './blog';
import { LANGUAGES, isLanguage, localizedPath, DEFAULT_LANGUAGE, type Language } from '../site/languages';
import { escapeAngleBrackets, escapeHtmlText } from '../site/html';
import { fillProductName } from '../site/productName';
import { readLocaleString } from '../i18n/localeFiles.node';

const postsQuery = (language: Language): string => `{
  allMarkdownRemark(filter: { fields: { section: { eq: "blog" }, language: { eq: "${language}" }, published: { eq: true } } }) {
    nodes {
      fields { name language }
      frontmatter { title description date(formatString: "YYYY-MM-DD") tags author }
    }
  }
}`;

interface FeedNode {
  fields?: { name?: unknown; language?: unknown };
  frontmatter?: { title?: unknown; description?: unknown; date?: unknown; tags?: unknown; author?: unknown };
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The posts of the feed query's answer, {{product}} filled in. */
export function feedPosts(answer: unknown, productName: string): FeedPost[] {
  const nodes = (answer as { allMarkdownRemark?: { nodes?: FeedNode[] } } | undefined)?.allMarkdownRemark?.nodes ?? [];
  return nodes.flatMap((node): FeedPost[] => {
    const language = node.fields?.language;
    if (!isLanguage(language)) return [];
    const { title, description, date, tags, author } = node.frontmatter ?? {};
    return [
      {
        slug: text(node.fields?.name),
        language,
        title: fillProductName(text(title), productName),
        description: fillProductName(text(description), productName),
        date: text(date),
        tags: Array.isArray(tags) ? tags.filter((tag): tag is string => typeof tag === 'string') : [],
        author: typeof author === 'string' && author ? fillProductName(author, productName) : null,
      },
    ];
  });
}

type FeedOptions = {
  query: string;
  feeds: {
    output: string;
    title: string;
    match: string;
    query: string;
    serialize: (locals: { query: unknown }) => FeedItem[];
    setup: () => Record<string, string>;
  }[];
};

/** The plugin's options; `directory` is the project (for locales/). */
export function feedOptions(directory: string, siteUrl: string, productName: string): FeedOptions {
  const origin = siteUrl.replace(/\/+$/, '');
  return {
    // The plugin's default query asks for fields our site metadata does not have.
    query: '{ site { siteMetadata { siteUrl } } }',
    feeds: LANGUAGES.map((language) => {
      const title = readLocaleString(directory, language, 'blog', 'feedTitle', productName);
      return {
        output: feedPath(language),
        title,
        match: feedPageMatch(language),
        query: postsQuery(language),
        serialize: ({ query }) => feedItems(feedPosts(query, productName), language, siteUrl),
        // Escaped as feedItems escapes an item's title and description.
        setup: () => ({
          title: escapeAngleBrackets(title),
          description: escapeHtmlText(readLocaleString(directory, language, 'blog', 'description', productName)),
          site_url: `${origin}${localizedPath(language, BLOG_PATH, language !== DEFAULT_LANGUAGE)}`,
          feed_url: `${origin}${feedPath(language)}`,
          language,
          generator: productName,
        }),
      };
    }),
  };
}
