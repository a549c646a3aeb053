/**
 * The colour tokens of shared/VISUAL.md for code that cannot read CSS custom
 * properties: the share images and icons drawn at build time, and the web
 * manifest. src/styles/global.css defines the same values for the pages.
 */
export const BRAND_COLORS = {
  brand: '#15803d',
  brandStrong: '#166534',
  brandSoft: '#dcfce7',
  ink: '#0f172a',
  muted: '#475569',
  line: '#e2e8f0',
  surface: '#f8fafc',
  bitcoin: '#f7931a',
  white: '#ffffff',
} as const;
