import { readFileSync } from 'node:fs';
import path from 'node:path';
import { collectionChecks, entryProblems, inReferenceOrder, languageNames, type CollectionChecks } from '../../src/lib/cmsRules';
import { CONTENT_SECTIONS } from '../../src/lib/contentSchema';

const names = { en: 'English', bg: 'Bulgarian' };
const banner: CollectionChecks = collectionChecks().banners;
const post: CollectionChecks = collectionChecks().blog;
const fullBanner = { order: 1, title: 'Orders', illustration: 'sale-order' };

describe('collectionChecks', () => {
  it('covers the side-by-side collections: banners, documentation, privacy and blog, not the home page files', () => {
    expect(Object.keys(collectionChecks())).toEqual(['banners', 'docs', 'privacy', 'blog']);
  });

  it('holds every required field of the schema, and each field required with another', () => {
    const required = Object.entries(CONTENT_SECTIONS.banners.entries.fields)
      .filter(([, rule]) => rule.required)
      .map(([name]) => name);
    expect(banner.fields.filter((check) => check.required).map((check) => check.field)).toEqual(required);
    expect(banner.fields.filter((check) => check.requiredWith)).toEqual([
      { field: 'ctaLabel', label: 'Cta label', required: false, requiredWith: 'ctaTarget', requiredWithLabel: 'Cta target' },
      { field: 'ctaTarget', label: 'Cta target', required: false, requiredWith: 'ctaLabel', requiredWithLabel: 'Cta label' },
    ]);
    expect(collectionChecks().docs.fields).toEqual([]);
    expect(post.translations).toBe('optional');
    expect(banner.translations).toBe('every');
  });

  it('names the languages in English, as the CMS does', () => {
    expect(languageNames()).toEqual(names);
  });
});

describe('entryProblems', () => {
  it('accepts a complete entry in every language', () => {
    expect(entryProblems(banner, { en: fullBanner, bg: { ...fullBanner, title: 'Поръчки' } }, names)).toEqual([]);
  });

  it('names the language and field of each required value that is missing, empty or blank', () => {
    expect(entryProblems(banner, { en: fullBanner, bg: { ...fullBanner, title: '  ' } }, names)).toEqual(['Bulgarian: "Title" is required.']);
    expect(entryProblems(banner, { en: { ...fullBanner, title: null }, bg: { order: 1, illustration: 'features' } }, names)).toEqual([
      'English: "Title" is required.',
      'Bulgarian: "Title" is required.',
    ]);
    expect(entryProblems(banner, { en: fullBanner }, names)).toEqual([
      'Bulgarian: "Order" is required.',
      'Bulgarian: "Title" is required.',
      'Bulgarian: "Illustration" is required.',
    ]);
  });

  it("asks for a button's target when its label is set, and the other way round", () => {
    expect(entryProblems(banner, { en: { ...fullBanner, ctaLabel: 'See prices' }, bg: fullBanner }, names)).toEqual(['English: "Cta target" is required when "Cta label" is set.']);
    expect(entryProblems(banner, { en: fullBanner, bg: { ...fullBanner, ctaTarget: 'pricing' } }, names)).toEqual(['Bulgarian: "Cta label" is required when "Cta target" is set.']);
    expect(entryProblems(banner, { en: { ...fullBanner, ctaLabel: 'See prices', ctaTarget: 'pricing' }, bg: fullBanner }, names)).toEqual([]);
  });

  it('lets a post wait for its translation, but not go half translated', () => {
    const english = { title: 'Stock habits', description: 'Five habits', date: '2026-09-15' };
    expect(entryProblems(post, { en: english, bg: {} }, names)).toEqual([]);
    expect(entryProblems(post, { en: english, bg: { title: '', tags: [] } }, names)).toEqual([]);
    expect(entryProblems(post, { en: english, bg: { title: 'Навици' } }, names)).toEqual(['Bulgarian: "Description" is required.', 'Bulgarian: "Date" is required.']);
  });

  it('runs from its own source text, as the admin script embeds it', () => {
    // The admin script does the same, in the editor's browser.
    const rebuilt = new Function(`return ${entryProblems.toString()}`)() as typeof entryProblems;
    expect(rebuilt(banner, { en: fullBanner, bg: { ...fullBanner, title: '' } }, names)).toEqual(['Bulgarian: "Title" is required.']);
  });
});

describe('inReferenceOrder', () => {
  it("puts keys in the reference's order at every depth, and keys it lacks after, in their own order", () => {
    const reference = { a: '', nested: { x: '', y: '' }, b: '' };
    const value = { extra: '1', b: '2', nested: { y: '3', new: '4', x: '5' }, a: '6' };
    const ordered = inReferenceOrder(value, reference) as Record<string, unknown>;
    expect(JSON.stringify(ordered)).toBe('{"a":"6","nested":{"x":"5","y":"3","new":"4"},"b":"2","extra":"1"}');
  });

  it('leaves strings, lists and missing references alone', () => {
    expect(inReferenceOrder('text', { a: '' })).toBe('text');
    expect(inReferenceOrder(['b', 'a'], {})).toEqual(['b', 'a']);
    expect(JSON.stringify(inReferenceOrder({ b: 1, a: 2 }, undefined))).toBe('{"b":1,"a":2}');
  });

  it('keeps the order of the real UI string files through a shuffle', () => {
    const english = JSON.parse(readFileSync(path.join(__dirname, '..', '..', 'locales', 'en', 'pricing.json'), 'utf8')) as Record<string, unknown>;
    const bulgarian = readFileSync(path.join(__dirname, '..', '..', 'locales', 'bg', 'pricing.json'), 'utf8');
    const shuffled = Object.fromEntries(Object.entries(JSON.parse(bulgarian) as Record<string, unknown>).reverse());
    expect(`${JSON.stringify(inReferenceOrder(shuffled, english), null, 2)}\n`).toBe(bulgarian);
  });
});
