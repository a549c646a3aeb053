/**
 * The part of Prism (no @types/prismjs is installed) that
 * features/markdown/remark-code uses: the grammars it loads and highlight().
 */
declare module 'prismjs' {
  export type Grammar = Record<string, unknown>;
  export const languages: Record<string, unknown>;
  export function highlight(code: string, grammar: Grammar, language: string): string;
}

/** Prism's language components (prism-<id>.js and .min.js), which features/markdown/remark-code/components.browser.js requires by name: each adds its grammar to Prism.languages and exports nothing. */
declare module 'prismjs/components/*';
