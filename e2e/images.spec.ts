/**
 * Editors' images as a browser gets them (features/images/remark-images,
 * features/images/pipeline.node.ts): the photo in the body of /blog/stock-control-habits/
 * (content/media/labelled-stock.jpg) offers AVIF, WebP and JPEG at every
 * width with the sizes of the prose column; the page keeps its room while
 * the bytes are on their way; and a phone and a laptop each fetch one
 * file, the width that srcset and sizes call for, in AVIF, within the
 * byte budgets for a photo in a post. A post's cover, when it has one, is
 * fetched first of all.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { PHONE, waitForHydration } from './support';
import { PROSE_IMAGE_WIDTH, PROSE_SIZES } from '../features/images/picture';
import { widthsFor } from '../features/images/pipeline.node';

/** The committed photo's width (content/media/labelled-stock.jpg): the widths made of it stop at the last below it. */
const LARGEST_UPLOAD_WIDTH = 2048;

const POST = '/blog/stock-control-habits/';
const POSTS = [POST, '/bg/blog/stock-control-habits/'];
/** Where the build publishes the files it makes of an upload (IMAGES_PATH in features/images/pipeline.node.ts). */
const IMAGES = '/static/images/';

/** At most this many bytes for the photo of a post: on a phone, on a laptop. */
const PHONE_BUDGET = 80_000;
const LAPTOP_BUDGET = 200_000;

const LAPTOP = { width: 1280, height: 800 } as const;

/** The body's first image: the photo in the post's text (the body's figures are its own; a cover stands before them). */
const bodyImage = (page: Page) => page.locator('article figure.image img').first();

/** A cover: an editor's image in the article outside the body's figures. */
async function coverOf(page: Page) {
  return page.evaluate((images) => {
    const cover = [...document.querySelectorAll<HTMLImageElement>('article picture img')].find((img) => img.src.includes(images) && !img.closest('figure.image'));
    return cover ? { loading: cover.getAttribute('loading'), decoding: cover.getAttribute('decoding'), fetchPriority: cover.getAttribute('fetchpriority') } : undefined;
  }, IMAGES);
}

interface Candidate {
  url: string;
  width: number;
}
const candidates = (srcset: string | null): Candidate[] =>
  (srcset ?? '')
    .split(',')
    .map((entry) => entry.trim().split(/\s+/))
    .map(([url, descriptor]) => ({ url, width: Number(descriptor?.replace(/w$/, '')) }));

/** How wide `sizes` makes the image at the page's viewport, in CSS pixels, read by the page's own media queries and lengths. */
const slotWidth = (page: Page, sizes: string) =>
  page.evaluate((value) => {
    const entries = value.split(/,(?![^(]*\))/).map((entry) => entry.trim());
    const chosen =
      entries.map((entry) => /^(\(.*\))\s+(.+)$/.exec(entry)).find((match) => match && window.matchMedia(match[1]).matches)?.[2] ??
      entries[entries.length - 1].replace(/^\(.*\)\s+/, '');
    const probe = document.createElement('div');
    probe.style.cssText = `position:absolute;visibility:hidden;width:${chosen}`;
    document.body.append(probe);
    const width = probe.getBoundingClientRect().width;
    probe.remove();
    return width;
  }, sizes);

/** The candidate the srcset and sizes call for: the narrowest at least the slot's width in device pixels, else the widest. */
const predicted = (list: Candidate[], slot: number, dpr: number): Candidate => {
  const sorted = [...list].sort((a, b) => a.width - b.width);
  return sorted.find((candidate) => candidate.width >= slot * dpr) ?? sorted[sorted.length - 1];
};

