import type { GatsbyNode } from 'gatsby';
import { checkMarkup } from '../features/markdown/markupBoundary';
import { sourceName, type GetNode, type SourceNode } from '../features/markdown/markdownSource.node';
import { isLanguage } from '../features/site/languages';
import { translationNotice } from '../features/translations/translations.node';

type Resolve = (source: SourceNode, args: Record<string, unknown>, context: ResolverContext, info: ResolverInfo) => unknown;
interface ResolverInfo {
  originalResolver: Resolve;
}
interface ResolverContext {
  nodeModel: { getNodeById(args: { id: string }): ReturnType<GetNode> };
}
/** A content file's node: where it comes from under content/. */
type ContentNode = SourceNode & { fields?: { section?: string; language?: string; name?: string } };

/** Bodies already let through in this process: a page and its /en/ copy query the same html. */
const passed = new Set<string>();

/**
 * The html of a markdown node once it has passed the markup boundary,
 * unchanged; a refusal names the file under
 * content/, or the URL of a fetched README. The tests' remark pipeline
 * (__tests__/support/transformRemark.ts) calls this too.
 */
export function boundedHtml(markdownNode: SourceNode, html: string, getNode: GetNode): string {
  if (passed.has(html)) return html;
  checkMarkup(html, sourceName(markdownNode, getNode));
  passed.add(html);
  return html;
}

/** Fields of MarkdownRemark that give HTML around the boundary: refused, so no page starts to use one unchecked. */
const UNCHECKED_HTML_FIELDS = ['htmlAst', 'excerptAst', 'tableOfContents'];

const unchecked = (field: string) => () => {
  throw new Error(`MarkdownRemark.${field} gives HTML that has not passed the markup boundary (features/markdown/markupBoundary.ts): query html instead`);
};

/**
 * Every page, feed and fetched README takes a markdown body's HTML from
 * MarkdownRemark.html, which this wraps: gatsby-transformer-remark's html,
 * after all remark plugins, goes through the markup boundary.
 *
 * MarkdownRemark.translationNotice says whether a content file's copy is
 * behind its original (features/translations/): read from the files, as
 * `npm run translations` reads them. A page that shows it also asks for
 * its other language's copy (`otherCopy`), so that Gatsby re-runs its
 * query when its original changes, not only when its own file does.
 * https://www.gatsbyjs.com/docs/reference/config-files/gatsby-node/#createResolvers
 */
export const createResolvers: GatsbyNode['createResolvers'] = ({ createResolvers: create, store }) => {
  const { program } = store.getState() as { program: { directory: string } };
  create({
    MarkdownRemark: {
      translationNotice: {
        type: 'TranslationNotice',
        resolve(source: ContentNode) {
          const { section, language, name } = source.fields ?? {};
          // A fetched README has no file of its own under content/.
          if (typeof source.fileAbsolutePath !== 'string' || !section || !name || !isLanguage(language)) return null;
          return translationNotice(program.directory, section, name, language);
        },
      },
      html: {
        async resolve(source: SourceNode, args: Record<string, unknown>, context: ResolverContext, info: ResolverInfo) {
          const html = await info.originalResolver(source, args, context, info);
          if (typeof html !== 'string') return html;
          return boundedHtml(source, html, (id) => context.nodeModel.getNodeById({ id }));
        },
      },
      excerpt: {
        resolve(source: SourceNode, args: Record<string, unknown>, context: ResolverContext, info: ResolverInfo) {
          if (args.format === 'HTML') unchecked('excerpt(format: HTML)')();
          return info.originalResolver(source, args, context, info);
        },
      },
      ...Object.fromEntries(UNCHECKED_HTML_FIELDS.map((field) => [field, { resolve: unchecked(field) }])),
    },
  });
};
