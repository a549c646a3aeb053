import React from 'react';
import { graphql } from 'gatsby';
import { checked, type EntryFrontmatter, type Frontmatter } from '../../../features/content/frontmatter';
import { siteConfig } from '../../../features/site/settings';
import { appUrl } from '../../../features/site/app';
import { fillProductName, fillProductNameInFields, fillProductNameInHtml } from '../../../features/site/productName';
import { pageUrl } from '../../../features/seo/seo';
import { softwareApplication } from '../../../features/seo/structuredData';
import { Layout } from '../Layout';
import { AppLink } from '../../../features/site/AppLink';
import { CtaBand } from '../CtaBand';
import { LocalizedLink } from '../../../features/site/LocalizedLink';
import * as buttons from '../../../features/site/buttons.module.css';
import { Seo } from '../Seo';
import { useSiteLanguage } from '../../../features/site/useSiteLanguage';
import { BannerSection, type Banner } from './BannerSection';
import { Hero } from './Hero';
import { Topics } from './Topics';

/**
 * The banners (content/banners/<lang>/<nn-name>.md) as view data with
 * {{product}} filled in: as text in the title and the label, escaped into the HTML.
 */
function toBanners(content: Queries.HomeContentFragment, product: string): Banner[] {
  return content.banners.nodes.map((node) => {
    const { title, illustration, ctaLabel, ctaTarget } = checked<EntryFrontmatter<'banners'>>(node.frontmatter);
    return {
      id: node.fields.name,
      title: fillProductName(title, product),
      html: fillProductNameInHtml(node.html ?? '', product),
      illustration,
      cta: ctaLabel && ctaTarget ? { label: fillProductName(ctaLabel, product), target: ctaTarget } : undefined,
    };
  });
}

interface Props {
  content: Queries.HomeContentFragment;
  /** Set by /blog/, which shows the home page and names it as canonical. */
  canonicalPath?: string;
}

/** The home page: everything it says is in content/home/<lang>/ and content/banners/<lang>/. */
export function HomeView({ content, canonicalPath }: Props): React.JSX.Element {
  const { language } = useSiteLanguage();
  const product = siteConfig.productName;
  const hero = fillProductNameInFields(checked<Frontmatter<'home', 'hero'>>(content.hero?.frontmatter), product);
  const topics = fillProductNameInFields(checked<Frontmatter<'home', 'topics'>>(content.topics?.frontmatter), product);
  const closing = fillProductNameInFields(checked<Frontmatter<'home', 'closing'>>(content.closing?.frontmatter), product);
  return (
    <Layout searchable={canonicalPath === undefined}>
      <Seo
        title={hero.title}
        description={hero.description}
        canonicalPath={canonicalPath}
        jsonLd={softwareApplication({
          productName: product,
          name: hero.title,
          description: hero.description,
          url: pageUrl(siteConfig.siteUrl, language, '/'),
          language,
          appUrl: appUrl(siteConfig.appUrl, language),
        })}
      />
      <Hero text={hero} />
      {toBanners(content, product).map((banner, index) => (
        <BannerSection key={banner.id} banner={banner} index={index} />
      ))}
      <Topics text={topics} />
      {/* The last word: start the trial, or compare plans first. */}
      <CtaBand
        headingId="closing-title"
        heading={closing.heading}
        tone="soft"
        actions={
          <>
            <AppLink>{hero.tryLabel}</AppLink>
            <LocalizedLink className={buttons.secondary} to="/pricing/">
              {closing.pricingLabel}
            </LocalizedLink>
          </>
        }
      >
        <p>{closing.lead}</p>
      </CtaBand>
    </Layout>
  );
}

export const query = graphql`
  fragment HomeContent on Query {
    hero: markdownRemark(fields: { section: { eq: "home" }, name: { eq: "hero" }, language: { eq: $language } }) {
      frontmatter {
        title
        description
        eyebrow
        headline
        lead
        tryLabel
        demoLabel
        demoBadge
        demoNote
      }
    }
    topics: markdownRemark(fields: { section: { eq: "home" }, name: { eq: "topics" }, language: { eq: $language } }) {
      frontmatter {
        heading
        lead
        items {
          label
          icon
        }
      }
    }
    closing: markdownRemark(fields: { section: { eq: "home" }, name: { eq: "closing" }, language: { eq: $language } }) {
      frontmatter {
        heading
        lead
        pricingLabel
      }
    }
    banners: allMarkdownRemark(filter: { fields: { section: { eq: "banners" }, language: { eq: $language } } }, sort: { frontmatter: { order: ASC } }) {
      nodes {
        html
        fields {
          name
        }
        frontmatter {
          title
          illustration
          ctaLabel
          ctaTarget
        }
      }
    }
  }
`;
