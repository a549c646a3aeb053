import React from 'react';
import { act, fireEvent, screen, within } from '@testing-library/react';
import SearchPage from '../../src/pages/search';
import { SearchForm } from '../../features/search/SearchForm';
import { Layout } from '../../src/components/Layout';
import { loadPagefind, type Pagefind } from '../../features/search/pagefind.browser';
import type { PagefindData } from '../../features/search/searchResults';
import { renderWithI18n } from '../support/renderWithI18n';

jest.mock('../../features/search/pagefind.browser', () => ({ loadPagefind: jest.fn() }));
const load = loadPagefind as jest.MockedFunction<typeof loadPagefind>;

/** A Pagefind that finds `pages` for any query but 'nothing'. */
function pagefind(pages: PagefindData[]): { search: jest.Mock } & Pagefind {
  const search = jest.fn(async (query: string) => ({ results: (query === 'nothing' ? [] : pages).map((data, index) => ({ id: String(index), data: async () => data })) }));
  return { options: jest.fn(), init: jest.fn(), search } as unknown as { search: jest.Mock } & Pagefind;
}

const POST: PagefindData = {
  url: '/blog/lightning-payment-links/',
  excerpt: 'Lightning <mark>payment</mark> links',
  meta: { title: 'Lightning payment links', date: '2026-09-15' },
  sub_results: [{ title: 'What a payment link is', url: '/blog/lightning-payment-links/#what-it-is', excerpt: 'a <mark>payment</mark> link' }],
};

const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

beforeEach(() => {
  load.mockReset();
  window.history.replaceState(null, '', '/search/');
});

describe('the header search form', () => {
  it("is a labelled search landmark that GETs ?q= from its language's search page, with no script of its own", () => {
    renderWithI18n(<SearchForm id="box" />, { language: 'bg', originalPath: '/docs/' });
    const form = screen.getByRole('search', { name: 'Търсене в сайта' });
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/bg/search/');
    expect(within(form).getByRole('searchbox', { name: 'Търсене в сайта' })).toHaveAttribute('name', 'q');
    expect(within(form).getByRole('button', { name: 'Търси' })).toHaveAttribute('type', 'submit');
    renderWithI18n(<SearchForm id="box2" />, { language: 'en', routed: true, originalPath: '/docs/' });
    expect(screen.getByRole('search', { name: 'Search the site' })).toHaveAttribute('action', '/en/search/');
    expect(load).not.toHaveBeenCalled();
  });
});

describe('the search index marks', () => {
  it("puts data-pagefind-body on the main landmark of an indexed page only, never on the header's or footer's", () => {
    const { container, unmount } = renderWithI18n(
      <Layout>
        <p>Docs</p>
      </Layout>,
      { originalPath: '/docs/' },
    );
    expect(container.querySelectorAll('[data-pagefind-body]')).toHaveLength(1);
    expect(container.querySelector('main')).toHaveAttribute('data-pagefind-body');
    unmount();
    for (const [originalPath, routed] of [
      ['/pricing/', false],
      ['/search/', false],
      ['/docs/', true],
    ] as const) {
      const rendered = renderWithI18n(
        <Layout>
          <p>Page</p>
        </Layout>,
        { originalPath, routed },
      );
      expect([originalPath, routed, rendered.container.querySelectorAll('[data-pagefind-body]').length]).toEqual([originalPath, routed, 0]);
      rendered.unmount();
    }
  });
});

