import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { frontmatterScalar } from '../features/content/checks';
import { fillProductName } from '../features/site/productName';
import { DEFAULT_LANGUAGE, LANGUAGES, WRITING_SYSTEMS, localizedPath, type Language } from '../features/site/languages';
import { htmlFiles } from '../system/folderTree';
import { IMMUTABLE } from '../features/hosting/rules';
import { NOT_FOUND_PATH, SEARCH_PATH } from '../features/site/routes';
import { PREFIXES, PUBLIC_DIR, ROUTES, SITE_URL, languageOf, markDocument, isSameDocument, waitForHydration } from './support';

/** Every page of the built site, by the address it is served at ('/bg/blog/a-post/'). */
function builtPages(): string[] {
  return htmlFiles(PUBLIC_DIR)
    .map((file) => `/${file}`)
    .filter((file) => file.endsWith('/index.html'))
    .map((file) => file.slice(0, -'index.html'.length));
}

const decode = (text = '') =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const attr = (tag: string, name: string) => {
  const value = new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
  return value === undefined ? undefined : decode(value);
};

/** What a page's static HTML says about itself, read without running any script. */
function readHead(html: string) {
  const links = [...html.matchAll(/<link[^>]*>/g)].map((m) => m[0]);
  const metas = [...html.matchAll(/<meta[^>]*>/g)].map((m) => m[0]);
  /** Every content of the meta tags with this property or name. */
  const meta = (key: string) => metas.filter((m) => attr(m, 'property') === key || attr(m, 'name') === key).map((m) => attr(m, 'content'));
  const linkHrefs = (rel: string) => links.filter((l) => attr(l, 'rel') === rel).map((l) => attr(l, 'href'));
  return {
    meta,
    linkHrefs,
    lang: /<html[^>]*\slang="([^"]*)"/.exec(html)?.[1],
    title: /<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1],
    description: /<meta[^>]*name="description"[^>]*content="([^"]*)"/.exec(html)?.[1],
    canonical: links.filter((l) => l.includes('rel="canonical"')).map((l) => attr(l, 'href')),
    alternates: Object.fromEntries(
      links
        .filter((l) => l.includes('rel="alternate"') && (attr(l, 'hrefLang') ?? attr(l, 'hreflang')) !== undefined)
        .map((l) => [attr(l, 'hrefLang') ?? attr(l, 'hreflang'), attr(l, 'href')]),
    ),
    jsonLd: [...html.matchAll(/<script[^>]*type="application\/ld\+json"[^>]*>([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1])),
  };
}

/** What each page is called, in every language: a new language adds its titles here. */
const TITLES: Record<string, Record<Language, string>> = {
  '/': { en: 'Inventory & Payment Management Made Simple | StockPay', bg: 'Лесно управление на наличности и плащания | StockPay' },
  '/blog/': { en: 'Blog | StockPay', bg: 'Блог | StockPay' },
  '/docs/': { en: 'Documentation | StockPay', bg: 'Документация | StockPay' },
  '/contact/': { en: 'Contact Us | StockPay', bg: 'Свържете се с нас | StockPay' },
  '/pricing/': { en: 'Pricing | StockPay', bg: 'Цени | StockPay' },
  '/privacy-policy/': { en: 'Privacy Policy | StockPay', bg: 'Политика за поверителност | StockPay' },
  '/404/': { en: 'Page not found | StockPay', bg: 'Страницата не е намерена | StockPay' },
  '/search/': { en: 'Search | StockPay', bg: 'Търсене | StockPay' },
};

