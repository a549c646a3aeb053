import { graphql } from 'gatsby';

/**
 * What the blog's list and post pages show of a post besides its body: its
 * slug, reading time and checked frontmatter, dates as YYYY-MM-DD.
 */
export const query = graphql`
  fragment BlogPostFacts on MarkdownRemark {
    fields {
      name
      readingMinutes
    }
    frontmatter {
      title
      description
      date(formatString: "YYYY-MM-DD")
      updated(formatString: "YYYY-MM-DD")
      author
      tags
    }
  }
`;
