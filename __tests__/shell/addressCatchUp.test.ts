import { watchAddressDuringHydration } from '../../src/browser/addressCatchUp';

/**
 * A link followed during hydration: the
 * router's history (Gatsby's @gatsbyjs/reach-router) hears an address
 * change only through its listeners, which the router adds after
 * hydration, and through popstate, which it listens for; a change made
 * before is told again once the first render is done, as a popstate.
 * e2e/blog.spec.ts's footer link, clicked as soon as the page loads, is
 * the same in Chromium.
 */
describe('an address change the router missed while the page hydrated', () => {
  const popstates: unknown[] = [];
  const onPopstate = (event: PopStateEvent) => popstates.push(event.state);

  beforeEach(() => {
    window.history.replaceState(null, '', '/bg/contact/');
    popstates.length = 0;
    window.addEventListener('popstate', onPopstate);
  });
  afterEach(() => window.removeEventListener('popstate', onPopstate));

  it('is told again after the first render, with its history state', () => {
    const catchUp = watchAddressDuringHydration(window);
    // What Gatsby's link does before the router listens: a push, which fires no popstate.
    window.history.pushState({ key: '1' }, '', '/bg/blog/');
    expect(popstates).toEqual([]);
    catchUp();
    expect(popstates).toEqual([{ key: '1' }]);
    expect(window.location.pathname).toBe('/bg/blog/');
  });

  it('counts a new query as a new page', () => {
    const catchUp = watchAddressDuringHydration(window);
    window.history.pushState(null, '', '/bg/contact/?q=stock');
    catchUp();
    expect(popstates).toHaveLength(1);
  });

  it('is quiet when the address is still the page hydrated, or only its fragment moved (an in-page link)', () => {
    const unchanged = watchAddressDuringHydration(window);
    unchanged();
    window.history.pushState(null, '', '/bg/contact/#form');
    unchanged();
    expect(popstates).toEqual([]);
  });
});
