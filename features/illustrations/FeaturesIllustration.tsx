import React from 'react';
import { ICON_PATHS, type IconName } from '../site/iconPaths';
import { paint } from './paint';

const MODULES: { icon: IconName; accent?: boolean }[] = [
  { icon: 'box', accent: true },
  { icon: 'users' },
  { icon: 'truck' },
  { icon: 'invoice' },
  { icon: 'shield' },
  { icon: 'chart', accent: true },
];

/** The application's modules as a grid of tiles around one shared stock figure. */
export function FeaturesIllustration(): React.JSX.Element {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 480 360">
      <rect {...paint.surface} x="0" y="0" width="480" height="360" rx="24" />
      {MODULES.map((module, i) => {
        const x = 32 + (i % 3) * 144;
        const y = 40 + Math.floor(i / 3) * 152;
        return (
          <g key={module.icon} transform={`translate(${x} ${y})`}>
            <rect {...paint.frame} width="128" height="128" rx="16" />
            <rect {...(module.accent ? paint.brand : paint.brandSoft)} x="20" y="20" width="44" height="44" rx="12" />
            <g transform="translate(28 28) scale(1.17)">
              <path {...(module.accent ? paint.whiteStroke : paint.iconStroke)} d={ICON_PATHS[module.icon]} />
            </g>
            <rect {...paint.ink} x="20" y="80" width="72" height="10" rx="5" />
            <rect {...paint.line} x="20" y="100" width="88" height="8" rx="4" />
          </g>
        );
      })}
    </svg>
  );
}