test.describe('static HTML head of every page', () => {
  for (const prefix of PREFIXES) {
    for (const route of ROUTES) {
      const path = `${prefix}${route}`;
      test(`${path} carries lang, title, description, canonical and alternates`, async ({ request }) => {
        const response = await request.get(path);
        expect(response.status()).toBe(200);
        const html = await response.text();
        const head = readHead(html);
        const language = languageOf(prefix);
        const url = (lang: Language) => `${SITE_URL}${localizedPath(lang, route, false)}`;

        expect(head.lang).toBe(language);
        expect(decode(head.title)).toBe(TITLES[route][language]);
        expect(head.description?.length).toBeGreaterThan(50);
        expect(head.canonical).toEqual([url(language)]);
        expect(head.alternates).toEqual({ ...Object.fromEntries(LANGUAGES.map((lang) => [lang, url(lang)])), 'x-default': url(DEFAULT_LANGUAGE) });
        // The first paint waits for the empty element that ends the body (gatsby-ssr.tsx).
        expect(html).toMatch(/<link rel="expect" href="#page-end" blocking="render"\/>/);
        const marker = '<div id="page-end" hidden=""></div>';
        const end = html.indexOf(marker);
        expect(end).toBeGreaterThan(html.lastIndexOf('</footer>'));
        expect(html.slice(end + marker.length)).not.toMatch(/<(main|footer|header|section|div|p|h[1-6])[\s>]/);
        expect(html).toMatch(/<main id="main"/);
        if (route !== '/404/') expect(head.jsonLd).toHaveLength(1);
      });

      test(`${path} carries Open Graph and Twitter card tags, the manifest and the icons`, async ({ request }) => {
        const head = readHead(await (await request.get(path)).text());
        const language = languageOf(prefix);
        const one = (key: string) => {
          const values = head.meta(key);
          expect(values, key).toHaveLength(1);
          return values[0] ?? '';
        };
        const [canonical] = head.canonical;
        const image = `${SITE_URL}/share/${language}.png`;

        expect(one('og:url')).toBe(canonical);
        expect(one('og:title')).toBe(decode(head.title));
        expect(one('og:description')).toBe(decode(head.description));
        expect(one('og:locale')).toBe(language === 'bg' ? 'bg_BG' : 'en_US');
        expect(one('og:image')).toBe(image);
        expect(one('og:image:width')).toBe('1200');
        expect(one('og:image:height')).toBe('630');
        expect(one('og:image:type')).toBe('image/png');
        const alt = one('og:image:alt');
        expect(alt).toContain('StockPay');
        expect(alt).toContain(TITLES['/'][language].replace(' | StockPay', ''));

        expect(one('twitter:card')).toBe('summary_large_image');
        expect(one('twitter:title')).toBe(decode(head.title));
        expect(one('twitter:description')).toBe(decode(head.description));
        expect(one('twitter:image')).toBe(image);
        expect(one('twitter:image:alt')).toBe(alt);
        // Absolute, on the site's own origin: crawlers read these without the page's URL.
        for (const url of [one('og:url'), one('og:image'), one('twitter:image')]) expect(new URL(url).origin).toBe(new URL(SITE_URL).origin);

        expect(one('theme-color')).toBe('#15803d');
        expect(head.linkHrefs('manifest')).toEqual([language === 'bg' ? '/manifest_bg.webmanifest' : '/manifest.webmanifest']);
        expect(head.linkHrefs('icon').sort()).toEqual(['/favicon.ico', '/favicon.svg']);
        expect(head.linkHrefs('apple-touch-icon')).toEqual(['/apple-touch-icon.png']);
      });
    }
  }

  test('the home page declares the application, published 2025-03-17', async ({ request }) => {
    for (const path of LANGUAGES.map((language) => localizedPath(language, '/', false))) {
      const [data] = readHead(await (await request.get(path)).text()).jsonLd;
      expect(data).toMatchObject({ '@context': 'https://schema.org', '@type': 'SoftwareApplication', datePublished: '2025-03-17' });
    }
  });
});

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Fetches a PNG and reads its size from the IHDR chunk. */
async function fetchPng(request: APIRequestContext, url: string) {
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  expect(response.headers()['content-type'], url).toBe('image/png');
  const body = await response.body();
  expect([...body.subarray(0, 8)], url).toEqual(PNG_SIGNATURE);
  return { width: body.readUInt32BE(16), height: body.readUInt32BE(20), body };
}

