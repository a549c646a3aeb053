import React from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LanguageSwitcher } from '../../src/components/LanguageSwitcher';
import { reloadAt } from '../../src/browser/reloadAt';
import { LANGUAGES } from '../../features/site/languages';
import { renderWithI18n } from '../support/renderWithI18n';

jest.mock('../../src/browser/reloadAt');

describe('LanguageSwitcher', () => {
  const assign = jest.mocked(reloadAt);

  beforeEach(() => {
    assign.mockReset();
    window.history.replaceState(null, '', '/pricing/?plan=year#cards');
  });
  afterEach(() => jest.restoreAllMocks());

  it('lists both languages as links to /{lang}{path}', () => {
    renderWithI18n(<LanguageSwitcher />, { language: 'en', originalPath: '/pricing/' });
    const en = screen.getByRole('link', { name: /EN - English/ });
    const bg = screen.getByRole('link', { name: 'BG - Bulgarian' });
    expect(en).toHaveAttribute('href', '/en/pricing/?plan=year#cards');
    expect(en).toHaveAttribute('aria-current', 'true');
    expect(bg).toHaveAttribute('href', '/bg/pricing/?plan=year#cards');
    expect(bg).toHaveAttribute('hreflang', 'bg');
    expect(bg).toHaveAttribute('lang', 'bg');
  });

  it("links a language the page is not written in to that language's section, with and without JavaScript", async () => {
    window.history.replaceState(null, '', '/bg/blog/only-bg/#table');
    renderWithI18n(<LanguageSwitcher />, { language: 'bg', originalPath: '/blog/only-bg/', languages: ['bg'] });
    const english = screen.getByRole('link', { name: 'EN - Английски' });
    expect(english).toHaveAttribute('href', '/en/blog/');
    expect(screen.getByRole('link', { name: /BG - Български/ })).toHaveAttribute('href', '/bg/blog/only-bg/#table');
    await userEvent.click(screen.getByText('BG', { selector: 'span' }));
    await userEvent.click(english);
    expect(assign).toHaveBeenCalledWith('/en/blog/');
  });

  it('names the current language on its toggle, in Bulgarian too', () => {
    renderWithI18n(<LanguageSwitcher />, { language: 'bg', originalPath: '/pricing/' });
    expect(screen.getByText('BG', { selector: 'span' }).closest('summary')).toHaveAttribute('aria-label', 'Език: BG - Български');
    expect(screen.getByRole('link', { name: 'EN - Английски' })).toBeInTheDocument();
  });

  it('reloads the whole page at the new language', async () => {
    renderWithI18n(<LanguageSwitcher />, { language: 'en', originalPath: '/pricing/' });
    await userEvent.click(screen.getByText('EN', { selector: 'span' }));
    await userEvent.click(screen.getByRole('link', { name: 'BG - Bulgarian' }));
    expect(assign).toHaveBeenCalledWith('/bg/pricing/?plan=year#cards');
  });

  it('only warns for a language it does not offer', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderWithI18n(<LanguageSwitcher />, { language: 'en', originalPath: '/pricing/' });
    const list = screen.getByRole('list');
    const bg = within(list).getByRole('link', { name: 'BG - Bulgarian' });
    bg.setAttribute('hreflang', 'fr');
    await userEvent.click(bg);
    expect(assign).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith(`Language switch ignored: "fr" is not one of ${LANGUAGES.join(', ')}.`);
  });
});
