import { DATE_PUBLISHED, sitePage, softwareApplication } from '../../src/lib/structuredData';

const facts = {
  name: 'Pricing',
  description: 'Plans',
  url: 'https://www.example.com/bg/pricing/',
  language: 'bg' as const,
  productName: 'StockPay',
  siteUrl: 'https://www.example.com',
};

describe('structured data', () => {
  it('describes the application with its fixed publication date', () => {
    const data = softwareApplication({ ...facts, appUrl: 'https://app.example.com/bg/' });
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'SoftwareApplication',
      name: 'StockPay',
      datePublished: '2025-03-17',
      inLanguage: 'bg',
      url: facts.url,
      installUrl: 'https://app.example.com/bg/',
    });
    expect(DATE_PUBLISHED).toBe('2025-03-17');
  });

  it('builds web and contact pages that belong to the site', () => {
    expect(sitePage('WebPage', facts)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'WebPage',
      name: 'Pricing',
      description: 'Plans',
      url: facts.url,
      inLanguage: 'bg',
      isPartOf: { '@type': 'WebSite', name: 'StockPay', url: 'https://www.example.com' },
    });
    expect(sitePage('ContactPage', facts)['@type']).toBe('ContactPage');
    expect(sitePage('WebPage', { ...facts, dateModified: '2025-05-30' }).dateModified).toBe('2025-05-30');
  });
});