/** Fetches a JPEG and reads its size from its frame header (SOF0 to SOF15, bar DHT, JPG and DAC). */
async function fetchJpeg(request: APIRequestContext, url: string) {
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  expect(response.headers()['content-type'], url).toBe('image/jpeg');
  const body = await response.body();
  expect([...body.subarray(0, 2)], url).toEqual([0xff, 0xd8]);
  for (let at = 2; at + 9 < body.length; at += 2 + body.readUInt16BE(at + 2)) {
    const marker = body[at + 1];
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) return { width: body.readUInt16BE(at + 7), height: body.readUInt16BE(at + 5) };
  }
  throw new Error(`${url}: no frame header`);
}

/** A post's cover as its file declares it, by the address the post is served at; undefined without one. */
function coverOf(address: string): { image: string; alt: string } | undefined {
  const [, prefix, slug] = /^(?:\/([a-z]{2}))?\/blog\/([^/]+)\/$/.exec(address) ?? [];
  const language = LANGUAGES.find((candidate) => candidate === prefix) ?? DEFAULT_LANGUAGE;
  const text = readFileSync(join(__dirname, '..', 'content', 'blog', language, `${slug}.md`), 'utf8');
  const image = frontmatterScalar(text, 'image');
  return image ? { image, alt: fillProductName(frontmatterScalar(text, 'imageAlt') ?? '', 'StockPay') } : undefined;
}

/** The entries of a sitemap file: each <loc> with its alternates by hreflang. */
function readUrlset(xml: string): Record<string, Record<string, string | undefined>> {
  return Object.fromEntries(
    [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, entry]) => [
      decode(/<loc>([^<]*)<\/loc>/.exec(entry)?.[1]),
      Object.fromEntries(
        [...entry.matchAll(/<xhtml:link[^>]*>/g)].filter(([link]) => attr(link, 'rel') === 'alternate').map(([link]) => [attr(link, 'hreflang') ?? '', attr(link, 'href')]),
      ),
    ]),
  );
}

test.describe('robots.txt and the sitemap', () => {
  test('robots.txt allows crawling and points at a sitemap index that exists', async ({ request }) => {
    const robots = await request.get('/robots.txt');
    expect(robots.status()).toBe(200);
    const text = await robots.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    const sitemaps = [...text.matchAll(/^Sitemap: (\S+)$/gm)].map((m) => m[1]);
    expect(sitemaps).toEqual([`${SITE_URL}/sitemap-index.xml`]);
    const index = await request.get(sitemaps[0]);
    expect(index.status()).toBe(200);
    expect(index.headers()['content-type']).toMatch(/xml/);
    expect(await index.text()).toContain('<sitemapindex');
  });

  test('the sitemap lists every canonical page, each with the alternates of its head', async ({ request }) => {
    // Follow robots.txt to the index, and the index to every sitemap file.
    const robots = await (await request.get('/robots.txt')).text();
    const indexUrl = /^Sitemap: (\S+)$/m.exec(robots)?.[1] ?? '';
    const files = [...(await (await request.get(indexUrl)).text()).matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => decode(m[1]));
    expect(files.length).toBeGreaterThan(0);
    const listed: Record<string, Record<string, string | undefined>> = {};
    for (const file of files) {
      expect(new URL(file).origin).toBe(new URL(SITE_URL).origin);
      const response = await request.get(file);
      expect(response.status(), file).toBe(200);
      Object.assign(listed, readUrlset(await response.text()));
    }

    // A page of the built site is canonical when its head names itself and it is not noindex.
    const canonical: Record<string, Record<string, string | undefined>> = {};
    for (const path of builtPages()) {
      const head = readHead(await (await request.get(path)).text());
      const self = `${SITE_URL}${path}`;
      if (head.canonical[0] === self && !head.meta('robots').includes('noindex')) canonical[self] = head.alternates;
    }
    // Unprefixed English and /bg/ pages of every route and every blog post; no /en/ copy, 404 or search page (noindex).
    const expected = LANGUAGES.flatMap((language) =>
      ROUTES.filter((route) => route !== NOT_FOUND_PATH && route !== SEARCH_PATH).map((route) => `${SITE_URL}${localizedPath(language, route, false)}`),
    );
    expect(Object.keys(canonical)).toEqual(expect.arrayContaining(expected));
    expect(Object.keys(canonical).filter((url) => /\/blog\/[a-z0-9-]+\/$/.test(url) && !url.includes('/page/')).length).toBeGreaterThan(0);
    expect(Object.keys(canonical).some((url) => url.includes('/en/'))).toBe(false);
    expect(listed).toEqual(canonical);
  });
});

