/**
 * The attribute the layout sets on <html> once React has hydrated the page
 * (src/components/Layout.tsx); the browser tests wait for it before they
 * click or type (e2e/support.ts).
 */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';