test.describe('the photo in a post’s body', () => {
  for (const path of POSTS) {
    test(`${path}: a <picture> of AVIF, WebP and JPEG at every width, with sizes, width and height`, async ({ page }) => {
      await page.goto(path);
      const img = bodyImage(page);
      await expect(img).toHaveCount(1);
      const picture = img.locator('xpath=..');
      expect(await picture.evaluate((element) => element.tagName)).toBe('PICTURE');
      const sources = await picture
        .locator('source')
        .evaluateAll((elements) =>
          elements.map((element) => ({ type: element.getAttribute('type'), srcset: element.getAttribute('srcset'), sizes: element.getAttribute('sizes') })),
        );
      expect(sources.map((source) => source.type)).toEqual(['image/avif', 'image/webp']);
      const sizes = await img.getAttribute('sizes');
      expect(sizes).toBe(PROSE_SIZES);
      const fallback = candidates(await img.getAttribute('srcset'));
      const widths = fallback.map((candidate) => candidate.width);
      expect(widths).toEqual(widthsFor(LARGEST_UPLOAD_WIDTH));
      const key = /\/static\/images\/([0-9a-f]{20})-/.exec(fallback[0].url)?.[1];
      expect(key).toBeDefined();
      const url = (width: number, extension: string) => `${IMAGES}${key}-${width}.${extension}`;
      expect(fallback.map((candidate) => candidate.url)).toEqual(widths.map((width) => url(width, 'jpg')));
      for (const [source, extension] of [
        [sources[0], 'avif'],
        [sources[1], 'webp'],
      ] as const) {
        expect(candidates(source.srcset)).toEqual(widths.map((width) => ({ url: url(width, extension), width })));
        expect(source.sizes).toBe(sizes);
      }
      expect(await img.getAttribute('src')).toBe(url(720, 'jpg'));
      // Sized by the largest file, whose shape every file shares.
      const largest = widths[widths.length - 1];
      expect(Number(await img.getAttribute('width'))).toBe(largest);
      const height = Number(await img.getAttribute('height'));
      await img.scrollIntoViewIfNeeded();
      await expect.poll(() => img.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
      const natural = await img.evaluate((element: HTMLImageElement) => element.naturalHeight / element.naturalWidth);
      expect(Math.abs(height / largest - natural)).toBeLessThan(0.01);
      expect(await img.getAttribute('alt')).toBeTruthy();
    });

    test(`${path}: lazy below a cover, fetched at once as the first image without one; a cover first of all`, async ({ page }) => {
      await page.goto(path);
      const img = bodyImage(page);
      const cover = await coverOf(page);
      if (cover) {
        expect(cover).toEqual({ loading: null, decoding: null, fetchPriority: 'high' });
        expect([await img.getAttribute('loading'), await img.getAttribute('decoding')]).toEqual(['lazy', 'async']);
      } else {
        // The page's first image: no lazy loading, which would hold it until layout.
        expect([await img.getAttribute('loading'), await img.getAttribute('decoding'), await img.getAttribute('fetchpriority')]).toEqual([null, null, null]);
      }
    });
  }

  test('the page does not move while the photo is on its way', async ({ browser }) => {
    const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    try {
      const page = await context.newPage();
      // The build's images arrive only when the test lets them.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(`**${IMAGES}**`, async (route) => {
        await held;
        await route.continue();
      });
      await page.addInitScript(() => {
        const shifts: { value: number; sources: string[] }[] = [];
        (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; sources?: { node?: Node | null }[] })[]) {
            shifts.push({ value: entry.value, sources: (entry.sources ?? []).map((source) => source.node?.nodeName ?? '(removed)') });
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      // Not until the load event, which waits for the images held (and the page's scripts start after it).
      await page.goto(POST, { waitUntil: 'domcontentloaded' });
      const img = bodyImage(page);
      await img.scrollIntoViewIfNeeded();
      // Before any byte of it: its box already has the photo's shape.
      const box = await img.boundingBox();
      const [width, height] = [Number(await img.getAttribute('width')), Number(await img.getAttribute('height'))];
      expect(await img.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(false);
      expect(box && Math.abs(box.height - (box.width * height) / width)).toBeLessThan(1.5);
      release();
      await expect.poll(() => img.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0), { timeout: 10_000 }).toBe(true);
      await waitForHydration(page);
      expect(await img.boundingBox()).toEqual(box);
      expect(await page.evaluate(() => (window as unknown as { __shifts: unknown[] }).__shifts)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

/**
 * Loads the post in a fresh browser of this screen, scrolls to the body's
 * photo, and says what it fetched of the photo, and what each of the
 * photo's pictures on the page (the body's, a cover's) calls for.
 */
async function fetched(browser: Browser, viewport: { width: number; height: number }, deviceScaleFactor: number, mobile: boolean) {
  const context = await browser.newContext({ viewport, deviceScaleFactor, isMobile: mobile, hasTouch: mobile });
  try {
    const page = await context.newPage();
    const responses: Promise<{ url: string; type: string; bytes: number }>[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.startsWith(IMAGES))
        responses.push(response.body().then((body) => ({ url: url.pathname, type: response.headers()['content-type'] ?? '', bytes: body.length })));
    });
    await page.goto(POST);
    const img = bodyImage(page);
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
    await page.waitForLoadState('networkidle');
    const currentSrc = new URL(await img.evaluate((element: HTMLImageElement) => element.currentSrc)).pathname;
    const drawn = (await img.boundingBox())?.width ?? 0;
    const key = /\/static\/images\/([0-9a-f]{20})-/.exec(currentSrc)?.[1] ?? '';
    // Every picture of the photo in the article, the body's first.
    const pictures = await page.locator('article picture').evaluateAll(
      (elements, key) =>
        elements
          .map((picture) => ({
            body: picture.closest('figure.image') !== null,
            avif: picture.querySelector('source[type="image/avif"]')?.getAttribute('srcset') ?? null,
            sizes: picture.querySelector('img')?.getAttribute('sizes') ?? '',
          }))
          .filter((picture) => picture.avif?.includes(`/${key}-`))
          .sort((a, b) => Number(b.body) - Number(a.body)),
      key,
    );
    const calls: { body: boolean; slot: number; expected: Candidate }[] = [];
    for (const picture of pictures) {
      const slot = await slotWidth(page, picture.sizes);
      calls.push({ body: picture.body, slot, expected: predicted(candidates(picture.avif), slot, deviceScaleFactor) });
    }
    return { calls, currentSrc, drawn, responses: (await Promise.all(responses)).filter((response) => response.url.includes(key)) };
  } finally {
    await context.close();
  }
}

test.describe('each screen fetches the width of the photo srcset and sizes call for, in AVIF, within budget', () => {
  const SCREENS = [
    { name: 'a phone 390 px wide at 2x', viewport: PHONE, dpr: 2, mobile: true, slot: 350, width: 720, budget: PHONE_BUDGET },
    { name: 'a phone 390 px wide at 3x', viewport: PHONE, dpr: 3, mobile: true, slot: 350, width: 1080, budget: PHONE_BUDGET },
    { name: 'a laptop 1280 px wide at 1x', viewport: LAPTOP, dpr: 1, mobile: false, slot: PROSE_IMAGE_WIDTH, width: 1080, budget: LAPTOP_BUDGET },
    { name: 'a laptop 1280 px wide at 2x', viewport: LAPTOP, dpr: 2, mobile: false, slot: PROSE_IMAGE_WIDTH, width: 1632, budget: LAPTOP_BUDGET },
  ];
  for (const screen of SCREENS) {
    test(`${screen.name}: ${screen.width} px, at most ${screen.budget / 1000} kB`, async ({ browser }) => {
      const { calls, currentSrc, drawn, responses } = await fetched(browser, screen.viewport, screen.dpr, screen.mobile);
      const [body, ...cover] = calls;
      expect(body.body).toBe(true);
      expect([body.slot, body.expected.width]).toEqual([screen.slot, screen.width]);
      // The page draws the photo as wide as sizes told the browser before the stylesheet was in (on a laptop at most: the
      // column is 72ch, whose width depends on the system's font; sizes names the widest, Debian's 825 px).
      if (screen.mobile) expect(Math.abs(drawn - body.slot)).toBeLessThan(1);
      else expect(drawn).toBeLessThanOrEqual(body.slot + 0.5);
      expect(currentSrc).toBe(body.expected.url);
      // Each file that srcset and sizes call for (the body's, a cover's) fetched once, in AVIF, and no other width or format.
      const wanted = [...new Set([body, ...cover].map((call) => call.expected.url))].sort();
      expect(responses.map(({ url, type }) => ({ url, type })).sort((a, b) => a.url.localeCompare(b.url))).toEqual(wanted.map((url) => ({ url, type: 'image/avif' })));
      for (const response of responses) expect(response.bytes).toBeLessThanOrEqual(screen.budget);
    });
  }
});
