import type { GatsbyNode } from 'gatsby';
import { CONTENT_SECTIONS, type FieldRule, type Fields, type SectionSchema } from '../features/content/contentSchema';
import { PRICING_PLANS_TYPE_DEFS } from '../features/pricing/plansNode.node';

const FRONTMATTER_TYPE = 'MarkdownRemarkFrontmatter';

const capitalize = (name: string) => `${name.charAt(0).toUpperCase()}${name.slice(1)}`;

/** One GraphQL object type for `fields`, and those of its lists' items, named after the path to them. */
function objectTypes(typeName: string, fields: Readonly<Record<string, FieldRule>>): string[] {
  const nested: string[] = [];
  const lines = Object.entries(fields).map(([name, rule]) => {
    switch (rule.type) {
      case 'string':
      case 'image':
        return `  ${name}: String`;
      case 'integer':
        return `  ${name}: Int`;
      case 'boolean':
        return `  ${name}: Boolean`;
      case 'words':
        return `  ${name}: [String!]`;
      case 'date':
        return `  ${name}: Date @dateformat`;
      case 'list': {
        const itemType = `${typeName}${capitalize(name)}`;
        nested.push(...objectTypes(itemType, rule.item));
        return `  ${name}: [${itemType}!]`;
      }
    }
  });
  return [`type ${typeName} {\n${lines.join('\n')}\n}`, ...nested];
}

/**
 * Every frontmatter field of every content file, as one GraphQL type: the
 * files of all sections share MarkdownRemark. Fields are nullable (a field
 * one file requires, another does not have); what each file must hold is
 * checked per file (features/content/checks.ts). Throws when two files declare one
 * field name with different rules of type, since GraphQL cannot hold both.
 */
export function frontmatterTypeDefs(sections: Readonly<Record<string, SectionSchema>>): string {
  const merged: Record<string, FieldRule> = {};
  for (const [section, spec] of Object.entries(sections)) {
    const schemas = [...Object.values(spec.files), ...(spec.entries ? [spec.entries] : [])];
    for (const [name, rule] of schemas.flatMap((schema) => Object.entries(schema.fields))) {
      const known = merged[name];
      if (known && typeDef(known) !== typeDef(rule)) {
        throw new Error(`Frontmatter field "${name}" has two types (in content/${section}/ and elsewhere): give one of them another name`);
      }
      merged[name] = rule;
    }
  }
  return objectTypes(FRONTMATTER_TYPE, merged).join('\n');
}

/** A rule's shape as GraphQL sees it: its type, and its items' shape for a list. */
function typeDef(rule: FieldRule): string {
  if (rule.type !== 'list') return rule.type;
  const item: Fields = rule.item;
  return `list(${Object.entries(item)
    .map(([name, inner]) => `${name}:${typeDef(inner)}`)
    .join(',')})`;
}

/**
 * Types declared up front, so a page query never depends on what the
 * editors' files happen to contain; the frontmatter's come from the one
 * content schema.
 * https://www.gatsbyjs.com/docs/reference/graphql-data-layer/schema-customization/
 */
export const createSchemaCustomization: GatsbyNode['createSchemaCustomization'] = ({ actions }) => {
  actions.createTypes(`
    type MarkdownRemark implements Node {
      frontmatter: ${FRONTMATTER_TYPE}!
      fields: MarkdownRemarkFields!
    }
    ${frontmatterTypeDefs(CONTENT_SECTIONS)}
    ${PRICING_PLANS_TYPE_DEFS}
    type RemoteReadme implements Node @dontInfer {
      url: String!
      language: String!
    }
    type SiteSiteMetadata {
      siteUrl: String!
      title: String!
      katexStylesheet: String!
    }
    "A page's copy behind its original (features/translations/): the original's language, and its date when it has one (YYYY-MM-DD)."
    type TranslationNotice {
      original: String!
      updated: String
    }
    type MarkdownRemarkFields {
      section: String!
      language: String!
      name: String!
      "False for a draft in a production build: no page, feed or list shows it."
      published: Boolean!
      "A blog post's reading time in whole minutes (features/blog/blog.ts)."
      readingMinutes: Int
    }
  `);
};
