/**
 * The blog as visitors and feed readers meet it: each language's list, a
 * post with math, code and a diagram, the language switch on a post written
 * in one language, the pages without JavaScript, and the RSS feeds parsed
 * as XML. What to expect is read from content/blog/, so an editor's new
 * post needs no change here.
 */
import { expect, test, type Page } from '@playwright/test';
import { Parser } from 'htmlparser2';
import { feedPath, formatPostDate, newestFirst, postPath } from '../features/blog/blog';
import { fillProductName } from '../features/site/productName';
import { blogSources } from './checks/sitePages';
import { DEFAULT_LANGUAGE, LANGUAGES, localizedPath, type Language } from '../features/site/languages';
import { SITE_URL, isSameDocument, languageToggle, markDocument, waitForHydration } from './support';

/** The published posts of content/blog/, newest first, as the pages show them ({{product}} filled in). */
const ALL = newestFirst(blogSources().map((post) => ({ ...post, title: fillProductName(post.title, 'StockPay') })));
const of = (language: Language) => ALL.filter((post) => post.language === language);
const prefixOf = (language: Language) => (language === DEFAULT_LANGUAGE ? '' : `/${language}`);
const HEADINGS: Record<Language, { blog: string; switchTo: string; allPosts: string }> = {
  en: { blog: 'Blog', switchTo: 'BG - Bulgarian', allPosts: 'All posts' },
  bg: { blog: 'Блог', switchTo: 'EN - Английски', allPosts: 'Всички публикации' },
};

test('every language has posts, and one post exists in one language only', () => {
  for (const language of LANGUAGES) expect([language, of(language).length > 0]).toEqual([language, true]);
  expect(ALL.some((post) => ALL.filter((other) => other.slug === post.slug).length === 1)).toBe(true);
});

