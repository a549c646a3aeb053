import React from 'react';
import { screen, within } from '@testing-library/react';
import { Helmet } from 'react-helmet';
import { HomeView } from '../../src/components/home/HomeView';
import HomePage from '../../src/pages/index';
import { homeContent } from '../support/content';
import { renderWithI18n } from '../support/renderWithI18n';

const content = homeContent('en');

describe('Home', () => {
  it('shows what content/home/en/ says: the headline, the three banners in order, the 17 topics and the closing band', () => {
    renderWithI18n(<HomeView content={content} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Inventory & Payment Management Made Simple' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('main'))
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual([
      'Sale orders you can edit until they ship',
      'Features built for day-to-day trade',
      'Payments Made Simple',
      'Everything your business runs on',
      'Ready when you are',
    ]);
    const topics = within(screen.getByRole('region', { name: 'Everything your business runs on' })).getAllByRole('listitem');
    expect(topics).toHaveLength(17);
    expect(topics[0]).toHaveTextContent('Inventory management');
    expect(topics[16]).toHaveTextContent('Real-time inventory tracking');
  });

  it('shows the four drawings as decorative images of a reserved size, only the hero one loaded eagerly', () => {
    const { container } = renderWithI18n(<HomeView content={content} />);
    expect(screen.queryAllByRole('img')).toEqual([]);
    const images = [...container.querySelectorAll('img')];
    expect(images.map((img) => [img.getAttribute('src'), img.getAttribute('alt'), img.getAttribute('loading')])).toEqual([
      ['/illustrations/dashboard.svg', '', 'eager'],
      ['/illustrations/sale-order.svg', '', 'lazy'],
      ['/illustrations/features.svg', '', 'lazy'],
      ['/illustrations/payments.svg', '', 'lazy'],
    ]);
    for (const img of images) {
      expect(Number(img.getAttribute('width'))).toBeGreaterThan(0);
      expect(Number(img.getAttribute('height'))).toBeGreaterThan(0);
    }
  });

  it('offers a free trial, announces the demo account as coming soon, and links Get Started to the app', () => {
    renderWithI18n(<HomeView content={content} />);
    const tryLinks = screen.getAllByRole('link', { name: /Try StockPay for free/ });
    expect(tryLinks.length).toBeGreaterThan(0);
    for (const link of tryLinks) expect(link).toHaveAttribute('href', 'http://127.0.0.1:4010/app/en-US/');
    expect(screen.getByRole('link', { name: 'Compare plans' })).toHaveAttribute('href', '/pricing/');
    const demo = screen.getByRole('button', { name: /Demo Account/ });
    expect(demo).toBeDisabled();
    expect(demo).toHaveTextContent('soon');
    expect(demo).toHaveAccessibleDescription('The demo account is coming soon.');
    expect(screen.getByRole('link', { name: /Get Started/ })).toHaveAttribute('target', '_blank');
  });

  it('declares the application as structured data, published 2025-03-17', () => {
    renderWithI18n(<HomeView content={homeContent('bg')} />, { language: 'bg' });
    const script = Helmet.peek().scriptTags.find((tag: { type?: string }) => tag.type === 'application/ld+json') as { innerHTML: string };
    expect(JSON.parse(script.innerHTML)).toMatchObject({ '@type': 'SoftwareApplication', datePublished: '2025-03-17', inLanguage: 'bg' });
    expect(Helmet.peek().title).toBe('Лесно управление на наличности и плащания | StockPay');
  });

  const canonicalHref = () => (Helmet.peek().linkTags.find((tag: { rel?: string }) => tag.rel === 'canonical') as { href: string }).href;
  const pageProps = (originalPath: string) => ({ data: content, pageContext: { i18n: { originalPath } } }) as unknown as React.ComponentProps<typeof HomePage>;

  it('names the home page as canonical when shown at /blog/, and leaves it out of search there', () => {
    const { container } = renderWithI18n(<HomePage {...pageProps('/blog/')} />, { originalPath: '/blog/' });
    expect(canonicalHref()).toBe('http://127.0.0.1:9000/');
    expect(container.querySelector('main')).not.toHaveAttribute('data-pagefind-body');
  });

  it('is its own canonical, and searchable, at /', () => {
    const { container } = renderWithI18n(<HomePage {...pageProps('/')} />);
    expect(canonicalHref()).toBe('http://127.0.0.1:9000/');
    expect(container.querySelector('main')).toHaveAttribute('data-pagefind-body');
  });
});
