import React from 'react';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Layout } from '../../src/components/Layout';
import { FLOATING_THRESHOLD } from '../../src/components/BackToTop';
import { renderToString } from 'react-dom/server';
import { HYDRATED_ATTRIBUTE } from '../../features/site/hydration';
import { renderWithI18n, withI18n } from '../support/renderWithI18n';

const APP = 'http://127.0.0.1:4010/app';

describe('Layout shell', () => {
  it('marks <html> once React has hydrated the server-rendered page, not before', () => {
    document.documentElement.removeAttribute(HYDRATED_ATTRIBUTE);
    const page = (
      <Layout>
        <h1>Page</h1>
      </Layout>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(withI18n(page));
    document.body.appendChild(container);
    expect(document.documentElement.hasAttribute(HYDRATED_ATTRIBUTE)).toBe(false);
    renderWithI18n(page, { container, hydrate: true });
    expect(document.documentElement.hasAttribute(HYDRATED_ATTRIBUTE)).toBe(true);
  });

  it('has the landmarks, one skip link and the main navigation', () => {
    renderWithI18n(
      <Layout>
        <h1>Page</h1>
      </Layout>,
    );
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main');
    const [nav] = screen.getAllByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Home', '/'],
      ['Documentation', '/docs/'],
      ['Pricing', '/pricing/'],
      ['Contact', '/contact/'],
    ]);
  });

  it("links every page in the page's own language", () => {
    renderWithI18n(
      <Layout>
        <h1>Страница</h1>
      </Layout>,
      { language: 'bg', originalPath: '/docs/' },
    );
    const [nav] = screen.getAllByRole('navigation', { name: 'Основна' });
    expect(within(nav).getByRole('link', { name: 'Цени' })).toHaveAttribute('href', '/bg/pricing/');
    expect(screen.getByRole('link', { name: 'Често задавани въпроси' })).toHaveAttribute('href', '/bg/docs/#faq');
    expect(screen.getByRole('link', { name: 'Пътна карта' })).toHaveAttribute('href', '/bg/docs/#roadmap');
    expect(screen.getByRole('link', { name: 'Политика за поверителност' })).toHaveAttribute('href', '/bg/privacy-policy/');
  });

  it("opens the application in a new tab, in the visitor's language", () => {
    renderWithI18n(<Layout>x</Layout>, { language: 'bg' });
    const [launch] = screen.getAllByRole('link', { name: /Към приложението/ });
    expect(launch).toHaveAttribute('href', `${APP}/bg/`);
    expect(launch).toHaveAttribute('target', '_blank');
    expect(launch).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('shows the social links, the copyright year and FAQ/Roadmap/Privacy links', () => {
    renderWithI18n(<Layout>x</Layout>);
    const social = screen.getByRole('list', { name: 'Follow us' });
    expect(
      within(social)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['https://x.com/stockpayapp', 'https://t.me/stockpayapp', 'https://github.com/stockpayapp']);
    expect(within(social).getByRole('link', { name: /StockPay on GitHub/ })).toHaveAttribute('target', '_blank');
    expect(screen.getByText(`© ${new Date().getFullYear()} StockPay. All rights reserved.`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/docs/#faq');
    expect(screen.getByRole('link', { name: 'Roadmap' })).toHaveAttribute('href', '/docs/#roadmap');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy/');
  });

  it('offers a floating back-to-top button only after scrolling, and it goes to the top', async () => {
    const scrollTo = jest.fn();
    window.scrollTo = scrollTo;
    renderWithI18n(<Layout>x</Layout>);
    expect(screen.queryByRole('button', { name: 'Back to top' })).not.toBeInTheDocument();

    await act(async () => {
      Object.defineProperty(window, 'scrollY', { configurable: true, value: FLOATING_THRESHOLD + 1 });
      fireEvent.scroll(window);
      await new Promise((resolve) => requestAnimationFrame(resolve));
    });
    await userEvent.click(screen.getByRole('button', { name: 'Back to top' }));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    expect(screen.getByRole('banner')).toHaveFocus();

    // The footer's link does the same without adding #top to the address.
    scrollTo.mockClear();
    await userEvent.click(screen.getByRole('link', { name: 'Back to top' }));
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(window.location.hash).toBe('');
  });
});
