import React from 'react';
import { ICON_PATHS, type IconName } from '../Icon';
import * as s from './Illustration.module.css';

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
    <svg className={s.svg} viewBox="0 0 480 360" aria-hidden="true" focusable="false">
      <rect className={s.surface} x="0" y="0" width="480" height="360" rx="24" />
      {MODULES.map((module, i) => {
        const x = 32 + (i % 3) * 144;
        const y = 40 + Math.floor(i / 3) * 152;
        return (
          <g key={module.icon} transform={`translate(${x} ${y})`}>
            <rect className={s.frame} width="128" height="128" rx="16" />
            <rect className={module.accent ? s.brand : s.brandSoft} x="20" y="20" width="44" height="44" rx="12" />
            <g transform="translate(28 28) scale(1.17)">
              <path className={module.accent ? s.whiteStroke : s.iconStroke} d={ICON_PATHS[module.icon]} />
            </g>
            <rect className={s.ink} x="20" y="80" width="72" height="10" rx="5" />
            <rect className={s.line} x="20" y="100" width="88" height="8" rx="4" />
          </g>
        );
      })}
    </svg>
  );
}
