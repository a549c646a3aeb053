import { expect, test, type Locator, type Page } from '@playwright/test';
import { PHONE, isSameDocument, languageToggle, markDocument, sandbox, waitForHydration } from './support';

/**
 * Keyboard-only walks: every step is a key press (no clicks, no focus()
 * calls), and after each one the test checks where focus is and that a
 * sighted keyboard user can see it.
 */

/**
 * Why focus on `element` would not be seen, or '' when it is: the browser
 * must treat it as keyboard focus (:focus-visible), draw an outline or a
 * shadow, and the element must be at least partly in view and not covered
 * there (by the sticky header, an open menu). An input drawn invisibly over
 * its label (the period radios) shows its focus on the label.
 */
function focusProblem(element: Element): string {
  const shown = getComputedStyle(element).opacity === '0' ? (element.closest('label') ?? element) : element;
  const style = getComputedStyle(shown);
  const name = `<${shown.tagName.toLowerCase()}>`;
  if (!element.matches(':focus-visible')) return `${name} does not match :focus-visible`;
  const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
  if (!outline && style.boxShadow === 'none') return `${name} has neither an outline nor a box-shadow`;
  // The part inside the viewport (a tall field may be partly below it) must not be under something else.
  const box = shown.getBoundingClientRect();
  const [left, right] = [Math.max(box.left, 0), Math.min(box.right, window.innerWidth)];
  const [top, bottom] = [Math.max(box.top, 0), Math.min(box.bottom, window.innerHeight)];
  if (right <= left || bottom <= top) return `${name} is outside the viewport`;
  const hit = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
  if (hit && !shown.contains(hit) && !hit.contains(shown)) return `${name} is covered by <${hit.tagName.toLowerCase()} class="${hit.className}">`;
  return '';
}

/** Asserts that `target` has focus and shows it. Polls: scrolling to a newly focused element may be smooth. */
async function expectVisibleFocus(target: Locator): Promise<void> {
  await expect(target).toBeFocused();
  await expect.poll(() => target.evaluate(focusProblem)).toBe('');
}

/** Presses `key` and asserts that focus moved to `target`, visibly. */
async function press(page: Page, key: string, target: Locator): Promise<void> {
  await page.keyboard.press(key);
  await expectVisibleFocus(target);
}

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

const HEADER = {
  en: {
    path: '/',
    skip: 'Skip to main content',
    logo: 'StockPay home',
    nav: ['Home', 'Documentation', 'Pricing', 'Contact'],
    search: 'Search the site',
    searchButton: 'Search',
    launch: 'Launch App (opens in a new tab)',
    firstInMain: 'Try StockPay for free (opens in a new tab)',
  },
  bg: {
    path: '/bg/',
    skip: 'Към основното съдържание',
    logo: 'StockPay – начална страница',
    nav: ['Начало', 'Документация', 'Цени', 'Контакти'],
    search: 'Търсене в сайта',
    searchButton: 'Търси',
    launch: 'Към приложението (отваря се в нов раздел)',
    firstInMain: 'Опитайте StockPay безплатно (отваря се в нов раздел)',
  },
} as const;

/** The dropdown lists English, then Bulgarian, each named in the page's language; `other` is the one to switch to. */
const LANGUAGE_SWITCH: { from: keyof typeof HEADER; path: string; options: string[]; other: number; to: string; lang: string }[] = [
  { from: 'en', path: '/pricing/', options: ['EN - English', 'BG - Bulgarian'], other: 1, to: '/bg/pricing/', lang: 'bg' },
  { from: 'bg', path: '/bg/contact/', options: ['EN - Английски', 'BG - Български'], other: 0, to: '/en/contact/', lang: 'en' },
];

