/**
 * The drawings on the home page. They are written to standalone SVG files
 * at build time (features/illustrations/drawings.node.tsx) and shown as images: a few
 * hundred SVG shapes in the page itself would cost every visitor style,
 * layout and hydration work for pictures that never change.
 * Not under /static/: that folder is cached forever (docs/deploy.md),
 * and these names stay the same when a drawing changes.
 */
/** The drawings a home banner may show (its `illustration`); the hero's is fixed. */
export const HOME_ILLUSTRATIONS = ['sale-order', 'features', 'payments'] as const;
export type HomeIllustration = (typeof HOME_ILLUSTRATIONS)[number];
export type IllustrationName = 'dashboard' | HomeIllustration;

export interface IllustrationFile {
  src: string;
  width: number;
  height: number;
}

export const ILLUSTRATIONS_DIR = 'illustrations';

const file = (name: IllustrationName, width: number, height: number): IllustrationFile => ({
  src: `/${ILLUSTRATIONS_DIR}/${name}.svg`,
  width,
  height,
});

export const ILLUSTRATION_FILES: Record<IllustrationName, IllustrationFile> = {
  dashboard: file('dashboard', 560, 400),
  'sale-order': file('sale-order', 480, 360),
  features: file('features', 480, 360),
  payments: file('payments', 480, 360),
};
