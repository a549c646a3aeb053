import React from 'react';
import { graphql, type PageProps } from 'gatsby';
import { useTranslation } from 'react-i18next';
import { Layout } from '../components/Layout';
import { CtaBand } from '../components/CtaBand';
import { LocalizedLink } from '../../features/site/LocalizedLink';
import { PageIntro } from '../components/PageIntro';
import { PlansSection } from '../../features/pricing/PlansSection';
import { readSnapshot } from '../../features/pricing/snapshot';
import { planOffers } from '../../features/pricing/offers';
import { planPath } from '../../features/pricing/plans';
import { pricingPage } from '../../features/seo/structuredData';
import { appUrl } from '../../features/site/app';
import { siteConfig } from '../../features/site/settings';
import { useSiteLanguage } from '../../features/site/useSiteLanguage';
import { Seo } from '../components/Seo';
import * as buttons from '../../features/site/buttons.module.css';

/** Subscription plans: the build's in the HTML, then the payments API's, live. */
export default function PricingPage({ data }: PageProps<Queries.PricingPageQuery>): React.JSX.Element {
  const { t } = useTranslation('pricing');
  const { language } = useSiteLanguage();
  const built = readSnapshot(data.pricingPlans);
  const offers = planOffers(built?.plans ?? []).map(({ plan, period, price, currency, billingDuration }) => ({
    name: t(`offers.${period}`, { plan: t(`plans.names.${plan.type}`) }),
    url: appUrl(siteConfig.appUrl, language, planPath(plan)),
    price,
    priceCurrency: currency,
    billingDuration,
    paymentMethod: period === 'bitcoin' ? 'Bitcoin' : undefined,
  }));
  const title = t('seo.title');
  const description = t('seo.description');
  return (
    <Layout>
      <Seo
        title={title}
        description={description}
        jsonLd={({ url }) => pricingPage({ name: title, description, url, language, productName: siteConfig.productName, siteUrl: siteConfig.siteUrl }, offers)}
      />
      <PageIntro title={t('heading')} lead={t('lead')} />
      <PlansSection built={built} />
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
    pricingPlans {
      fetchedAt
      plans {
        id
        type
        interval
        priceId
        amount
        currency
      }
    }
  }
`;
