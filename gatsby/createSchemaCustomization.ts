import type { GatsbyNode } from 'gatsby';

/**
 * Frontmatter types declared up front, so a page query never depends on
 * what the editors' files happen to contain. Field rules (required, allowed
 * values) are checked per file in onCreateNode with a message naming it.
 * https://www.gatsbyjs.com/docs/reference/graphql-data-layer/schema-customization/
 */
export const createSchemaCustomization: GatsbyNode['createSchemaCustomization'] = ({ actions }) => {
  actions.createTypes(`
    type MarkdownRemark implements Node {
      frontmatter: MarkdownRemarkFrontmatter!
      fields: MarkdownRemarkFields!
    }
    type MarkdownRemarkFrontmatter {
      title: String
      description: String
      order: Int
      illustration: String
      ctaLabel: String
      ctaTarget: String
      lastUpdated: Date @dateformat
    }
    type RemoteReadme implements Node @dontInfer {
      url: String!
      language: String!
    }
    type SiteSiteMetadata {
      siteUrl: String!
      title: String!
      katexStylesheet: String!
    }
    type MarkdownRemarkFields {
      section: String!
      language: String!
      name: String!
    }
  `);
};
