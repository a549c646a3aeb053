import React from 'react';
import { screen } from '@testing-library/react';
import { TranslationNotice } from '../../features/translations/TranslationNotice';
import { renderWithI18n } from '../support/renderWithI18n';

describe('TranslationNotice', () => {
  it('tells a Bulgarian reader, in Bulgarian, when the English original changed, and links to it; search leaves it out', () => {
    renderWithI18n(<TranslationNotice notice={{ original: 'en', updated: '2026-11-20' }} />, { language: 'bg', originalPath: '/privacy-policy/' });
    const notice = screen.getByRole('complementary', { name: 'За този превод' });
    expect(notice).toHaveTextContent('На 20 ноември 2026 г. английската версия на тази страница беше обновена. Преводът може още да не отразява тези промени.');
    const link = screen.getByRole('link', { name: 'Прочетете английската версия' });
    expect(link).toHaveAttribute('href', '/privacy-policy/');
    expect(link).toHaveAttribute('hreflang', 'en');
    expect(notice).toHaveAttribute('data-pagefind-ignore', 'all');
  });

  it('tells an English reader of a post first written in Bulgarian, without a date when the original has none', () => {
    renderWithI18n(<TranslationNotice notice={{ original: 'bg', updated: null }} />, { language: 'en', originalPath: '/blog/godishna-inventarizatsiya/' });
    expect(screen.getByRole('complementary', { name: 'About this translation' })).toHaveTextContent(
      'The Bulgarian version of this page has changed since this translation was made. It may not include those changes yet.',
    );
    expect(screen.getByRole('link', { name: 'Read the Bulgarian version' })).toHaveAttribute('href', '/bg/blog/godishna-inventarizatsiya/');
  });

  it("shows nothing for an original, a copy up to date or a notice naming the page's own language", () => {
    const { container } = renderWithI18n(
      <>
        <TranslationNotice notice={null} />
        <TranslationNotice notice={undefined} />
        <TranslationNotice notice={{ original: 'bg', updated: '2026-11-20' }} />
        <TranslationNotice notice={{ original: 'de', updated: null }} />
      </>,
      { language: 'bg', originalPath: '/docs/' },
    );
    expect(container).toBeEmptyDOMElement();
  });
});
