import { containsMath, tableOfContents } from '../../features/markdown/rendered';
import { fillProductName, fillProductNameInHtml } from '../../features/site/productName';

describe('fillProductName', () => {
  it('fills every {{product}} token, spaces allowed', () => {
    expect(fillProductName('{{product}} and {{ product }}', 'Acme')).toBe('Acme and Acme');
  });
  it('leaves other braces alone', () => {
    expect(fillProductName('{{price}} {product}', 'Acme')).toBe('{{price}} {product}');
  });
  it('puts the name in as typed, even with $ patterns in it', () => {
    expect(fillProductName('Try {{product}}', "$& $' $1")).toBe("Try $& $' $1");
  });
});

describe('fillProductNameInHtml', () => {
  const product = 'A<b>&"C"';
  it('fills the name in as text, never as markup', () => {
    expect(fillProductNameInHtml('<p>Try {{product}} today</p>', product)).toBe('<p>Try A&lt;b&gt;&amp;&quot;C&quot; today</p>');
    expect(fillProductNameInHtml('<abbr title="{{product}}">P</abbr>', `x" onclick="alert(1)`)).toBe('<abbr title="x&quot; onclick=&quot;alert(1)">P</abbr>');
    expect(fillProductNameInHtml('{{ product }} {{product}}', "O'Neil $&")).toBe('O&#39;Neil $&amp; O&#39;Neil $&amp;');
  });
  it('shows the name as typed once the browser reads the HTML', () => {
    const element = document.createElement('div');
    element.innerHTML = fillProductNameInHtml('<p>Try {{product}}</p>', product);
    expect(element.textContent).toBe('Try A<b>&"C"');
    expect(element.querySelector('b')).toBeNull();
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
    expect(tableOfContents([{ id: 'what-it-does', value: 'What {{product}} does ' }, { id: null, value: 'x' }, null, { id: 'faq', value: '' }], 'Acme')).toEqual([
      { id: 'what-it-does', title: 'What Acme does' },
    ]);
  });
});
