import React from 'react';
import { WindowFrame } from './WindowFrame';
import * as s from './Illustration.module.css';

const ROWS = [
  { name: 120, qty: 2 },
  { name: 96, qty: 5 },
  { name: 136, qty: 1 },
];

/** A sale order being edited: customer, product lines with quantity steppers, totals. */
export function SaleOrderIllustration(): React.JSX.Element {
  return (
    <WindowFrame width={480} height={360}>
      <rect className={s.ink} x="24" y="56" width="150" height="14" rx="7" />
      <rect className={s.brandSoft} x="360" y="52" width="96" height="24" rx="12" />
      <rect className={s.brand} x="376" y="60" width="64" height="8" rx="4" />
      <rect className={s.frame} x="24" y="90" width="432" height="40" rx="8" />
      <circle className={s.brandSoft} cx="46" cy="110" r="11" />
      <rect className={s.line} x="66" y="105" width="140" height="10" rx="5" />
      {ROWS.map((row, i) => (
        <g key={i} transform={`translate(24 ${146 + i * 48})`}>
          <rect className={i === 1 ? s.brandSoft : s.surface} width="432" height="40" rx="8" />
          <rect className={s.white} x="10" y="8" width="24" height="24" rx="6" />
          <rect className={s.muted} x="46" y="15" width={row.name} height="10" rx="5" />
          <rect className={s.frame} x="250" y="8" width="84" height="24" rx="6" />
          <path className={s.iconStroke} d="M260 20h8M318 16v8M314 20h8" />
          <rect className={s.ink} x="287" y="15" width={row.qty > 1 ? 12 : 6} height="10" rx="3" />
          <rect className={s.ink} x="370" y="15" width="48" height="10" rx="5" />
        </g>
      ))}
      <rect className={s.brand} x="306" y="206" width="2" height="16" />
      <rect className={s.frame} x="264" y="296" width="192" height="44" rx="8" />
      <rect className={s.line} x="280" y="314" width="60" height="8" rx="4" />
      <rect className={s.brand} x="360" y="310" width="80" height="16" rx="6" />
      <rect className={s.brand} x="24" y="300" width="132" height="36" rx="8" />
      <rect className={s.white} x="44" y="314" width="92" height="8" rx="4" />
    </WindowFrame>
  );
}
