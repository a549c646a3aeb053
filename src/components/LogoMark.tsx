import React from 'react';

/** The product's mark: a stacked box with a check, drawn in the brand colours. */
export function LogoMark({ size = 32 }: { size?: number }): React.JSX.Element {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#15803d" />
      <path d="M16 6.5l8.5 4.25v10.5L16 25.5l-8.5-4.25v-10.5z" fill="#dcfce7" />
      <path d="M7.5 10.75L16 15l8.5-4.25M16 15v10.5" stroke="#166534" strokeWidth="1.6" fill="none" />
      <path d="M12 16.5l2.6 2.6 5.4-5.6" stroke="#15803d" strokeWidth="2.2" fill="none" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
