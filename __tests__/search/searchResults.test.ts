import {
  MAX_QUERY_LENGTH,
  MAX_SUB_RESULTS,
  addressWithQuery,
  decodeEntities,
  excerptParts,
  queryFromSearch,
  searchHref,
  shapeResult,
  siteHref,
} from '../../features/search/searchResults';

describe('queryFromSearch', () => {
  it("reads ?q=, '+' and percent escapes decoded, whitespace collapsed", () => {
    expect(queryFromSearch('?q=payment+links')).toBe('payment links');
    expect(queryFromSearch('?q=%D0%B8%D0%BD%D0%B2%D0%B5%D0%BD%D1%82%D0%B0%D1%80')).toBe('инвентар');
    expect(queryFromSearch('?x=1&q=%20%20GDPR%09%0A%20data%20&q=second')).toBe('GDPR data');
    expect(queryFromSearch('q=no-question-mark')).toBe('no-question-mark');
  });

  it("gives '' when there is no query, and cuts a long one", () => {
    for (const search of ['', '?', '?q=', '?q=+++', '?query=x']) expect([search, queryFromSearch(search)]).toEqual([search, '']);
    expect(queryFromSearch(`?q=${'a'.repeat(500)}`)).toHaveLength(MAX_QUERY_LENGTH);
    expect(queryFromSearch(`?q=${'a '.repeat(150)}`)).not.toMatch(/\s$/);
  });

  it('keeps markup as text: what the page shows of it, React escapes', () => {
    expect(queryFromSearch('?q=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E')).toBe('<img src=x onerror=alert(1)>');
  });
});

describe('searchHref and addressWithQuery', () => {
  it("address each language's search page, with the query encoded", () => {
    expect(searchHref('en', '')).toBe('/search/');
    expect(searchHref('bg', '  ')).toBe('/bg/search/');
    expect(searchHref('en', 'payment links')).toBe('/search/?q=payment+links');
    expect(searchHref('bg', 'инвентаризация')).toBe('/bg/search/?q=%D0%B8%D0%BD%D0%B2%D0%B5%D0%BD%D1%82%D0%B0%D1%80%D0%B8%D0%B7%D0%B0%D1%86%D0%B8%D1%8F');
    expect(addressWithQuery('/en/search/', 'a&b=c#d')).toBe('/en/search/?q=a%26b%3Dc%23d');
    expect(queryFromSearch(addressWithQuery('/search/', 'a&b=c#d').split('?')[1])).toBe('a&b=c#d');
  });
});

describe('excerptParts', () => {
  it("splits Pagefind's excerpt into plain and highlighted runs, entities decoded", () => {
    expect(excerptParts('Create <mark>payment</mark> links &amp; send them to &lt;customers&gt;.')).toEqual([
      { text: 'Create ', mark: false },
      { text: 'payment', mark: true },
      { text: ' links & send them to <customers>.', mark: false },
    ]);
    expect(excerptParts('<mark>Годишна</mark> <mark>инвентаризация</mark>')).toEqual([
      { text: 'Годишна', mark: true },
      { text: ' ', mark: false },
      { text: 'инвентаризация', mark: true },
    ]);
  });

  it('drops every other tag, in any case or spacing, and keeps its text as text', () => {
    const parts = excerptParts('a <IMG src=x onerror=alert(1)><b>bold</b> < MARK >hit</ mark ><script>x()</script><a href="javascript:y">z</a');
    expect(parts).toEqual([
      { text: 'a bold ', mark: false },
      { text: 'hit', mark: true },
      { text: 'x()z', mark: false },
    ]);
    // An entity that decodes to markup stays text: the runs are rendered as text, never parsed.
    expect(excerptParts('&lt;img src=x onerror=alert(1)&gt;')).toEqual([{ text: '<img src=x onerror=alert(1)>', mark: false }]);
  });

  it('gives nothing for an empty excerpt, and closes an unclosed mark at the end', () => {
    expect(excerptParts('')).toEqual([]);
    expect(excerptParts('<mark>open')).toEqual([{ text: 'open', mark: true }]);
  });
});

