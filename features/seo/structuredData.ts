/**
 * schema.org objects for the pages' JSON-LD. Built as plain objects and
 * serialised by `serializeJsonLd`, never by string concatenation. Dates are
 * fixed facts, never the build time.
 */
import type { Language } from '../site/languages';

export type JsonLd = { '@context': 'https://schema.org'; '@type': string } & Record<string, unknown>;

interface PageFacts {
  name: string;
  description: string;
  url: string;
  language: Language;
}

/** The application's first public release, stated by the specification. */
export const DATE_PUBLISHED = '2025-03-17';

export function softwareApplication(page: PageFacts & { productName: string; appUrl: string }): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'SoftwareApplication',
    name: page.productName,
    headline: page.name,
    description: page.description,
    url: page.url,
    inLanguage: page.language,
    applicationCategory: 'BusinessApplication',
    operatingSystem: 'Web',
    datePublished: DATE_PUBLISHED,
    installUrl: page.appUrl,
    offers: { '@type': 'Offer', category: 'free trial', price: '0' },
  };
}

export type PageType = 'WebPage' | 'ContactPage' | 'SearchResultsPage';

/** A page of the site: WebPage, ContactPage for the contact form, SearchResultsPage for the search page. */
export function sitePage(type: PageType, facts: PageFacts & { productName: string; siteUrl: string; dateModified?: string }): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': type,
    name: facts.name,
    description: facts.description,
    url: facts.url,
    inLanguage: facts.language,
    isPartOf: { '@type': 'WebSite', name: facts.productName, url: facts.siteUrl },
    ...(facts.dateModified ? { dateModified: facts.dateModified } : {}),
  };
}

/** One plan as a schema.org Offer: its price per month, billed for `billingDuration`. */
export interface OfferFacts {
  name: string;
  url: string;
  price: string;
  priceCurrency: string;
  billingDuration: string;
  /** A way of paying the offer asks for ('Bitcoin'), when it asks for one. */
  paymentMethod?: string;
}

/**
 * The pricing page: a WebPage whose main entity is the application with
 * its plans as offers, each priced per month (unitCode MON) and billed for
 * a month or a year. Without plans (a build that fetched none), the page alone.
 */
export function pricingPage(facts: PageFacts & { productName: string; siteUrl: string }, offers: readonly OfferFacts[]): JsonLd {
  const page = sitePage('WebPage', facts);
  if (offers.length === 0) return page;
  return {
    ...page,
    mainEntity: {
      '@type': 'SoftwareApplication',
      name: facts.productName,
      applicationCategory: 'BusinessApplication',
      operatingSystem: 'Web',
      offers: offers.map((offer) => ({
        '@type': 'Offer',
        name: offer.name,
        url: offer.url,
        price: offer.price,
        priceCurrency: offer.priceCurrency,
        category: 'subscription',
        priceSpecification: {
          '@type': 'UnitPriceSpecification',
          price: offer.price,
          priceCurrency: offer.priceCurrency,
          unitCode: 'MON',
          billingDuration: offer.billingDuration,
        },
        ...(offer.paymentMethod ? { acceptedPaymentMethod: { '@type': 'PaymentMethod', name: offer.paymentMethod } } : {}),
      })),
    },
  };
}

/** Who wrote a post: its named author, else the company behind the product. */
function authorOf(author: string | null | undefined, productName: string, siteUrl: string): Record<string, unknown> {
  return author ? { '@type': 'Person', name: author } : { '@type': 'Organization', name: productName, url: siteUrl };
}

/** A blog post (schema.org BlogPosting); dateModified is the published date until it is updated. */
export function blogPosting(
  facts: PageFacts & { productName: string; siteUrl: string; image: string; datePublished: string; dateModified?: string | null; author?: string | null },
): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: facts.name,
    description: facts.description,
    url: facts.url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': facts.url },
    inLanguage: facts.language,
    image: facts.image,
    datePublished: facts.datePublished,
    dateModified: facts.dateModified || facts.datePublished,
    author: authorOf(facts.author, facts.productName, facts.siteUrl),
    publisher: { '@type': 'Organization', name: facts.productName, url: facts.siteUrl },
  };
}

/** A page of a language's blog (schema.org Blog), naming the posts it lists. */
export function blog(facts: PageFacts & { productName: string; siteUrl: string; posts: readonly { headline: string; url: string; datePublished: string }[] }): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Blog',
    name: facts.name,
    description: facts.description,
    url: facts.url,
    inLanguage: facts.language,
    isPartOf: { '@type': 'WebSite', name: facts.productName, url: facts.siteUrl },
    blogPost: facts.posts.map((post) => ({ '@type': 'BlogPosting', headline: post.headline, url: post.url, datePublished: post.datePublished })),
  };
}
