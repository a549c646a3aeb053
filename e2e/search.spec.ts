/**
 * Site search: the header's form, the search page of each
 * language, the results Pagefind finds in the index of the page's
 * language, keyboard use, and the page without JavaScript.
 */
import { expect, test, type Page } from '@playwright/test';
import { PHONE, waitForHydration } from './support';

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

/** Every result's and section's address on the page. */
const resultLinks = (page: Page) =>
  page
    .getByRole('region', { name: /^(Results|Резултати)$/ })
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));

/** The paths of Pagefind's files the page fetched. */
function pagefindRequests(page: Page): string[] {
  const fetched: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/pagefind/')) fetched.push(pathname);
  });
  return fetched;
}

test.describe('the header form', () => {
  test('a query typed into the home page header reaches results on the search page, and no page loads Pagefind before', async ({ page }) => {
    const fetched = pagefindRequests(page);
    await open(page, '/');
    const form = page.getByRole('banner').getByRole('search', { name: 'Search the site' });
    await form.getByRole('searchbox', { name: 'Search the site' }).fill('payment links');
    expect(fetched).toEqual([]);
    await form.getByRole('searchbox').press('Enter');
    await expect(page).toHaveURL(/\/search\/\?q=payment\+links$/);
    await expect(page.getByRole('status')).toHaveText(/^\d+ results? for “payment links”$/);
    await expect(page.getByRole('searchbox', { name: 'Search the site' }).last()).toHaveValue('payment links');
    expect(fetched).toContain('/pagefind/pagefind.js');
  });

  test('on a phone, the menu holds the form, which goes to the Bulgarian search page', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await open(page, '/bg/docs/');
    await page.locator('summary', { hasText: 'Меню' }).click();
    const box = page.getByRole('banner').getByRole('searchbox', { name: 'Търсене в сайта' });
    await box.fill('фактура');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/bg\/search\/\?q=%D1%84%D0%B0%D0%BA%D1%82%D1%83%D1%80%D0%B0$/);
    await expect(page.getByRole('status')).toHaveText(/резултат/);
  });
});