for (const language of LANGUAGES) {
  const prefix = prefixOf(language);

  test(`${prefix}/blog/ lists the ${language} posts newest first, with date, reading time and tags, on one page`, async ({ page }) => {
    const response = await page.goto(`${prefix}/blog/`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HEADINGS[language].blog);
    const items = page.getByRole('main').getByRole('article');
    await expect(items).toHaveCount(of(language).length);
    await expect(items.getByRole('heading', { level: 2 })).toHaveText(of(language).map((post) => post.title));
    for (const [index, post] of of(language).entries()) {
      const item = items.nth(index);
      await expect(item.locator('time').first()).toHaveAttribute('datetime', post.date);
      await expect(item.locator('time').first()).toHaveText(formatPostDate(post.date, language));
      await expect(item).toContainText(language === 'bg' ? /\d+ мин\. четене/ : /\d+ min read/);
      await expect(item.getByRole('list').getByRole('listitem').first()).toBeVisible();
    }
    // Ten a page: these fit on one, so no page links and no second page.
    await expect(page.getByRole('navigation', { name: language === 'bg' ? 'Страници на блога' : 'Blog pages' })).toHaveCount(0);
    expect((await page.request.get(`${prefix}/blog/page/2/`)).status()).toBe(404);

    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(jsonLd['@type']).toBe('Blog');
    expect(jsonLd.blogPost).toHaveLength(of(language).length);
    expect(jsonLd.inLanguage).toBe(language);
  });

  test(`${prefix}/blog/: a post opens from the list, links its neighbours and leads back`, async ({ page }) => {
    await page.goto(`${prefix}/blog/`);
    await waitForHydration(page);
    await markDocument(page);
    const [newest, second] = of(language);
    await page.getByRole('main').getByRole('link', { name: newest.title }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}${postPath(newest.slug)}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(newest.title);
    expect(await isSameDocument(page)).toBe(true);
    if (second) {
      await page.getByRole('main').getByRole('link', { name: second.title }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(second.title);
    }
    await page.getByRole('main').getByRole('link', { name: HEADINGS[language].allPosts }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/blog/$`));
    expect(await isSameDocument(page)).toBe(true);
  });
}

test('a post with math, code and a table: rendered at build time, with a table of contents and its head', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  for (const prefix of ['', '/bg']) {
    await page.goto(`${prefix}/blog/stock-control-habits/`);
    const article = page.getByRole('article');
    await expect(article.locator('.katex-display').first()).toBeVisible();
    await expect(article.locator('pre code').first()).toBeVisible();
    await expect(article.getByRole('button', { name: prefix ? 'Копирай' : 'Copy' }).first()).toBeAttached();
    await expect(article.getByRole('table')).toHaveCount(1);
    await expect(page.locator('link[rel="stylesheet"][href*="katex"]')).toHaveCount(1);
    const contents = page.getByRole('navigation', { name: prefix ? 'На тази страница' : 'On this page' }).filter({ visible: true });
    await expect(contents.getByRole('link')).toHaveCount(5);

    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
    await expect(page.locator('meta[property="article:published_time"]')).toHaveAttribute('content', '2026-10-08');
    const alternates = await page.locator('link[rel="alternate"][hreflang]').evaluateAll((links) => links.map((link) => link.getAttribute('hreflang')));
    expect(alternates).toEqual([...LANGUAGES, 'x-default']);
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(jsonLd).toMatchObject({
      '@type': 'BlogPosting',
      datePublished: '2026-10-08',
      dateModified: '2026-10-08',
      inLanguage: prefix ? 'bg' : 'en',
      mainEntityOfPage: { '@id': `${SITE_URL}${prefix}/blog/stock-control-habits/` },
      author: { '@type': 'Organization', name: 'StockPay' },
    });
    expect(jsonLd.headline).toBe(await page.getByRole('heading', { level: 1 }).textContent());
  }
  expect(scripts.filter((url) => /katex|mermaid|prism/i.test(url))).toEqual([]);
});

test('a post that was updated shows both dates and says so in its head', async ({ page }) => {
  await page.goto('/bg/blog/lightning-payment-links/');
  const meta = page.getByRole('main').locator('time');
  await expect(meta).toHaveText([formatPostDate('2026-09-15', 'bg'), formatPostDate('2026-10-02', 'bg')]);
  await expect(page.locator('meta[property="article:modified_time"]')).toHaveAttribute('content', '2026-10-02');
  await expect(page.getByRole('article').locator('figure.diagram svg')).toBeVisible();
});

async function switchLanguage(page: Page, option: string) {
  await languageToggle(page).click();
  await page.getByRole('link', { name: option }).click();
}

test("a post in one language only: its alternates name only it, and the switch leads to the other language's blog", async ({ page }) => {
  const single = ALL.find((post) => ALL.filter((other) => other.slug === post.slug).length === 1);
  if (!single) throw new Error('content/blog/ has no post in one language only');
  const other = LANGUAGES.find((language) => language !== single.language) ?? DEFAULT_LANGUAGE;
  const address = localizedPath(single.language, postPath(single.slug), single.language !== DEFAULT_LANGUAGE);
  await page.goto(address);
  const alternates = await page.locator('link[rel="alternate"][hreflang]').evaluateAll((links) => links.map((link) => [link.getAttribute('hreflang'), link.getAttribute('href')]));
  expect(alternates).toEqual([
    [single.language, `${SITE_URL}${address}`],
    ['x-default', `${SITE_URL}${address}`],
  ]);
  // The translation does not exist.
  expect((await page.request.get(localizedPath(other, postPath(single.slug), true))).status()).toBe(404);

  await waitForHydration(page);
  await switchLanguage(page, HEADINGS[single.language].switchTo);
  await expect(page).toHaveURL(new RegExp(`/${other}/blog/$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(HEADINGS[other].blog);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the lists, a post and the language switch work as plain links', async ({ page }) => {
    await page.goto('/bg/blog/');
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(of('bg').length);
    await page
      .getByRole('main')
      .getByRole('link', { name: of('bg')[0].title })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(of('bg')[0].title);
    await expect(page.getByRole('article').locator('p').first()).toBeVisible();
    await switchLanguage(page, HEADINGS.bg.switchTo);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});

test('the footer links the blog in each language', async ({ page }) => {
  await page.goto('/bg/contact/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Блог' }).click();
  await expect(page).toHaveURL(/\/bg\/blog\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Блог');
});

interface FeedItem {
  title: string;
  link: string;
  pubDate: string;
  description: string;
}

/** The channel's fields and items of an RSS 2.0 document. */
function parseRss(xml: string): { root: string; version: string; channel: Record<string, string>; items: FeedItem[] } {
  let root = '';
  let version = '';
  const channel: Record<string, string> = {};
  const items: FeedItem[] = [];
  const stack: string[] = [];
  let text = '';
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (stack.length === 0) {
          root = name;
          version = attributes.version ?? '';
        }
        if (name === 'item') items.push({ title: '', link: '', pubDate: '', description: '' });
        stack.push(name);
        text = '';
      },
      ontext(data) {
        text += data;
      },
      oncdatastart() {
        text = '';
      },
      onclosetag(name) {
        stack.pop();
        const parent = stack[stack.length - 1];
        if (parent === 'item') {
          const item = items[items.length - 1];
          if (name === 'title' || name === 'link' || name === 'pubDate' || name === 'description') item[name] = text.trim();
        } else if (parent === 'channel') channel[name] = text.trim();
        text = '';
      },
    },
    { xmlMode: true, recognizeCDATA: true },
  );
  parser.write(xml);
  parser.end();
  return { root, version, channel, items };
}

for (const language of LANGUAGES) {
  test(`${feedPath(language)}: RSS 2.0 of the ${language} posts, newest first, absolute links, RFC 822 dates; every ${language} page links it`, async ({ page, request }) => {
    const response = await request.get(feedPath(language));
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/xml/);
    const feed = parseRss(await response.text());
    expect([feed.root, feed.version]).toEqual(['rss', '2.0']);
    expect(feed.channel.language).toBe(language);
    expect(feed.items.map((item) => item.title)).toEqual(of(language).map((post) => post.title));
    const dates = feed.items.map((item) => item.pubDate);
    for (const [index, date] of dates.entries()) {
      expect(date).toMatch(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/);
      expect(new Date(date).toISOString().slice(0, 10)).toBe(of(language)[index].date);
    }
    for (const item of feed.items) {
      expect(item.description.length).toBeGreaterThan(40);
      const url = new URL(item.link);
      expect(url.href).toBe(item.link);
      expect((await request.get(url.pathname)).status()).toBe(200);
    }
    for (const route of ['/', '/pricing/', '/blog/']) {
      await page.goto(localizedPath(language, route, language !== DEFAULT_LANGUAGE));
      await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', feedPath(language));
    }
  });
}