describe('decodeEntities', () => {
  it('decodes named, decimal and hex references, and leaves unknown or invalid ones as written', () => {
    expect(decodeEntities('&amp;&lt;&gt;&quot;&apos;&#39;&#x27;&#1080;&nbsp;')).toBe(`&<>"'''и\u00a0`);
    expect(decodeEntities('&unknown; &#0; &#xD800; &#x110000; & ;')).toBe('&unknown; &#0; &#xD800; &#x110000; & ;');
  });
});

describe('siteHref', () => {
  it('lets through paths of this site only', () => {
    expect(siteHref('/blog/a-post/')).toBe('/blog/a-post/');
    expect(siteHref('/docs/#payment-links')).toBe('/docs/#payment-links');
    for (const url of [undefined, '', 'https://evil.example/', '//evil.example/', 'javascript:alert(1)', '/\\evil.example', 'docs/', '/a b/']) {
      expect([url, siteHref(url)]).toEqual([url, null]);
    }
  });
});

describe('shapeResult', () => {
  const data = {
    url: '/docs/',
    excerpt: 'Send <mark>payment</mark> links',
    meta: { title: 'Documentation' },
    sub_results: [
      { title: 'Documentation', url: '/docs/', excerpt: 'page' },
      { title: 'Payment links', url: '/docs/#payment-links', excerpt: '<mark>Payment</mark> links' },
      { title: 'Invoices', url: '/docs/#invoices', excerpt: 'an invoice' },
      { title: 'Elsewhere', url: '/blog/other/#x', excerpt: 'x' },
      { title: 'Offsite', url: 'https://evil.example/#x', excerpt: 'x' },
      { title: '  ', url: '/docs/#blank', excerpt: 'x' },
      { title: 'Refunds', url: '/docs/#refunds', excerpt: 'x' },
      { title: 'Fourth', url: '/docs/#fourth', excerpt: 'x' },
    ],
  };

  it("titles a result with the page's heading, its excerpt as runs, and at most three sections of its own that link to a heading id", () => {
    const result = shapeResult(data);
    expect(result).toEqual({
      title: 'Documentation',
      href: '/docs/',
      date: null,
      excerpt: [
        { text: 'Send ', mark: false },
        { text: 'payment', mark: true },
        { text: ' links', mark: false },
      ],
      sections: [
        {
          title: 'Payment links',
          href: '/docs/#payment-links',
          excerpt: [
            { text: 'Payment', mark: true },
            { text: ' links', mark: false },
          ],
        },
        { title: 'Invoices', href: '/docs/#invoices', excerpt: [{ text: 'an invoice', mark: false }] },
        { title: 'Refunds', href: '/docs/#refunds', excerpt: [{ text: 'x', mark: false }] },
      ],
    });
    expect(result?.sections).toHaveLength(MAX_SUB_RESULTS);
  });

  it('gives a blog post its date, and only a date written YYYY-MM-DD', () => {
    expect(shapeResult({ url: '/blog/a/', meta: { title: 'A', date: '2026-10-01' } })?.date).toBe('2026-10-01');
    expect(shapeResult({ url: '/blog/a/', meta: { title: 'A', date: 'October 1' } })?.date).toBeNull();
  });

  it('falls back to the address for a page without a title, strips markup from titles, and refuses a result outside the site', () => {
    expect(shapeResult({ url: '/blog/a/' })).toEqual({ title: '/blog/a/', href: '/blog/a/', date: null, excerpt: [], sections: [] });
    expect(shapeResult({ url: '/blog/a/', meta: { title: '<b>Bold</b> &amp; plain' } })?.title).toBe('Bold & plain');
    expect(shapeResult({ url: 'javascript:alert(1)', meta: { title: 'x' } })).toBeNull();
    expect(shapeResult({})).toBeNull();
  });
});
