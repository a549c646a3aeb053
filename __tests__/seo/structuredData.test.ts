import { DATE_PUBLISHED, blog, blogPosting, pricingPage, sitePage, softwareApplication } from '../../features/seo/structuredData';

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

  it('gives the pricing page the application as its main entity, with each plan an offer priced per month', () => {
    const monthly = { name: 'Малък бизнес, месечно плащане', url: 'https://app.example.com/bg/plans/s', price: '79.00', priceCurrency: 'BGN', billingDuration: 'P1M' };
    const bitcoin = { ...monthly, name: 'Малък бизнес, годишно плащане в биткойн', price: '67.15', billingDuration: 'P1Y', paymentMethod: 'Bitcoin' };
    expect(pricingPage(facts, [monthly, bitcoin])).toEqual({
      ...sitePage('WebPage', facts),
      mainEntity: {
        '@type': 'SoftwareApplication',
        name: 'StockPay',
        applicationCategory: 'BusinessApplication',
        operatingSystem: 'Web',
        offers: [
          {
            '@type': 'Offer',
            name: 'Малък бизнес, месечно плащане',
            url: 'https://app.example.com/bg/plans/s',
            price: '79.00',
            priceCurrency: 'BGN',
            category: 'subscription',
            priceSpecification: { '@type': 'UnitPriceSpecification', price: '79.00', priceCurrency: 'BGN', unitCode: 'MON', billingDuration: 'P1M' },
          },
          {
            '@type': 'Offer',
            name: 'Малък бизнес, годишно плащане в биткойн',
            url: 'https://app.example.com/bg/plans/s',
            price: '67.15',
            priceCurrency: 'BGN',
            category: 'subscription',
            priceSpecification: { '@type': 'UnitPriceSpecification', price: '67.15', priceCurrency: 'BGN', unitCode: 'MON', billingDuration: 'P1Y' },
            acceptedPaymentMethod: { '@type': 'PaymentMethod', name: 'Bitcoin' },
          },
        ],
      },
    });
  });

  it('leaves a pricing page built without plans a plain web page', () => {
    expect(pricingPage(facts, [])).toEqual(sitePage('WebPage', facts));
  });
});

describe('blog structured data', () => {
  const post = { ...facts, name: 'A post', url: 'https://www.example.com/bg/blog/a-post/', image: 'https://www.example.com/share/bg.png', datePublished: '2026-09-15' };

  it('describes a post with its dates, language, image and page, by the company when no author is named', () => {
    expect(blogPosting(post)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: 'A post',
      description: 'Plans',
      url: post.url,
      mainEntityOfPage: { '@type': 'WebPage', '@id': post.url },
      inLanguage: 'bg',
      image: post.image,
      datePublished: '2026-09-15',
      dateModified: '2026-09-15',
      author: { '@type': 'Organization', name: 'StockPay', url: 'https://www.example.com' },
      publisher: { '@type': 'Organization', name: 'StockPay', url: 'https://www.example.com' },
    });
  });

  it('takes the update date and a named author', () => {
    expect(blogPosting({ ...post, dateModified: '2026-10-02', author: 'Ana Petrova' })).toMatchObject({
      dateModified: '2026-10-02',
      author: { '@type': 'Person', name: 'Ana Petrova' },
    });
    expect(blogPosting({ ...post, dateModified: null, author: null }).dateModified).toBe('2026-09-15');
  });

  it("describes a list page as the language's Blog, naming its posts", () => {
    const posts = [{ headline: 'A post', url: post.url, datePublished: '2026-09-15' }];
    expect(blog({ ...facts, name: 'Блог', url: 'https://www.example.com/bg/blog/', posts })).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Blog',
      name: 'Блог',
      description: 'Plans',
      url: 'https://www.example.com/bg/blog/',
      inLanguage: 'bg',
      isPartOf: { '@type': 'WebSite', name: 'StockPay', url: 'https://www.example.com' },
      blogPost: [{ '@type': 'BlogPosting', headline: 'A post', url: post.url, datePublished: '2026-09-15' }],
    });
  });
});
