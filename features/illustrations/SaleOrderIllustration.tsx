import React from 'react';
import { WindowFrame } from './WindowFrame';
import { paint } from './paint';

const ROWS = [
  { name: 120, qty: 2 },
  { name: 96, qty: 5 },
  { name: 136, qty: 1 },
];

/** A sale order being edited: customer, product lines with quantity steppers, totals. */
export function SaleOrderIllustration(): React.JSX.Element {
  return (
    <WindowFrame width={480} height={360}>
      <rect {...paint.ink} x="24" y="56" width="150" height="14" rx="7" />
      <rect {...paint.brandSoft} x="360" y="52" width="96" height="24" rx="12" />
      <rect {...paint.brand} x="376" y="60" width="64" height="8" rx="4" />
      <rect {...paint.frame} x="24" y="90" width="432" height="40" rx="8" />
      <circle {...paint.brandSoft} cx="46" cy="110" r="11" />
      <rect {...paint.line} x="66" y="105" width="140" height="10" rx="5" />
      {ROWS.map((row, i) => (
        <g key={i} transform={`translate(24 ${146 + i * 48})`}>
          <rect {...(i === 1 ? paint.brandSoft : paint.surface)} width="432" height="40" rx="8" />
          <rect {...paint.white} x="10" y="8" width="24" height="24" rx="6" />
          <rect {...paint.muted} x="46" y="15" width={row.name} height="10" rx="5" />
          <rect {...paint.frame} x="250" y="8" width="84" height="24" rx="6" />
          <path {...paint.iconStroke} d="M260 20h8M318 16v8M314 20h8" />
          <rect {...paint.ink} x="287" y="15" width={row.qty > 1 ? 12 : 6} height="10" rx="3" />
          <rect {...paint.ink} x="370" y="15" width="48" height="10" rx="5" />
        </g>
      ))}
      <rect {...paint.brand} x="306" y="206" width="2" height="16" />
      <rect {...paint.frame} x="264" y="296" width="192" height="44" rx="8" />
      <rect {...paint.line} x="280" y="314" width="60" height="8" rx="4" />
      <rect {...paint.brand} x="360" y="310" width="80" height="16" rx="6" />
      <rect {...paint.brand} x="24" y="300" width="132" height="36" rx="8" />
      <rect {...paint.white} x="44" y="314" width="92" height="8" rx="4" />
    </WindowFrame>
  );
}