test.describe('share images', () => {
  for (const language of LANGUAGES) {
    test(`the ${language} share image named by the head is a 1200x630 PNG`, async ({ request }) => {
      const head = readHead(await (await request.get(localizedPath(language, '/', false))).text());
      const [image] = head.meta('og:image');
      expect(await fetchPng(request, image ?? '')).toMatchObject({ width: 1200, height: 630 });
    });
  }

  test('each language has its own image', async ({ request }) => {
    const images = await Promise.all(LANGUAGES.map((language) => fetchPng(request, `/share/${language}.png`)));
    expect(new Set(images.map((image) => image.body.toString('base64'))).size).toBe(LANGUAGES.length);
  });

  test('a post with a cover is shared by its crop: hashed, immutable, a 1200x630 JPEG, described by its alt text, the JSON-LD image too', async ({ request }) => {
    const posts = builtPages().filter((path) => /^(\/[a-z]{2})?\/blog\/(?!page\/)[^/]+\/$/.test(path) && coverOf(path));
    // stock-control-habits has one in every language (content/blog/<lang>/stock-control-habits.md).
    expect(posts.length).toBeGreaterThanOrEqual(LANGUAGES.length);
    for (const path of posts) {
      const cover = coverOf(path);
      const head = readHead(await (await request.get(path)).text());
      const [image] = head.meta('og:image');
      expect(image, path).toMatch(new RegExp(`^${SITE_URL}/static/images/[0-9a-f]{20}-share\\.jpg$`));
      expect(head.meta('twitter:image'), path).toEqual([image]);
      expect(head.meta('twitter:card'), path).toEqual(['summary_large_image']);
      expect(head.meta('og:image:width'), path).toEqual(['1200']);
      expect(head.meta('og:image:height'), path).toEqual(['630']);
      expect(head.meta('og:image:type'), path).toEqual(['image/jpeg']);
      expect(head.meta('og:image:alt'), path).toEqual([cover?.alt]);
      expect(head.meta('twitter:image:alt'), path).toEqual([cover?.alt]);
      expect(head.jsonLd[0]?.image, path).toBe(image);
      const response = await request.get(image ?? '');
      expect(response.headers()['cache-control'], path).toBe(IMMUTABLE);
      expect(await fetchJpeg(request, image ?? '')).toEqual({ width: 1200, height: 630 });
    }
  });

  test('each post without a cover has its own card per language: hashed, immutable, 1200x630, with alt text naming its title', async ({ request }) => {
    const posts = builtPages().filter((path) => /^(\/[a-z]{2})?\/blog\/(?!page\/)[^/]+\/$/.test(path) && !coverOf(path));
    expect(posts.length).toBeGreaterThan(0);
    const cards = new Map<string, string>();
    for (const path of posts) {
      const head = readHead(await (await request.get(path)).text());
      const [image] = head.meta('og:image');
      expect(image, path).toMatch(new RegExp(`^${SITE_URL}/static/share/[0-9a-f]{20}\\.png$`));
      expect(head.meta('twitter:image'), path).toEqual([image]);
      expect(head.meta('twitter:card'), path).toEqual(['summary_large_image']);
      expect(head.meta('og:image:width'), path).toEqual(['1200']);
      expect(head.meta('og:image:height'), path).toEqual(['630']);
      expect(head.meta('og:image:type'), path).toEqual(['image/png']);
      const [alt] = head.meta('og:image:alt');
      expect(alt, path).toContain(decode(head.title).replace(' | StockPay', ''));
      expect(alt, path).toContain('StockPay');
      expect(head.meta('twitter:image:alt'), path).toEqual([alt]);
      const response = await request.get(image ?? '');
      expect(response.headers()['cache-control'], path).toBe(IMMUTABLE);
      expect(await fetchPng(request, image ?? '')).toMatchObject({ width: 1200, height: 630 });
      // The /en/ copy of an English post is the same post: one card for both.
      cards.set(path.replace(/^\/en\//, '/'), image ?? '');
    }
    expect(new Set(cards.values()).size).toBe(cards.size);
    // No card is drawn for a post with a cover: the build publishes exactly the cards the pages name.
    const published = readdirSync(join(PUBLIC_DIR, 'static', 'share')).map((name) => `${SITE_URL}/static/share/${name}`);
    expect(published.sort()).toEqual([...new Set(cards.values())].sort());
  });
});

test.describe('web manifest and icons', () => {
  for (const [path, language] of LANGUAGES.map((lang) => [localizedPath(lang, '/', false), lang] as const)) {
    test(`${path} links a ${language} web manifest whose icons all resolve`, async ({ request }) => {
      const head = readHead(await (await request.get(path)).text());
      const manifestUrl = new URL(head.linkHrefs('manifest')[0] ?? '', SITE_URL).href;
      const response = await request.get(manifestUrl);
      expect(response.status()).toBe(200);
      const manifest = JSON.parse(await response.text()) as {
        name: string;
        short_name: string;
        description: string;
        lang: string;
        start_url: string;
        theme_color: string;
        background_color: string;
        icons: { src: string; sizes: string; type: string; purpose?: string }[];
      };
      expect(manifest).toMatchObject({ name: 'StockPay', short_name: 'StockPay', lang: language, start_url: path, background_color: '#ffffff' });
      expect(manifest.theme_color).toBe(head.meta('theme-color')[0]);
      expect(manifest.description).toContain('StockPay');
      expect(manifest.description).toMatch(new RegExp(`\\p{Script=${WRITING_SYSTEMS[language]}}`, 'u'));
      expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
      for (const icon of manifest.icons) {
        const [width, height] = icon.sizes.split('x').map(Number);
        expect(icon.type).toBe('image/png');
        expect(await fetchPng(request, new URL(icon.src, manifestUrl).href)).toMatchObject({ width, height });
      }
    });
  }

  test('the favicons and the Apple touch icon in the head all resolve', async ({ request }) => {
    const head = readHead(await (await request.get('/')).text());
    const [apple] = head.linkHrefs('apple-touch-icon');
    expect(await fetchPng(request, apple ?? '')).toMatchObject({ width: 180, height: 180 });
    for (const href of head.linkHrefs('icon')) {
      const response = await request.get(href ?? '');
      expect(response.status(), href).toBe(200);
      const body = await response.body();
      if (href?.endsWith('.svg')) expect(body.toString('utf8')).toContain('<svg');
      // An .ico file starts with 0, 0, then type 1 (icon).
      else expect([...body.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    }
  });
});

test('client-side navigation refreshes the title, canonical and alternates', async ({ page }) => {
  await page.goto('/bg/');
  await waitForHydration(page);
  await markDocument(page);
  await page.getByRole('navigation', { name: 'Основна' }).getByRole('link', { name: 'Цени' }).click();
  await expect(page).toHaveURL(/\/bg\/pricing\/$/);
  await expect(page).toHaveTitle('Цени | StockPay');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${SITE_URL}/bg/pricing/`);
  await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute('href', `${SITE_URL}/pricing/`);
  await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute('href', `${SITE_URL}/pricing/`);
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', `${SITE_URL}/bg/pricing/`);
  await expect(page.locator('meta[name="twitter:title"]')).toHaveAttribute('content', 'Цени | StockPay');
  expect(await isSameDocument(page)).toBe(true);
});
