import React from 'react';
import { graphql, type PageProps } from 'gatsby';
import { useTranslation } from 'react-i18next';
import { Layout } from '../components/Layout';
import { PageIntro } from '../components/PageIntro';
import { CustomPlan } from '../components/pricing/CustomPlan';
import { PlansSection } from '../components/pricing/PlansSection';
import { Seo } from '../components/Seo';

/** Subscription plans, fetched live from the payments API. */
export default function PricingPage(_props: PageProps<Queries.PricingPageQuery>): React.JSX.Element {
  const { t } = useTranslation('pricing');
  return (
    <Layout>
      <Seo title={t('seo.title')} description={t('seo.description')} jsonLd="WebPage" />
      <PageIntro title={t('heading')} lead={t('lead')} />
      <PlansSection />
      <CustomPlan />
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