test.describe('the header at desktop width', () => {
  for (const [language, header] of Object.entries(HEADER)) {
    test(`${language}: Tab goes skip link, logo, each page, the search box and its button, language, Launch App; the skip link moves focus to the main content`, async ({
      page,
    }) => {
      await open(page, header.path);
      const banner = page.getByRole('banner');
      const skip = page.getByRole('link', { name: header.skip });
      await press(page, 'Tab', skip);
      await press(page, 'Tab', banner.getByRole('link', { name: header.logo }));
      for (const name of header.nav) await press(page, 'Tab', banner.getByRole('navigation').getByRole('link', { name, exact: true }));
      const search = banner.getByRole('search', { name: header.search });
      await press(page, 'Tab', search.getByRole('searchbox', { name: header.search }));
      await press(page, 'Tab', search.getByRole('button', { name: header.searchButton }));
      await press(page, 'Tab', languageToggle(page));
      const launch = banner.getByRole('link', { name: header.launch });
      await press(page, 'Tab', launch);
      const firstInMain = page.getByRole('main').getByRole('link', { name: header.firstInMain }).first();
      await press(page, 'Tab', firstInMain);

      // Back up to the skip link and use it: focus lands on <main>, so the next Tab skips the banner.
      await press(page, 'Shift+Tab', launch);
      for (let i = 0; i < header.nav.length + 5; i++) await page.keyboard.press('Shift+Tab');
      await expectVisibleFocus(skip);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('main')).toBeFocused();
      await press(page, 'Tab', firstInMain);
    });
  }
});

