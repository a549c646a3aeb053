import { expect, test } from '@playwright/test';
import { PREFIXES, ROUTES, SITE_URL, languageOf, markDocument, isSameDocument, waitForHydration } from './support';

/** What a page's static HTML says about itself, read without running any script. */
function readHead(html: string) {
  const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1];
  const links = [...html.matchAll(/<link[^>]*>/g)].map((m) => m[0]);
  return {
    lang: /<html[^>]*\slang="([^"]*)"/.exec(html)?.[1],
    title: /<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1],
    description: /<meta[^>]*name="description"[^>]*content="([^"]*)"/.exec(html)?.[1],
    canonical: links.filter((l) => l.includes('rel="canonical"')).map((l) => attr(l, 'href')),
    alternates: Object.fromEntries(
      links.filter((l) => l.includes('rel="alternate"')).map((l) => [attr(l, 'hrefLang') ?? attr(l, 'hreflang'), attr(l, 'href')]),
    ),
    jsonLd: [...html.matchAll(/<script[^>]*type="application\/ld\+json"[^>]*>([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1])),
  };
}

const TITLES: Record<string, Record<'en' | 'bg', string>> = {
  '/': { en: 'Inventory & Payment Management Made Simple | StockPay', bg: 'Лесно управление на наличности и плащания | StockPay' },
  '/blog/': { en: 'Inventory & Payment Management Made Simple | StockPay', bg: 'Лесно управление на наличности и плащания | StockPay' },
  '/docs/': { en: 'Documentation | StockPay', bg: 'Документация | StockPay' },
  '/contact/': { en: 'Contact Us | StockPay', bg: 'Свържете се с нас | StockPay' },
  '/pricing/': { en: 'Pricing | StockPay', bg: 'Цени | StockPay' },
  '/privacy-policy/': { en: 'Privacy Policy | StockPay', bg: 'Политика за поверителност | StockPay' },
  '/404/': { en: 'Page not found | StockPay', bg: 'Страницата не е намерена | StockPay' },
};

const decode = (text = '') => text.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;/g, "'");

test.describe('static HTML head of every page', () => {
  for (const prefix of PREFIXES) {
    for (const route of ROUTES) {
      const path = `${prefix}${route}`;
      test(`${path} carries lang, title, description, canonical and alternates`, async ({ request }) => {
        const response = await request.get(path);
        expect(response.status()).toBe(200);
        const head = readHead(await response.text());
        const language = languageOf(prefix);
        // /blog/ shows the home page and names it as canonical.
        const own = route === '/blog/' ? '/' : route;
        const url = (lang: 'en' | 'bg') => `${SITE_URL}${lang === 'bg' ? '/bg' : ''}${own}`;

        expect(head.lang).toBe(language);
        expect(decode(head.title)).toBe(TITLES[route][language]);
        expect(head.description?.length).toBeGreaterThan(50);
        expect(head.canonical).toEqual([url(language)]);
        expect(head.alternates).toEqual({ en: url('en'), bg: url('bg'), 'x-default': url('en') });
        if (route !== '/404/') expect(head.jsonLd).toHaveLength(1);
      });
    }
  }

  test('home and blog declare the application, published 2025-03-17', async ({ request }) => {
    for (const path of ['/', '/bg/blog/']) {
      const [data] = readHead(await (await request.get(path)).text()).jsonLd;
      expect(data).toMatchObject({ '@context': 'https://schema.org', '@type': 'SoftwareApplication', datePublished: '2025-03-17' });
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
  expect(await isSameDocument(page)).toBe(true);
});
