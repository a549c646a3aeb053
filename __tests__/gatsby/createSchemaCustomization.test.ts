/** @jest-environment node */
import { frontmatterTypeDefs } from '../../gatsby/createSchemaCustomization';
import { CONTENT_SECTIONS } from '../../features/content/contentSchema';

describe('frontmatterTypeDefs', () => {
  it('declares every field of every content file once, lists as their own item types', () => {
    const sdl = frontmatterTypeDefs(CONTENT_SECTIONS);
    const [frontmatter, items] = sdl.split(/\n(?=type )/);
    expect(frontmatter).toMatch(/^type MarkdownRemarkFrontmatter \{\n/);
    const fields = Object.fromEntries([...frontmatter.matchAll(/^ {2}(\w+): (.+)$/gm)].map(([, name, type]) => [name, type]));
    expect(fields).toEqual({
      order: 'Int',
      title: 'String',
      illustration: 'String',
      ctaLabel: 'String',
      ctaTarget: 'String',
      description: 'String',
      eyebrow: 'String',
      headline: 'String',
      lead: 'String',
      translation: 'String',
      tryLabel: 'String',
      demoLabel: 'String',
      demoBadge: 'String',
      demoNote: 'String',
      heading: 'String',
      items: '[MarkdownRemarkFrontmatterItems!]',
      pricingLabel: 'String',
      lastUpdated: 'Date @dateformat',
      date: 'Date @dateformat',
      updated: 'Date @dateformat',
      author: 'String',
      tags: '[String!]',
      image: 'String',
      imageAlt: 'String',
      draft: 'Boolean',
    });
    expect(items).toBe('type MarkdownRemarkFrontmatterItems {\n  label: String\n  icon: String\n  onShareImage: Boolean\n}');
  });

  it('declares an image field as the string of its address, and holds it apart from a plain string of the same name', () => {
    expect(frontmatterTypeDefs({ a: { label: 'A', files: { one: { fields: { cover: { type: 'image', required: false } } } } } })).toBe(
      'type MarkdownRemarkFrontmatter {\n  cover: String\n}',
    );
    expect(() =>
      frontmatterTypeDefs({
        a: { label: 'A', files: { one: { fields: { cover: { type: 'image', required: false } } } } },
        b: { label: 'B', files: { two: { fields: { cover: { type: 'string', required: false } } } } },
      }),
    ).toThrow('Frontmatter field "cover" has two types');
  });

  it('refuses one field name with two types, naming it', () => {
    expect(() =>
      frontmatterTypeDefs({
        a: { label: 'A', files: { one: { fields: { when: { type: 'date', required: true } } } } },
        b: { label: 'B', files: { two: { fields: { when: { type: 'string', required: false } } } } },
      }),
    ).toThrow('Frontmatter field "when" has two types (in content/b/ and elsewhere): give one of them another name');
  });
});