test.describe('the language dropdown', () => {
  for (const { from, path, options, other, to, lang } of LANGUAGE_SWITCH) {
    test(`${from}: Enter and Space open it, Tab reaches the languages and closes it on leaving, Escape closes it onto its toggle, Enter on the other language reloads the page in it`, async ({
      page,
    }) => {
      await open(page, path);
      await markDocument(page);
      const toggle = languageToggle(page);
      const links = options.map((name) => page.getByRole('link', { name }));
      const otherOption = links[other];
      // Skip link, logo, the four pages and the search box and its button come first.
      for (let i = 0; i < 8; i++) await page.keyboard.press('Tab');
      await press(page, 'Tab', toggle);

      await page.keyboard.press('Enter');
      await expect(otherOption).toBeVisible();
      await expectVisibleFocus(toggle);
      await page.keyboard.press('Enter');
      await expect(otherOption).toBeHidden();
      await page.keyboard.press(' ');
      await expect(otherOption).toBeVisible();

      for (const link of links) await press(page, 'Tab', link);
      await expect(otherOption).not.toHaveAttribute('aria-current');
      await expect(links[1 - other]).toHaveAttribute('aria-current', 'true');
      // Tab past the last language moves on and closes the list behind it.
      await press(page, 'Tab', page.getByRole('banner').getByRole('link', { name: HEADER[from].launch }));
      await expect(otherOption).toBeHidden();
      await press(page, 'Shift+Tab', toggle);
      await page.keyboard.press('Enter');
      await press(page, 'Tab', links[0]);
      await page.keyboard.press('Escape');
      await expect(otherOption).toBeHidden();
      await expectVisibleFocus(toggle);

      await page.keyboard.press(' ');
      for (const link of links.slice(0, other + 1)) await press(page, 'Tab', link);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`${to}$`));
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      expect(await isSameDocument(page)).toBe(false);
    });
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('bg: Tab reaches the menu button past the hidden Launch App; the open menu walks its search box, its pages and the app in order, closes when focus leaves it either way, Escape closes it onto its button, Enter on a page goes there', async ({
    page,
  }) => {
    await open(page, '/bg/');
    const toggle = page.locator('summary', { hasText: 'Меню' });
    const menu = page.getByRole('navigation', { name: 'Основна' });
    await press(page, 'Tab', page.getByRole('link', { name: HEADER.bg.skip }));
    await press(page, 'Tab', page.getByRole('link', { name: HEADER.bg.logo }));
    await press(page, 'Tab', languageToggle(page));
    await press(page, 'Tab', toggle);
    await expect(menu).toBeHidden();

    await page.keyboard.press('Enter');
    await expect(menu.getByRole('link')).toHaveText([...HEADER.bg.nav]);
    const search = page.getByRole('banner').getByRole('search', { name: HEADER.bg.search });
    const searchBox = search.getByRole('searchbox', { name: HEADER.bg.search });
    await press(page, 'Tab', searchBox);
    await press(page, 'Tab', search.getByRole('button', { name: HEADER.bg.searchButton }));
    for (const name of HEADER.bg.nav) await press(page, 'Tab', menu.getByRole('link', { name, exact: true }));
    const launch = page.getByRole('banner').getByRole('link', { name: HEADER.bg.launch });
    await press(page, 'Tab', launch);
    // Tab past the last item closes the menu, so it never covers what focus moved to.
    await press(page, 'Tab', page.getByRole('main').getByRole('link', { name: HEADER.bg.firstInMain }).first());
    await expect(menu).toBeHidden();
    await press(page, 'Shift+Tab', toggle);
    await page.keyboard.press('Enter');
    // Shift+Tab out of it closes it too.
    await press(page, 'Shift+Tab', languageToggle(page));
    await expect(menu).toBeHidden();
    await press(page, 'Tab', toggle);
    await page.keyboard.press('Enter');
    await press(page, 'Tab', searchBox);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expectVisibleFocus(toggle);

    await page.keyboard.press('Enter');
    await press(page, 'Tab', searchBox);
    await page.keyboard.press('Tab');
    await press(page, 'Tab', menu.getByRole('link', { name: 'Начало' }));
    await press(page, 'Tab', menu.getByRole('link', { name: 'Документация' }));
    await press(page, 'Tab', menu.getByRole('link', { name: 'Цени' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/bg\/pricing\/$/);
    await expect(menu).toBeHidden();
    // Gatsby's router puts focus at the top of the new page, so the next Tab starts over.
    await expect(page.locator('#gatsby-focus-wrapper')).toBeFocused();
    await press(page, 'Tab', page.getByRole('link', { name: HEADER.bg.skip }));
  });
});

test.describe('the billing period', () => {
  const firstCard = (page: Page) => page.getByRole('main').getByRole('article').first();
  const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

  test.beforeEach(async ({ request }) => sandbox.reset(request));

  test('bg: Tab lands on the checked period, arrows change it and the prices, Tab leaves the group in one step', async ({ page }) => {
    await open(page, '/bg/pricing/');
    await expect(firstCard(page)).toBeVisible();
    const radio = (name: string) => page.getByRole('radio', { name: new RegExp(`^${name}`) });
    const expectFirstPlan = async (price: string, per: string) => {
      await expect.poll(async () => plain(await firstCard(page).textContent())).toContain(`${price}${per}`);
    };

    await press(page, 'Tab', page.getByRole('link', { name: HEADER.bg.skip }));
    await page.keyboard.press('Enter');
    await press(page, 'Tab', radio('ГОДИШНО'));
    await expect(radio('ГОДИШНО')).toBeChecked();
    await expectFirstPlan('26,10 лв.', 'на месец (при годишно плащане)');

    await press(page, 'ArrowRight', radio('БИТКОЙН'));
    await expect(radio('БИТКОЙН')).toBeChecked();
    await expectFirstPlan('24,65 лв.', 'на месец (при годишно плащане)');
    // Native radios wrap around: from the last to the first, and back.
    await press(page, 'ArrowDown', radio('МЕСЕЧНО'));
    await expect(radio('МЕСЕЧНО')).toBeChecked();
    await expectFirstPlan('29,00 лв.', 'на месец');
    await press(page, 'ArrowLeft', radio('БИТКОЙН'));
    await press(page, 'ArrowUp', radio('ГОДИШНО'));
    await expect(radio('ГОДИШНО')).toBeChecked();
    await press(page, 'ArrowLeft', radio('МЕСЕЧНО'));
    await expectFirstPlan('29,00 лв.', 'на месец');
    // Chromium's native radios do not take Home and End (the page scrolls instead), so neither do we.

    await press(page, 'Tab', firstCard(page).getByRole('link', { name: /^Изберете план/ }));
    await press(page, 'Shift+Tab', radio('МЕСЕЧНО'));
  });
});

test.describe('the contact form', () => {
  const FIELDS = { name: 'Name', email: 'Email Address', business: 'Business (optional)', message: 'Message' };
  const THANKS = "Thank You! Your message has been received. We'll get back to you soon.";
  const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
  const submit = (page: Page) => page.getByRole('button', { name: 'Submit' });

  test.beforeEach(async ({ request }) => sandbox.reset(request));
  test.afterAll(async ({ request }) => sandbox.reset(request));

  /** From the top of the contact page: the skip link, then into the first field. */
  async function startAtName(page: Page) {
    await open(page, '/contact/');
    await press(page, 'Tab', page.getByRole('link', { name: HEADER.en.skip }));
    await page.keyboard.press('Enter');
    await press(page, 'Tab', field(page, FIELDS.name));
  }

  test('en: Tab visits every field in order and never the honeypot; Enter in a field submits, focus goes to the first invalid field, which describes its error; Space on Submit sends and the notice takes focus', async ({
    page,
    request,
  }) => {
    await startAtName(page);
    await page.keyboard.type('Ana');
    await press(page, 'Tab', field(page, FIELDS.email));
    await press(page, 'Tab', field(page, FIELDS.business));
    await press(page, 'Tab', field(page, FIELDS.message));
    // The honeypot sits between Message and Submit in the page, but out of the tab order.
    await press(page, 'Tab', submit(page));
    await press(page, 'Tab', page.getByRole('complementary').getByRole('link').first());
    await press(page, 'Shift+Tab', submit(page));
    await press(page, 'Shift+Tab', field(page, FIELDS.message));
    await press(page, 'Shift+Tab', field(page, FIELDS.business));

    await page.keyboard.press('Enter');
    const email = field(page, FIELDS.email);
    await expectVisibleFocus(email);
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription('Valid email is required.');
    await expect(field(page, FIELDS.message)).toHaveAccessibleDescription('Message is required.');
    expect(await sandbox.messages(request)).toEqual([]);

    await page.keyboard.type('ana@example.com');
    await expect(email).not.toHaveAttribute('aria-invalid');
    await press(page, 'Tab', field(page, FIELDS.business));
    await page.keyboard.type('Ana Ltd');
    await press(page, 'Tab', field(page, FIELDS.message));
    await page.keyboard.type('Please call me.');
    await expect(field(page, FIELDS.message)).not.toHaveAttribute('aria-describedby');
    await press(page, 'Tab', submit(page));
    await page.keyboard.press(' ');

    const notice = page.getByRole('status').filter({ hasText: THANKS });
    await expect(notice).toBeVisible();
    await expect(page.getByText(THANKS)).toBeFocused();
    await expect(submit(page)).toBeDisabled();
    const [received] = await sandbox.messages<{ body: { email: string; body: string } }>(request);
    expect(received.body.email).toBe('ana@example.com');
    expect(received.body.body).toContain('Please call me.');
  });

  test('en: after a failed send, focus stays on Submit, the failure is announced, and Enter on Submit sends again', async ({ page, request }) => {
    await sandbox.fault(request, { target: 'contact', kind: 'status', status: 500 });
    await startAtName(page);
    await page.keyboard.type('Ana');
    await press(page, 'Tab', field(page, FIELDS.email));
    await page.keyboard.type('ana@example.com');
    await press(page, 'Tab', field(page, FIELDS.business));
    await press(page, 'Tab', field(page, FIELDS.message));
    await page.keyboard.type('Please call me.');
    await press(page, 'Tab', submit(page));
    await page.keyboard.press('Enter');

    await expect(page.getByRole('alert')).toContainText('Your message was not sent.');
    await expectVisibleFocus(submit(page));

    await sandbox.reset(request);
    await page.keyboard.press('Enter');
    await expect(page.getByText(THANKS)).toBeFocused();
    expect(await sandbox.messages(request)).toHaveLength(1);
  });
});

test.describe('the blog', () => {
  test('bg: from the skip link, Tab walks the posts in order, Enter opens one, and its table of contents leads to a section', async ({ page }) => {
    await open(page, '/bg/blog/');
    await markDocument(page);
    await press(page, 'Tab', page.getByRole('link', { name: HEADER.bg.skip }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    const posts = page.getByRole('main').getByRole('article').getByRole('heading', { level: 2 }).getByRole('link');
    const titles = await posts.allTextContents();
    expect(titles.length).toBeGreaterThan(1);
    await press(page, 'Tab', posts.nth(0));
    await press(page, 'Tab', posts.nth(1));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(titles[1]);
    expect(await isSameDocument(page)).toBe(true);

    // A long post: the skip link again, then its table of contents.
    await open(page, '/bg/blog/lightning-payment-links/');
    await press(page, 'Tab', page.getByRole('link', { name: HEADER.bg.skip }));
    await page.keyboard.press('Enter');
    const contents = page.getByRole('navigation', { name: 'На тази страница' }).filter({ visible: true }).getByRole('link');
    await press(page, 'Tab', contents.first());
    await press(page, 'Tab', contents.nth(1));
    const target = (await contents.nth(1).getAttribute('href')) ?? '';
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${target}$`));
    await expect(page.locator(target)).toBeInViewport();
  });
});
