import React from 'react';
import { ICON_PATHS } from '../Icon';
import * as s from './Illustration.module.css';

/** A fixed 9x9 pattern that reads as a QR code at a glance (not a scannable one). */
const QR = [
  '111010111',
  '101001101',
  '111011111',
  '000110000',
  '110101011',
  '001011100',
  '111000101',
  '101110010',
  '111010111',
];

/** An invoice with its payment link: QR code, the three ways to pay, and the "paid" notice. */
export function PaymentsIllustration(): React.JSX.Element {
  return (
    <svg className={s.svg} viewBox="0 0 480 360" aria-hidden="true" focusable="false">
      <rect className={s.surface} x="0" y="0" width="480" height="360" rx="24" />
      <rect className={s.frame} x="40" y="40" width="240" height="280" rx="16" />
      <rect className={s.ink} x="64" y="64" width="110" height="12" rx="6" />
      <rect className={s.line} x="64" y="88" width="160" height="8" rx="4" />
      <g transform="translate(92 116)">
        {QR.flatMap((row, y) =>
          [...row].map((cell, x) =>
            cell === '1' ? <rect key={`${x}-${y}`} className={s.ink} x={x * 15} y={y * 15} width="14" height="14" rx="2" /> : null,
          ),
        )}
      </g>
      <rect className={s.brand} x="64" y="268" width="192" height="32" rx="8" />
      <rect className={s.white} x="116" y="280" width="88" height="8" rx="4" />
      {[
        { y: 64, fill: s.bitcoin, icon: ICON_PATHS.bitcoin },
        { y: 136, fill: s.ink, icon: ICON_PATHS.lightning },
        { y: 208, fill: s.brandStrong, icon: ICON_PATHS.card },
      ].map((method) => (
        <g key={method.y} transform={`translate(300 ${method.y})`}>
          <rect className={s.frame} width="148" height="56" rx="12" />
          <circle className={method.fill} cx="30" cy="28" r="18" />
          <g transform="translate(20 18) scale(0.84)">
            <path className={s.whiteStroke} d={method.icon} />
          </g>
          <rect className={s.line} x="58" y="18" width="70" height="8" rx="4" />
          <rect className={s.line} x="58" y="32" width="44" height="8" rx="4" />
        </g>
      ))}
      <g transform="translate(300 282)">
        <rect className={s.brandSoft} width="148" height="40" rx="20" />
        <circle className={s.brand} cx="20" cy="20" r="12" />
        <path className={s.whiteStroke} d="M14 20.5l4 4 8-8.5" />
        <rect className={s.brandStrong} x="42" y="16" width="84" height="8" rx="4" />
      </g>
    </svg>
  );
}
