import type { GatsbyBrowser } from 'gatsby';
import { startTransition, type ReactElement } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { watchAddressDuringHydration } from './src/browser/addressCatchUp';
import { installSmoothInPageScroll } from './src/browser/smoothInPageScroll';
import './src/styles/global.css';

/** Replays an address change the router missed while the page hydrated. */
let catchUpWithAddress: (() => void) | undefined;

/**
 * Starts smooth scrolling for in-page links, then gives the main thread
 * back to the browser between evaluating the bundle
 * and starting the page: Gatsby otherwise runs both in one task, long enough
 * to delay a tap on a phone. The resolved promise is awaited by Gatsby.
 * The address is noted here, before hydration, for onInitialClientRender.
 * https://www.gatsbyjs.com/docs/reference/config-files/gatsby-browser/#onClientEntry
 */
export const onClientEntry: GatsbyBrowser['onClientEntry'] = () => {
  installSmoothInPageScroll(document);
  catchUpWithAddress = watchAddressDuringHydration(window);
  return new Promise<void>((resolve) => {
    window.setTimeout(resolve, 0);
  });
};

/** Runs once the first render (hydration) is committed and the router listens. */
export const onInitialClientRender: GatsbyBrowser['onInitialClientRender'] = () => {
  catchUpWithAddress?.();
};

/**
 * Hydrates the server-rendered page inside a transition. React hydrates a
 * default-priority root in one uninterrupted task (about 40 ms on a laptop,
 * four times that on the phones Lighthouse models), which blocks input; a
 * transition lets React yield to the browser every few milliseconds. An
 * empty container (`gatsby develop`) is rendered rather than hydrated.
 * The returned function unmounts, as Gatsby expects of a renderer. Typed
 * here: GatsbyBrowser types this hook with react-dom's legacy Renderer.
 * https://www.gatsbyjs.com/docs/reference/config-files/gatsby-browser/#replaceHydrateFunction
 */
export const replaceHydrateFunction =
  () =>
  (element: ReactElement, container: Element): (() => void) => {
    if (!container.hasChildNodes()) {
      const root = createRoot(container);
      root.render(element);
      return () => root.unmount();
    }
    let root: Root | undefined;
    startTransition(() => {
      root = hydrateRoot(container, element);
    });
    return () => root?.unmount();
  };
