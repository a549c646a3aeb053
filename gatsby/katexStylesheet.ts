import { version } from 'katex/package.json';

/** Where KaTeX's CSS is served; versioned, so it can be cached for good. */
export const KATEX_STATIC_DIR = `static/katex-${version}`;
export const KATEX_STYLESHEET = `/${KATEX_STATIC_DIR}/katex.min.css`;
