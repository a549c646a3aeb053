import { SMOOTH_SCROLL_MAX_MS, installSmoothInPageScroll } from '../../src/browser/smoothInPageScroll';

function mockReducedMotion(reduce: boolean): void {
  window.matchMedia = jest.fn().mockImplementation((query: string) => ({
    matches: reduce && query === '(prefers-reduced-motion: reduce)',
    media: query,
    addEventListener: jest.fn(),
    removeEventListener: jest.fn(),
  }));
}

const behavior = () => document.documentElement.style.getPropertyValue('scroll-behavior');

/** Clicks a link with `href`; the default action is prevented so jsdom does not navigate. */
function clickLink(href: string, init: MouseEventInit = {}, attributes: Record<string, string> = {}): void {
  const link = document.createElement('a');
  link.href = href;
  for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value);
  const inner = document.createElement('span');
  link.append(inner);
  document.body.append(link);
  link.addEventListener('click', (event) => event.preventDefault());
  inner.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init }));
  link.remove();
}

describe('installSmoothInPageScroll', () => {
  let uninstall: () => void;

  beforeEach(() => {
    jest.useFakeTimers();
    mockReducedMotion(false);
    window.history.replaceState(null, '', '/docs/?tab=1');
    uninstall = installSmoothInPageScroll(document);
  });
  afterEach(() => {
    uninstall();
    jest.useRealTimers();
  });

  it('scrolls smoothly for a click on a link to a fragment of this page, and no longer once that scroll ends', () => {
    clickLink('#faq');
    expect(behavior()).toBe('smooth');
    window.dispatchEvent(new Event('scrollend'));
    expect(behavior()).toBe('');
  });

  it('accepts the page address written out in full, as the router renders it', () => {
    clickLink(`${window.location.origin}/docs/?tab=1#faq`);
    expect(behavior()).toBe('smooth');
  });

  it(`stops after ${SMOOTH_SCROLL_MAX_MS} ms when the browser sends no scrollend`, () => {
    clickLink('#faq');
    jest.advanceTimersByTime(SMOOTH_SCROLL_MAX_MS - 1);
    expect(behavior()).toBe('smooth');
    jest.advanceTimersByTime(1);
    expect(behavior()).toBe('');
  });

  it('stops at the next key press, so the scroll that follows focus is instant', () => {
    clickLink('#faq');
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    expect(behavior()).toBe('');
  });

  it.each([
    ['another page', '/pricing/#plans', {}, {}],
    ['the same path with another query', '/docs/?tab=2#faq', {}, {}],
    ['another site', 'https://example.com/docs/?tab=1#faq', {}, {}],
    ['the page itself without a fragment', '/docs/?tab=1', {}, {}],
    ['an empty fragment', '#', {}, {}],
    ['a click with Ctrl (a new tab)', '#faq', { ctrlKey: true }, {}],
    ['a click with Shift (a new window)', '#faq', { shiftKey: true }, {}],
    ['a middle click', '#faq', { button: 1 }, {}],
    ['a link that opens another tab', '#faq', {}, { target: '_blank' }],
    ['a download link', '#faq', {}, { download: '' }],
  ])('leaves scrolling alone for %s', (_name, href, init, attributes) => {
    clickLink(href, init, attributes);
    expect(behavior()).toBe('');
  });

  it('leaves scrolling instant when the visitor asks for reduced motion', () => {
    mockReducedMotion(true);
    clickLink('#faq');
    expect(behavior()).toBe('');
  });

  it('ignores clicks that are not on a link', () => {
    document.body.dispatchEvent(new MouseEvent('click', { bubbles: true, button: 0 }));
    expect(behavior()).toBe('');
  });

  it('stops listening once removed, and leaves no smooth scrolling behind', () => {
    clickLink('#faq');
    uninstall();
    expect(behavior()).toBe('');
    clickLink('#faq');
    expect(behavior()).toBe('');
  });
});
