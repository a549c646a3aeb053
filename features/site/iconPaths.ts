/**
 * The site's line icons, drawn on a 24 px grid (features/site/Icon.tsx
 * strokes them in the text colour). Their names are what content may pick
 * (the home topics' `icon`, features/content/contentSchema.ts).
 */
export const ICON_PATHS = {
  menu: 'M3 6h18M3 12h18M3 18h18',
  close: 'M6 6l12 12M18 6L6 18',
  search: 'M10.5 4a6.5 6.5 0 100 13 6.5 6.5 0 000-13zM20 20l-4.9-4.9',
  globe: 'M12 3a9 9 0 100 18 9 9 0 000-18zM3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9M12 3C9.5 5.6 8.2 8.6 8.2 12s1.3 6.4 3.8 9',
  chevronDown: 'M6 9l6 6 6-6',
  arrowUp: 'M12 19V5M5 12l7-7 7 7',
  arrowRight: 'M5 12h14M13 5l7 7-7 7',
  external: 'M14 4h6v6M10 14L20 4M19 14v5a1 1 0 01-1 1H5a1 1 0 01-1-1V6a1 1 0 011-1h5',
  check: 'M5 12.5l4.5 4.5L19 7.5',
  box: 'M21 7.5l-9-4.5-9 4.5 9 4.5 9-4.5zM3 7.5v9l9 4.5 9-4.5v-9M12 12v9',
  layers: 'M12 3l9 4.5-9 4.5-9-4.5L12 3zM3 12l9 4.5 9-4.5M3 16.5L12 21l9-4.5',
  tag: 'M3 12V4h8l10 10-7 7L3 12zM7.5 7.5h.01',
  invoice: 'M6 3h9l4 4v14H6V3zM14 3v5h5M9 12h7M9 16h5',
  users: 'M9 11a4 4 0 100-8 4 4 0 000 8zM2 21v-1a6 6 0 0112 0v1M16 3.3a4 4 0 010 7.4M18 14.5a6 6 0 014 5.5v1',
  truck: 'M2 5h12v11H2zM14 9h4l4 4v3h-8M6 19.5a2 2 0 100-4 2 2 0 000 4zM18 19.5a2 2 0 100-4 2 2 0 000 4z',
  briefcase: 'M3 7h18v13H3zM8 7V4h8v3M3 12.5h18',
  clipboardCheck: 'M9 4h6v3H9zM7 5H5v16h14V5h-2M9 14l2 2 4-4',
  card: 'M2 5h20v14H2zM2 10h20M6 15h4',
  bitcoin: 'M9.5 4v2M13 4v2M9.5 18v2M13 18v2M7 6h7.5a3 3 0 010 6H7zM7 12h8.5a3 3 0 010 6H7zM9 6v12',
  lightning: 'M13 2L4 14h7l-1 8 9-12h-7l1-8z',
  chart: 'M3 3v18h18M7 15l4-4 3 3 6-6',
  wrench: 'M14.5 6.5a4.5 4.5 0 005.7 5.7L12 20.4a2 2 0 01-2.8-2.8L17.4 9.4M14.5 6.5a4.5 4.5 0 015.7-.3l-3 3 .8 2 2 .8 3-3',
  shield: 'M12 3l8 3v6c0 4.6-3.4 8.2-8 9.5-4.6-1.3-8-4.9-8-9.5V6l8-3zM9 12l2 2 4-4',
  pie: 'M12 3v9h9a9 9 0 11-9-9zM15 3.5A9 9 0 0120.5 9H15V3.5z',
  warehouse: 'M3 21V9l9-6 9 6v12M7 21v-9h10v9M7 16h10',
  activity: 'M22 12h-4l-3 8L9 4l-3 8H2',
  message: 'M4 4h16v12H9l-5 4V4z',
  send: 'M21 3L10 14M21 3l-7 18-4-7-7-4 18-7z',
  code: 'M16 18l6-6-6-6M8 6l-6 6 6 6',
  lock: 'M6 11h12v10H6zM8 11V7a4 4 0 018 0v4',
  clock: 'M12 3a9 9 0 100 18 9 9 0 000-18zM12 7v5l3 3',
  alert: 'M12 3.5l9.5 17h-19L12 3.5zM12 10v4.5M12 17.5h.01',
} as const;

export type IconName = keyof typeof ICON_PATHS;

export const ICON_NAMES = Object.keys(ICON_PATHS) as IconName[];
