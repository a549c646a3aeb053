import React from 'react';
import { WindowFrame } from './WindowFrame';
import { paint } from './paint';

const BARS = [48, 72, 60, 96, 84, 120, 108];

/** The hero: an inventory dashboard with stock figures, a sales chart and a product list. */
export function DashboardIllustration(): React.JSX.Element {
  return (
    <WindowFrame width={560} height={400}>
      <rect {...paint.ink} x="2" y="36" width="112" height="362" />
      {[64, 96, 128, 160, 192].map((y, i) => (
        <rect key={y} {...(i === 0 ? paint.brand : paint.muted)} x="20" y={y} width={i === 0 ? 76 : 60} height="10" rx="5" />
      ))}
      {[0, 1, 2].map((i) => (
        <g key={i} transform={`translate(${134 + i * 138} 56)`}>
          <rect {...paint.frame} width="124" height="72" rx="10" />
          <rect {...paint.line} x="14" y="16" width="56" height="8" rx="4" />
          <rect {...(i === 1 ? paint.bitcoin : paint.brand)} x="14" y="36" width={i === 2 ? 70 : 84} height="16" rx="6" />
        </g>
      ))}
      <rect {...paint.frame} x="134" y="144" width="262" height="148" rx="10" />
      {BARS.map((h, i) => (
        <rect key={i} {...(i === 5 ? paint.brand : paint.brandSoft)} x={156 + i * 34} y={276 - h} width="22" height={h} rx="4" />
      ))}
      <rect {...paint.frame} x="410" y="144" width="128" height="148" rx="10" />
      <circle {...paint.brandSoft} cx="474" cy="206" r="40" />
      <path {...paint.brand} d="M474 166a40 40 0 0134.6 60L474 206z" />
      <path {...paint.bitcoin} d="M508.6 226a40 40 0 01-26.6 19.2L474 206z" />
      <rect {...paint.line} x="434" y="262" width="80" height="8" rx="4" />
      {[0, 1, 2].map((i) => (
        <g key={i} transform={`translate(134 ${310 + i * 28})`}>
          <rect {...paint.line} width="150" height="8" rx="4" y="6" />
          <rect {...paint.line} x="190" width="60" height="8" rx="4" y="6" />
          <rect {...(i === 1 ? paint.bitcoin : paint.brandSoft)} x="330" width="70" height="20" rx="10" />
        </g>
      ))}
    </WindowFrame>
  );
}