test.describe('the search page', () => {
  test('in English, ?q= finds a blog post with its date, a section of the documentation and a section of the privacy policy, matches highlighted', async ({ page }) => {
    await open(page, '/search/?q=payment');
    await expect(page.getByRole('status')).toHaveText(/^\d+ results for “payment”$/);
    const links = await resultLinks(page);
    expect(links).toContain('/blog/lightning-payment-links/');
    expect(links.some((href) => href.startsWith('/docs/#'))).toBe(true);
    expect(links.some((href) => href.startsWith('/privacy-policy/#'))).toBe(true);
    expect(links.every((href) => !href.startsWith('/bg/'))).toBe(true);
    // Titled with the page's own heading, not the <title> with its suffix.
    const post = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Lightning payment links: get paid in seconds, not days', exact: true }) });
    await expect(post.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}$/);
    await expect(page.getByRole('main').locator('mark').first()).toHaveText(/^payments?$/i);
    expect(await page.getByRole('heading', { level: 3 }).allTextContents()).not.toContain(expect.stringContaining('| StockPay'));
    // Every section link goes to a heading the page has.
    const section = links.find((href) => href.startsWith('/privacy-policy/#')) as string;
    await page.goto(section);
    await expect(page.locator(`[id="${section.split('#')[1]}"]`)).toBeVisible();
  });

  test('in Bulgarian, a query finds only Bulgarian pages, the Bulgarian-only post included, by the whole word or its beginning', async ({ page }) => {
    for (const query of ['инвентаризация', 'инвентар']) {
      await open(page, `/bg/search/?q=${encodeURIComponent(query)}`);
      await expect(page.getByRole('status')).toHaveText(new RegExp(`^\\d+ резултат(а)? за „${query}“$`));
      const links = await resultLinks(page);
      expect(links).toContain('/bg/blog/godishna-inventarizatsiya/');
      expect(links.every((href) => href.startsWith('/bg/'))).toBe(true);
    }
    await expect(page.getByRole('link', { name: 'Годишна инвентаризация в малкия магазин и склад: стъпка по стъпка', exact: true })).toBeVisible();
  });

  test('searches as one types, keeps the query in the address, and says when nothing is found', async ({ page }) => {
    await open(page, '/en/search/');
    const box = page.getByRole('main').getByRole('searchbox', { name: 'Search the site' });
    await box.pressSequentially('invoice');
    await expect(page.getByRole('status')).toHaveText(/results? for “invoice”$/);
    await expect(page).toHaveURL(/\/en\/search\/\?q=invoice$/);
    expect((await resultLinks(page)).every((href) => !href.startsWith('/bg/'))).toBe(true);
    await box.fill('zzxqvw');
    await expect(page.getByRole('status')).toHaveText('Nothing found for “zzxqvw”. Try fewer words, or the beginning of a word.');
    await expect(page.getByRole('region', { name: 'Results' })).toHaveCount(0);
  });

  test('shows what the query says as text, never as markup', async ({ page }) => {
    let dialog = false;
    page.on('dialog', async (opened) => {
      dialog = true;
      await opened.dismiss();
    });
    await open(page, `/search/?q=${encodeURIComponent('<img src=x onerror=alert(1)>')}`);
    await expect(page.getByRole('status')).toContainText('<img src=x onerror=alert(1)>');
    await expect(page.getByRole('main').locator('img[src="x"]')).toHaveCount(0);
    expect(dialog).toBe(false);
  });

  test('keyboard only: from the header box to a result, Enter opens it', async ({ page }) => {
    await open(page, '/');
    for (let i = 0; i < 7; i++) await page.keyboard.press('Tab');
    const box = page.getByRole('banner').getByRole('searchbox', { name: 'Search the site' });
    await expect(box).toBeFocused();
    await page.keyboard.type('roles');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/search\/\?q=roles$/);
    await waitForHydration(page);
    const first = page.getByRole('region', { name: 'Results' }).getByRole('link').first();
    await expect(first).toBeVisible();
    const href = await first.getAttribute('href');
    for (let i = 0; i < 20 && !(await first.evaluate((link) => link === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(first).toBeFocused();
    expect(await first.evaluate((link) => link.matches(':focus-visible') && getComputedStyle(link).outlineStyle !== 'none')).toBe(true);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${(href as string).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  });
});

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  for (const { start, box, query, url, note, links } of [
    {
      start: '/docs/',
      box: 'Search the site',
      query: 'payment',
      url: /\/search\/\?q=payment$/,
      note: 'Search needs JavaScript',
      links: { 'the documentation and its table of contents': '/docs/', 'the blog, newest posts first': '/blog/', 'the sitemap, every page of the site': '/sitemap-index.xml' },
    },
    {
      start: '/bg/',
      box: 'Търсене в сайта',
      query: 'склад',
      url: /\/bg\/search\/\?q=%D1%81%D0%BA%D0%BB%D0%B0%D0%B4$/,
      note: 'Търсенето се нуждае от JavaScript',
      links: { 'документацията и нейното съдържание': '/bg/docs/', 'блогът, най-новите публикации първо': '/bg/blog/', 'картата на сайта с всички страници': '/sitemap-index.xml' },
    },
  ]) {
    test(`${start}: the header form submits to the search page, which says search needs JavaScript and offers the ways in that need none`, async ({ page }) => {
      await page.goto(start);
      const search = page.getByRole('banner').getByRole('searchbox', { name: box });
      await search.fill(query);
      await search.press('Enter');
      await expect(page).toHaveURL(url);
      await expect(page.getByText(note)).toBeVisible();
      for (const [name, href] of Object.entries(links)) await expect(page.getByRole('main').getByRole('link', { name })).toHaveAttribute('href', href);
      await expect(page.getByRole('main').getByRole('search')).toBeHidden();
    });
  }
});
