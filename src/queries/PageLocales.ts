import { graphql } from 'gatsby';

/**
 * The translation files a page needs, in the shape gatsby-plugin-react-i18next
 * reads from every page's data. Pages select their namespaces with
 * `locales: allLocale(filter: { language: { eq: $language }, ns: { in: [...] } })`.
 */
export const query = graphql`
  fragment PageLocales on LocaleConnection {
    edges {
      node {
        ns
        data
        language
      }
    }
  }
`;
