/**
 * The part of Prism (no @types/prismjs is installed) that
 * plugins/stockpay-remark-code uses: the grammars it loads and highlight().
 */
declare module 'prismjs' {
  export type Grammar = Record<string, unknown>;
  export const languages: Record<string, unknown>;
  export function highlight(code: string, grammar: Grammar, language: string): string;
}
