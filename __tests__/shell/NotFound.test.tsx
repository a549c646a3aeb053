import React from 'react';
import { screen } from '@testing-library/react';
import NotFoundPage from '../../src/pages/404';
import { renderWithI18n } from '../support/renderWithI18n';

describe('Not found page', () => {
  it('says 404 and links home and to the contact page', () => {
    renderWithI18n(<NotFoundPage />, { originalPath: '/404/' });
    expect(screen.getByText('404', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent("I'm afraid I can't do that.");
    expect(screen.getByText(/Join the product back at the/)).toHaveTextContent('Join the product back at the homepage or contact us for help.');
    expect(screen.getByRole('link', { name: 'homepage' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'contact us' })).toHaveAttribute('href', '/contact/');
  });

  it('speaks Bulgarian and stays in Bulgarian', () => {
    renderWithI18n(<NotFoundPage />, { language: 'bg', originalPath: '/404/' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Опасявам се, че не мога да направя това.');
    expect(screen.getByRole('link', { name: 'началната страница' })).toHaveAttribute('href', '/bg/');
    expect(screen.getByRole('link', { name: 'се свържете с нас' })).toHaveAttribute('href', '/bg/contact/');
  });
});
