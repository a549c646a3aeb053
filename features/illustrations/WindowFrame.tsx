import React from 'react';
import { paint } from './paint';

/** An application window: the frame, its title bar and three dots, shared by the screen drawings. */
export function WindowFrame({ width, height, children }: { width: number; height: number; children: React.ReactNode }): React.JSX.Element {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox={`0 0 ${width} ${height}`}>
      <rect {...paint.frame} x="1" y="1" width={width - 2} height={height - 2} rx="16" />
      <path {...paint.surface} d={`M2 17a15 15 0 0115-15h${width - 34}a15 15 0 0115 15v19H2z`} />
      <circle {...paint.line} cx="22" cy="19" r="5" />
      <circle {...paint.line} cx="38" cy="19" r="5" />
      <circle {...paint.line} cx="54" cy="19" r="5" />
      {children}
    </svg>
  );
}
