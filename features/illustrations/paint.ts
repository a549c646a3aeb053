import type { SVGProps } from 'react';
import { BRAND_COLORS as c } from '../site/brand';

/**
 * Fills and strokes of the drawings, as SVG attributes rather than classes:
 * the drawings are written to standalone SVG files at build time
 * (features/illustrations/drawings.node.tsx), where the page's CSS does not reach.
 */
export const paint = {
  ink: { fill: c.ink },
  muted: { fill: c.muted },
  line: { fill: c.line },
  surface: { fill: c.surface },
  white: { fill: c.white },
  brand: { fill: c.brand },
  brandSoft: { fill: c.brandSoft },
  brandStrong: { fill: c.brandStrong },
  bitcoin: { fill: c.bitcoin },
  frame: { fill: c.white, stroke: c.line, strokeWidth: 2 },
  stroke: { fill: 'none', stroke: c.brand, strokeWidth: 3, strokeLinecap: 'round', strokeLinejoin: 'round' },
  iconStroke: { fill: 'none', stroke: c.brandStrong, strokeWidth: 1.8, strokeLinecap: 'round', strokeLinejoin: 'round' },
  whiteStroke: { fill: 'none', stroke: c.white, strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' },
} satisfies Record<string, SVGProps<SVGElement>>;
