/**
 * A markdown body as the build renders it, in the browser, for the CMS
 * preview: parsed as gatsby-transformer-remark parses it (remark 13 with
 * GFM, footnotes and the math syntax), run through the site's own remark
 * transforms in the build's order, turned into HTML with
 * the transformer's options, held to the markup boundary
 * and given the product's name as the pages give
 * it. Any refusal comes back in the words the build fails with.
 *
 * One step differs, because the build draws diagrams in a headless browser
 * (features/markdown/remark-mermaid): here a diagram's source is checked with
 * the build's rules, its place is left as an empty figure, and the preview
 * draws it (./diagrams.ts).
 */
import remark from 'remark';
import remarkGfm from 'remark-gfm';
import remarkFootnotes from 'remark-footnotes';
import remarkMath from 'remark-math';
import toHast from 'mdast-util-to-hast';
import toHtml from 'hast-util-to-html';
import type { Node } from 'unist';
import { REMARK_PLUGINS } from '../../markdown/order';
import { sourceProblems, type MdastNode } from '../../markdown/markup';
import type { MarkdownLabels } from '../../markdown/labels';
import { checkMarkdownTree } from '../../markdown/remark-safe-markdown/rules';
import { bodyImages, replaceImages } from '../../images/remark-images/transform';
import { uploadHtml } from '../../images/picture';
import { MEDIA_FOLDER, MEDIA_PATH } from '../../images/paths';
import { diagramProblems } from '../../markdown/remark-mermaid/rules';
import { frameBlocks } from '../../markdown/remark-block-frames/transform';
import { highlightCode } from '../../markdown/remark-code/transform';
import { renderMath } from '../../markdown/remark-math/transform';
import { emojifyText } from '../../markdown/remark-emoji/transform';
import { headingIds } from '../../markdown/remark-heading-ids/transform';
import { markExternalLinks } from '../../markdown/remark-external-links/transform';
import { checkMarkup } from '../../markdown/markupBoundary';
import { fillProductNameInHtml } from '../../site/productName';

export interface MarkdownSource {
  /** How refusals name the file: content/<section>/<lang>/<name>.md. */
  name: string;
  /** Lines of frontmatter before the body, so refusals count lines in the file. */
  lineOffset: number;
  /** The file's language's UI strings the transforms write. */
  labels: MarkdownLabels;
  productName: string;
}

export type RenderedMarkdown =
  /** The body's HTML; each diagram an empty `<figure class="diagram">`, in the order of `diagrams`, their sources. */
  | { html: string; diagrams: string[] }
  /** What the build would fail with, one refusal a line. */
  | { refused: string };

/** The empty figure a diagram is drawn into (./diagrams.ts): the class the build's drawn figure has. */
export const DIAGRAM_PLACEHOLDER = '<figure class="diagram"></figure>';

type Step = (tree: MdastNode, source: MarkdownSource, diagrams: string[]) => void;

/** Each plugin's transform, by the plugin's name: TypeScript holds that every plugin of features/markdown/order.js has one. */
const STEPS: Record<(typeof REMARK_PLUGINS)[number], Step> = {
  'stockpay-remark-safe-markdown': (tree, { name, lineOffset }) => {
    const problems = checkMarkdownTree(tree);
    if (problems.length > 0) throw new Error(sourceProblems(problems, name, lineOffset));
  },
  'stockpay-remark-images': (tree, { name, lineOffset }) => {
    const found = bodyImages(tree);
    if (found.problems.length > 0) throw new Error(sourceProblems(found.problems, name, lineOffset));
    replaceImages(found.images, (image) =>
      uploadHtml({ url: `${MEDIA_PATH}${image.source.slice(MEDIA_FOLDER.length + 1)}`, alt: image.alt, title: image.title, block: image.block }),
    );
  },
  'stockpay-remark-mermaid': (tree, { name, lineOffset }, diagrams) => {
    const nodes: MdastNode[] = [];
    const collect = (node: MdastNode) => {
      if (node.type === 'code' && node.lang === 'mermaid') nodes.push(node);
      (node.children ?? []).forEach(collect);
    };
    collect(tree);
    const problems = nodes.flatMap((node) => diagramProblems(node.value ?? '', node.position?.start.line, name, lineOffset));
    if (problems.length > 0) throw new Error(problems.join('\n'));
    for (const node of nodes) {
      diagrams.push(node.value ?? '');
      node.type = 'html';
      node.value = DIAGRAM_PLACEHOLDER;
      delete node.lang;
    }
  },
  'stockpay-remark-block-frames': (tree, { labels }) => frameBlocks(tree, labels),
  'stockpay-remark-code': (tree) => highlightCode(tree),
  'stockpay-remark-math': (tree, { name, lineOffset }) => renderMath(tree, name, lineOffset),
  'stockpay-remark-emoji': (tree) => emojifyText(tree),
  'stockpay-remark-heading-ids': (tree, { name, lineOffset }) => headingIds(tree, name, lineOffset),
  'stockpay-remark-external-links': (tree, { labels }) => markExternalLinks(tree, labels.newTab),
};

type RemarkPlugin = Extract<Parameters<ReturnType<typeof remark>['use']>[0], (...args: never[]) => unknown>;
/** The parser plugins' types name a later unified than remark 13's; at run time they are the transformer's own. */
const asRemarkPlugin = (plugin: unknown) => plugin as RemarkPlugin;

/** gatsby-transformer-remark's parser: remark with GFM, inline footnotes and each plugin's parser plugins (math). */
const parser = remark().use(asRemarkPlugin(remarkGfm)).use(asRemarkPlugin(remarkFootnotes), { inlineNotes: true }).use(asRemarkPlugin(remarkMath)).freeze();

/** The HTML of a markdown body before {{product}} is filled in: what MarkdownRemark.html resolves to in a build. */
export function bodyHtml(body: string, source: MarkdownSource): RenderedMarkdown {
  const diagrams: string[] = [];
  try {
    const tree = parser.parse(body) as unknown as MdastNode;
    for (const plugin of REMARK_PLUGINS) STEPS[plugin](tree, source, diagrams);
    const html = toHtml(toHast(tree as unknown as Node, { allowDangerousHtml: true }) as Node, { allowDangerousHtml: true });
    checkMarkup(html, source.name);
    return { html, diagrams };
  } catch (error) {
    return { refused: error instanceof Error ? error.message : String(error) };
  }
}

/** A markdown body as its page shows it: the build's HTML with the product's name filled in. */
export function renderMarkdown(body: string, source: MarkdownSource): RenderedMarkdown {
  const rendered = bodyHtml(body, source);
  return 'html' in rendered ? { html: fillProductNameInHtml(rendered.html, source.productName), diagrams: rendered.diagrams } : rendered;
}
