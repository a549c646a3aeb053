import type { GatsbyBrowser } from 'gatsby';
import './src/styles/global.css';

/**
 * Gatsby restores the scroll position on back/forward and puts a new page
 * at its top or its #anchor. Those jumps are instant: the global
 * `scroll-behavior: smooth` is meant for in-page anchors, not for arriving.
 * https://www.gatsbyjs.com/docs/reference/config-files/gatsby-browser/#shouldUpdateScroll
 */
export const shouldUpdateScroll: GatsbyBrowser['shouldUpdateScroll'] = () => {
  const root = document.documentElement;
  root.style.scrollBehavior = 'auto';
  window.requestAnimationFrame(() => {
    root.style.scrollBehavior = '';
  });
  return true;
};
