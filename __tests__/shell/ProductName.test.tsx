import React from 'react';
import { screen, within } from '@testing-library/react';
import { HomeView } from '../../src/components/home/HomeView';
import { MarkdownPage } from '../../src/components/markdown/MarkdownPage';
import { homeContent } from '../support/content';
import { renderWithI18n } from '../support/renderWithI18n';

// A product name that would be markup if it went into the HTML unescaped.
jest.mock('../../features/site/settings', () => {
  const actual = jest.requireActual('../../features/site/settings');
  return { ...actual, siteConfig: { ...actual.siteConfig, productName: 'A<b>&"C"' } };
});

const PRODUCT = 'A<b>&"C"';

describe('{{product}} in markdown', () => {
  it('is filled into the home page banners as text: title, body and call to action', () => {
    const content = {
      ...homeContent('en'),
      banners: {
        nodes: [
          {
            html: '<p>Run your shop with {{product}}.</p>',
            fields: { name: '03-payments' },
            frontmatter: { title: 'Payments with {{ product }}', illustration: 'payments', ctaLabel: 'Try {{product}}', ctaTarget: 'contact' },
          },
        ],
      },
    } as unknown as Queries.HomeContentFragment;
    renderWithI18n(<HomeView content={content} />);
    const banner = screen.getByRole('region', { name: `Payments with ${PRODUCT}` });
    expect(within(banner).getByText(`Run your shop with ${PRODUCT}.`)).toBeInTheDocument();
    expect(within(banner).getByRole('link', { name: `Try ${PRODUCT}` })).toHaveAttribute('href', '/contact/');
    expect(banner.querySelector('b')).toBeNull();
    expect(banner.textContent).not.toContain('{{');
  });

  it('is filled into a markdown page as text', () => {
    const document = {
      html: '<h2 id="what">What {{product}} does</h2><p>{{product}} keeps stock.</p>',
      headings: [{ id: 'what', value: 'What {{product}} does' }],
      translationNotice: null,
    } as Queries.MarkdownDocumentFragment;
    renderWithI18n(<MarkdownPage title="Docs" description="Guide" document={document} />);
    const article = screen.getByRole('article');
    expect(within(article).getByRole('heading', { name: `What ${PRODUCT} does` })).toBeInTheDocument();
    expect(within(article).getByText(`${PRODUCT} keeps stock.`)).toBeInTheDocument();
    expect(article.querySelector('b')).toBeNull();
  });
});
