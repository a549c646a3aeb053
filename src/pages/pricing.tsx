import React from 'react';
import { graphql } from 'gatsby';
import { useTranslation } from 'react-i18next';
import { Layout } from '../components/Layout';
import { CtaBand } from '../components/CtaBand';
import { LocalizedLink } from '../../features/site/LocalizedLink';
import { PageIntro } from '../components/PageIntro';
import { PlansSection } from '../../features/pricing/PlansSection';
import { Seo } from '../components/Seo';
import * as buttons from '../../features/site/buttons.module.css';

/** Subscription plans, fetched live from the payments API. */
export default function PricingPage(): React.JSX.Element {
  const { t } = useTranslation('pricing');
  return (
    <Layout>
      <Seo title={t('seo.title')} description={t('seo.description')} jsonLd="WebPage" />
      <PageIntro title={t('heading')} lead={t('lead')} />
      <PlansSection />
      <CtaBand
        headingId="custom-plan-title"
        heading={t('custom.heading')}
        tone="dark"
        actions={
          <LocalizedLink to="/contact/" className={buttons.primary}>
            {t('custom.contact')}
          </LocalizedLink>
        }
      >
        <p>{t('custom.text')}</p>
        <p>{t('custom.quote')}</p>
      </CtaBand>
    </Layout>
  );
}

export const query = graphql`
  query PricingPage($language: String!) {
    locales: allLocale(filter: { language: { eq: $language }, ns: { in: ["common", "pricing"] } }) {
      ...PageLocales
    }
  }
`;