describe('the search page', () => {
  it('loads nothing until asked, then searches as one types, announces the count and shows titles, dates, highlighted excerpts and sections', async () => {
    const engine = pagefind([POST]);
    load.mockResolvedValue(engine);
    renderWithI18n(<SearchPage />, { originalPath: '/search/' });
    expect(load).not.toHaveBeenCalled();
    const box = screen.getByRole('main').querySelector('input[type="search"]') as HTMLInputElement;
    expect(box).toHaveAccessibleName('Search the site');
    fireEvent.change(box, { target: { value: 'payment' } });
    await settle();
    expect(engine.search).toHaveBeenCalledWith('payment');
    expect(screen.getByRole('status')).toHaveTextContent('1 result for “payment”');
    expect(window.location.search).toBe('?q=payment');
    const results = screen.getByRole('region', { name: 'Results' });
    expect(within(results).getByRole('heading', { level: 3, name: 'Lightning payment links' })).toBeInTheDocument();
    expect(within(results).getByRole('link', { name: 'Lightning payment links' })).toHaveAttribute('href', '/blog/lightning-payment-links/');
    expect(within(results).getByText('September 15, 2026')).toHaveAttribute('datetime', '2026-09-15');
    expect([...results.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['payment', 'payment']);
    expect(within(results).getByRole('link', { name: 'What a payment link is' })).toHaveAttribute('href', '/blog/lightning-payment-links/#what-it-is');
    fireEvent.change(box, { target: { value: 'nothing' } });
    await settle();
    expect(screen.getByRole('status')).toHaveTextContent('Nothing found for “nothing”.');
    expect(screen.queryByRole('region', { name: 'Results' })).toBeNull();
  });

  it('runs the query of its address when it opens, in Bulgarian', async () => {
    const engine = pagefind([{ ...POST, url: '/bg/blog/godishna-inventarizatsiya/', meta: { title: 'Годишна инвентаризация' } }]);
    load.mockResolvedValue(engine);
    window.history.replaceState(null, '', '/bg/search/?q=%D0%B8%D0%BD%D0%B2%D0%B5%D0%BD%D1%82%D0%B0%D1%80');
    renderWithI18n(<SearchPage />, { language: 'bg', originalPath: '/search/' });
    await settle();
    expect(engine.search).toHaveBeenCalledWith('инвентар');
    expect(screen.getByRole('status')).toHaveTextContent('1 резултат за „инвентар“');
    expect(screen.getByRole('link', { name: 'Годишна инвентаризация' })).toHaveAttribute('href', '/bg/blog/godishna-inventarizatsiya/');
  });

  it('shows markup in an excerpt, a title or the query as text, and drops a result or section that leaves the site', async () => {
    const hostile: PagefindData[] = [
      {
        url: '/docs/',
        excerpt: '<img src=x onerror=alert(1)>&lt;script&gt;alert(2)&lt;/script&gt; <mark>pay</mark>',
        meta: { title: '<b>Docs</b> &lt;i&gt;' },
        sub_results: [{ title: 'Evil', url: 'javascript:alert(3)#x', excerpt: 'x' }],
      },
      { url: 'https://evil.example/', excerpt: 'x', meta: { title: 'Elsewhere' } },
    ];
    load.mockResolvedValue(pagefind(hostile));
    const { container } = renderWithI18n(<SearchPage />, { originalPath: '/search/' });
    fireEvent.change(container.querySelector('main input[type="search"]') as HTMLInputElement, { target: { value: '<img src=y onerror=alert(4)>' } });
    await settle();
    expect(container.querySelector('main img, main script, main b')).toBeNull();
    expect(screen.getByRole('link', { name: 'Docs <i>' })).toHaveAttribute('href', '/docs/');
    expect(screen.getByText(/<script>alert\(2\)<\/script>/)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('2 results for “<img src=y onerror=alert(4)>”');
    expect(screen.queryByRole('link', { name: 'Elsewhere' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Evil' })).toBeNull();
  });

  it('says when the index cannot load, and tries again on the next query', async () => {
    load.mockRejectedValueOnce(new Error('offline'));
    renderWithI18n(<SearchPage />, { originalPath: '/search/' });
    const box = screen.getByRole('main').querySelector('input[type="search"]') as HTMLInputElement;
    fireEvent.change(box, { target: { value: 'payment' } });
    await settle();
    expect(screen.getByRole('status')).toHaveTextContent('Search could not load.');
    load.mockResolvedValue(pagefind([POST]));
    fireEvent.change(box, { target: { value: 'payments' } });
    await settle();
    expect(screen.getByRole('status')).toHaveTextContent('1 result for “payments”');
  });

  it('without JavaScript, says so and lists the ways in that need none', () => {
    renderWithI18n(<SearchPage />, { language: 'bg', originalPath: '/search/' });
    const note = screen.getByText(/Търсенето се нуждае от JavaScript/).parentElement as HTMLElement;
    expect(note).toHaveClass('no-js-only');
    expect(within(note).getByRole('link', { name: 'документацията и нейното съдържание' })).toHaveAttribute('href', '/bg/docs/');
    expect(within(note).getByRole('link', { name: 'картата на сайта с всички страници' })).toHaveAttribute('href', '/sitemap-index.xml');
  });
});
