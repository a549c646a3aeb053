import React from 'react';
import { graphql } from 'gatsby';
import { useTranslation } from 'react-i18next';
import { CTA_TARGETS, HOME_ILLUSTRATIONS, type CtaTarget, type HomeIllustration } from '../../lib/content';
import { siteConfig } from '../../lib/config';
import { appUrl } from '../../lib/app';
import { fillProductName, fillProductNameInHtml } from '../../lib/markdown';
import { pageUrl } from '../../lib/seo';
import { softwareApplication } from '../../lib/structuredData';
import { AppLink } from '../AppLink';
import { CtaBand } from '../CtaBand';
import { Layout } from '../Layout';
import { LocalizedLink } from '../LocalizedLink';
import * as buttons from '../../styles/buttons.module.css';
import { Seo } from '../Seo';
import { useSiteLanguage } from '../useSiteLanguage';
import { BannerSection, type Banner } from './BannerSection';
import { Hero } from './Hero';
import { Topics } from './Topics';

const isIllustration = (value: string | null): value is HomeIllustration =>
  (HOME_ILLUSTRATIONS as readonly (string | null)[]).includes(value);
const isCtaTarget = (value: string | null): value is CtaTarget => (CTA_TARGETS as readonly (string | null)[]).includes(value);

/**
 * The markdown banner sections, checked at build time (gatsby/onCreateNode.ts),
 * as view data with {{product}} filled in: as text in the title and the
 * label, escaped into the HTML.
 */
function toBanners(content: Queries.HomeContentFragment, product: string): Banner[] {
  return content.homeSections.nodes.flatMap((node): Banner[] => {
    const { title, illustration, ctaLabel, ctaTarget } = node.frontmatter;
    if (!title || !isIllustration(illustration)) return [];
    const cta = ctaLabel && isCtaTarget(ctaTarget) ? { label: fillProductName(ctaLabel, product), target: ctaTarget } : undefined;
    return [
      {
        id: node.fields.name,
        title: fillProductName(title, product),
        html: fillProductNameInHtml(node.html ?? '', product),
        illustration,
        cta,
      },
    ];
  });
}

interface Props {
  content: Queries.HomeContentFragment;
  /** Set by /blog/, which shows the home page and names it as canonical. */
  canonicalPath?: string;
}

/** The home page, shared by / and /blog/. */
export function HomeView({ content, canonicalPath }: Props): React.JSX.Element {
  const { t } = useTranslation('home');
  const { language } = useSiteLanguage();
  const product = siteConfig.productName;
  const title = t('seo.title');
  const description = t('seo.description');
  return (
    <Layout>
      <Seo
        title={title}
        description={description}
        canonicalPath={canonicalPath}
        jsonLd={softwareApplication({
          productName: product,
          name: title,
          description,
          url: pageUrl(siteConfig.siteUrl, language, '/'),
          language,
          appUrl: appUrl(siteConfig.appUrl, language),
        })}
      />
      <Hero />
      {toBanners(content, product).map((banner, index) => (
        <BannerSection key={banner.id} banner={banner} index={index} />
      ))}
      <Topics />
      {/* The last word: start the trial, or compare plans first. */}
      <CtaBand
        headingId="closing-title"
        heading={t('closing.heading')}
        tone="soft"
        actions={
          <>
            <AppLink>{t('hero.try')}</AppLink>
            <LocalizedLink className={buttons.secondary} to="/pricing/">
              {t('closing.pricing')}
            </LocalizedLink>
          </>
        }
      >
        <p>{t('closing.lead')}</p>
      </CtaBand>
    </Layout>
  );
}

export const query = graphql`
  fragment HomeContent on Query {
    homeSections: allMarkdownRemark(
      filter: { fields: { section: { eq: "home" }, language: { eq: $language } } }
      sort: { frontmatter: { order: ASC } }
    ) {
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
