import { containsMath, fillProductName, tableOfContents } from '../../src/lib/markdown';

describe('fillProductName', () => {
  it('fills every {{product}} token, spaces allowed', () => {
    expect(fillProductName('{{product}} and {{ product }}', 'Acme')).toBe('Acme and Acme');
  });
  it('leaves other braces alone', () => {
    expect(fillProductName('{{price}} {product}', 'Acme')).toBe('{{price}} {product}');
  });
});

describe('containsMath', () => {
  it('spots KaTeX output', () => {
    expect(containsMath('<span class="katex"><span class="katex-mathml">')).toBe(true);
    expect(containsMath('<div class="katex-display">')).toBe(true);
  });
  it('ignores the word elsewhere', () => {
    expect(containsMath('<p>We render KaTeX at build time.</p>')).toBe(false);
  });
});

describe('tableOfContents', () => {
  it('keeps headings with an id and fills the product name', () => {
    expect(
      tableOfContents([{ id: 'what-it-does', value: 'What {{product}} does ' }, { id: null, value: 'x' }, null, { id: 'faq', value: '' }], 'Acme'),
    ).toEqual([{ id: 'what-it-does', title: 'What Acme does' }]);
  });
});
