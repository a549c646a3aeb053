import React from 'react';
import { ICON_PATHS } from '../site/iconPaths';
import { paint } from './paint';

/** A fixed 9x9 pattern that reads as a QR code at a glance (not a scannable one). */
const QR = ['111010111', '101001101', '111011111', '000110000', '110101011', '001011100', '111000101', '101110010', '111010111'];

/** An invoice with its payment link: QR code, the three ways to pay, and the "paid" notice. */
export function PaymentsIllustration(): React.JSX.Element {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 480 360">
      <rect {...paint.surface} x="0" y="0" width="480" height="360" rx="24" />
      <rect {...paint.frame} x="40" y="40" width="240" height="280" rx="16" />
      <rect {...paint.ink} x="64" y="64" width="110" height="12" rx="6" />
      <rect {...paint.line} x="64" y="88" width="160" height="8" rx="4" />
      <g transform="translate(92 116)">
        {QR.flatMap((row, y) => [...row].map((cell, x) => (cell === '1' ? <rect key={`${x}-${y}`} {...paint.ink} x={x * 15} y={y * 15} width="14" height="14" rx="2" /> : null)))}
      </g>
      <rect {...paint.brand} x="64" y="268" width="192" height="32" rx="8" />
      <rect {...paint.white} x="116" y="280" width="88" height="8" rx="4" />
      {[
        { y: 64, fill: paint.bitcoin, icon: ICON_PATHS.bitcoin },
        { y: 136, fill: paint.ink, icon: ICON_PATHS.lightning },
        { y: 208, fill: paint.brandStrong, icon: ICON_PATHS.card },
      ].map((method) => (
        <g key={method.y} transform={`translate(300 ${method.y})`}>
          <rect {...paint.frame} width="148" height="56" rx="12" />
          <circle {...method.fill} cx="30" cy="28" r="18" />
          <g transform="translate(20 18) scale(0.84)">
            <path {...paint.whiteStroke} d={method.icon} />
          </g>
          <rect {...paint.line} x="58" y="18" width="70" height="8" rx="4" />
          <rect {...paint.line} x="58" y="32" width="44" height="8" rx="4" />
        </g>
      ))}
      <g transform="translate(300 282)">
        <rect {...paint.brandSoft} width="148" height="40" rx="20" />
        <circle {...paint.brand} cx="20" cy="20" r="12" />
        <path {...paint.whiteStroke} d="M14 20.5l4 4 8-8.5" />
        <rect {...paint.brandStrong} x="42" y="16" width="84" height="8" rx="4" />
      </g>
    </svg>
  );
}
