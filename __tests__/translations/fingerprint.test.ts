import { FINGERPRINT_PATTERN, headingText, sectionFingerprints, type Section } from '../../features/translations/fingerprint';
import { MAX_RECORDED_SECTIONS, parseRecord, writeRecord } from '../../features/translations/record';

const BODY = `The opening paragraph, before any heading.

## Who we are {#who-we-are}

We are a small company.
We answer every message.

## Your rights {#your-rights}

You may ask for your data.

### Erasure

You may ask us to delete it.
`;
const FRONTMATTER = { title: 'Privacy Policy', description: 'How we protect data.', lastUpdated: new Date('2025-05-30T00:00:00Z') };

const fingerprints = (sections: readonly Section[]) => sections.map((section) => section.fingerprint);
const headings = (sections: readonly Section[]) => sections.map((section) => [section.kind, section.heading]);
/** The headings whose fingerprints differ between two versions of the same outline. */
const changedHeadings = (before: readonly Section[], after: readonly Section[]) =>
  after.filter((section, index) => section.fingerprint !== before[index]?.fingerprint).map((section) => section.heading || section.kind);

describe('sectionFingerprints', () => {
  const sections = sectionFingerprints(FRONTMATTER, BODY);

  it('has the frontmatter, the opening and each heading, in order, named as a reader sees them', () => {
    expect(headings(sections)).toEqual([
      ['frontmatter', ''],
      ['opening', ''],
      ['heading', 'Who we are'],
      ['heading', 'Your rights'],
      ['heading', 'Erasure'],
    ]);
    for (const fingerprint of fingerprints(sections)) expect(fingerprint).toMatch(FINGERPRINT_PATTERN);
    expect(new Set(fingerprints(sections)).size).toBe(sections.length);
  });

  it('does not count white space: spaces, line breaks, blank lines, line endings, trailing spaces', () => {
    const spaced = BODY.replace(/\n/g, '\r\n')
      .replace('We are a small company.\r\nWe answer', 'We are a   small company. We answer')
      .replace('## Your rights', '##   Your rights  ')
      .replace('You may ask for your data.', '\r\n\r\n  You may ask\tfor your data.   \r\n');
    expect(fingerprints(sectionFingerprints(FRONTMATTER, `\n\n${spaced}\n\n`))).toEqual(fingerprints(sections));
  });

  it("does not count the frontmatter's order, nor white space in its values", () => {
    const reordered = { lastUpdated: FRONTMATTER.lastUpdated, description: ' How we  protect\ndata. ', title: 'Privacy Policy' };
    expect(fingerprints(sectionFingerprints(reordered, BODY))).toEqual(fingerprints(sections));
    // The record itself is never part of what it records.
    expect(fingerprints(sectionFingerprints({ ...FRONTMATTER, translation: 'en 0123456789ab' }, BODY))).toEqual(fingerprints(sections));
  });

  it('makes the section whose paragraph changed behind, and no other', () => {
    expect(changedHeadings(sections, sectionFingerprints(FRONTMATTER, BODY.replace('You may ask for your data.', 'You may ask for a copy of your data.')))).toEqual([
      'Your rights',
    ]);
    expect(changedHeadings(sections, sectionFingerprints(FRONTMATTER, BODY.replace('before any heading', 'before the first heading')))).toEqual(['opening']);
    expect(changedHeadings(sections, sectionFingerprints({ ...FRONTMATTER, title: 'Privacy' }, BODY))).toEqual(['frontmatter']);
    // A word's case is a change: "Data" and "data" are different text.
    expect(changedHeadings(sections, sectionFingerprints(FRONTMATTER, BODY.replace('delete it', 'Delete it')))).toEqual(['Erasure']);
  });

  it('counts a renamed heading, its level and its id as a change of its section', () => {
    const renamed = sectionFingerprints(FRONTMATTER, BODY.replace('## Your rights', '## Your rights under the GDPR'));
    expect(changedHeadings(sections, renamed)).toEqual(['Your rights under the GDPR']);
    expect(changedHeadings(sections, sectionFingerprints(FRONTMATTER, BODY.replace('### Erasure', '## Erasure')))).toEqual(['Erasure']);
    expect(changedHeadings(sections, sectionFingerprints(FRONTMATTER, BODY.replace('{#your-rights}', '{#rights}')))).toEqual(['Your rights']);
  });

  it('takes a # line in a fenced code block as code, not a heading; an unclosed fence runs to the end', () => {
    const fenced = sectionFingerprints({}, 'Intro\n\n```sh\n# a comment\n```\n\n~~~~\n## not a heading\n```\n~~~~\n\n## Real');
    expect(headings(fenced)).toEqual([
      ['frontmatter', ''],
      ['opening', ''],
      ['heading', 'Real'],
    ]);
    expect(headings(sectionFingerprints({}, '```\n# inside\n\n## still inside'))).toEqual([
      ['frontmatter', ''],
      ['opening', ''],
    ]);
  });

  it('has no opening section when the body starts with a heading, and reads closing #s and ids off a heading', () => {
    expect(headings(sectionFingerprints({}, '# Title #\n\nText'))).toEqual([
      ['frontmatter', ''],
      ['heading', 'Title'],
    ]);
    expect(headingText('Your  rights {#your-rights}')).toBe('Your rights');
    // Seven marks, or none followed by a space, are text.
    expect(headings(sectionFingerprints({}, '####### seven\n#hashtag'))).toEqual([
      ['frontmatter', ''],
      ['opening', ''],
    ]);
  });

  it("reads dates, lists and nested values of the frontmatter by value: a date's time of day or a list's order counts", () => {
    const base = sectionFingerprints({ date: new Date('2026-11-03T00:00:00Z'), tags: ['a', 'b'], items: [{ b: 1, a: 2 }] }, '')[0].fingerprint;
    expect(sectionFingerprints({ items: [{ a: 2, b: 1 }], tags: ['a', 'b'], date: new Date('2026-11-03T00:00:00Z') }, '')[0].fingerprint).toBe(base);
    expect(sectionFingerprints({ date: new Date('2026-11-04T00:00:00Z'), tags: ['a', 'b'], items: [{ b: 1, a: 2 }] }, '')[0].fingerprint).not.toBe(base);
    expect(sectionFingerprints({ date: new Date('2026-11-03T00:00:00Z'), tags: ['b', 'a'], items: [{ b: 1, a: 2 }] }, '')[0].fingerprint).not.toBe(base);
  });

  it('reads a field left empty as one left out, as the CMS holds an optional field the editor cleared', () => {
    const base = sectionFingerprints({ title: 'Privacy Policy' }, '')[0].fingerprint;
    expect(sectionFingerprints({ title: 'Privacy Policy', updated: '' }, '')[0].fingerprint).toBe(base);
    expect(sectionFingerprints({ title: 'Privacy Policy', updated: null }, '')[0].fingerprint).toBe(base);
    expect(sectionFingerprints({ title: 'Privacy Policy', updated: undefined }, '')[0].fingerprint).toBe(base);
    expect(sectionFingerprints({ title: 'Privacy Policy', draft: false }, '')[0].fingerprint).not.toBe(base);
    expect(sectionFingerprints({ title: 'Privacy Policy', tags: [] }, '')[0].fingerprint).not.toBe(base);
  });

  it('reads a date written as text, as the CMS holds it, as the Date the build reads from the same line', () => {
    const day = (value: unknown) => sectionFingerprints({ lastUpdated: value }, '')[0].fingerprint;
    expect(day('2025-05-30')).toBe(day(new Date('2025-05-30T00:00:00Z')));
    expect(day(' 2025-05-30 ')).toBe(day(new Date('2025-05-30T00:00:00Z')));
    expect(day('2026-11-03T10:00:00Z')).toBe(day(new Date('2026-11-03T10:00:00.000Z')));
    expect(day('2026-11-03T12:00:00+02:00')).toBe(day(new Date('2026-11-03T10:00:00Z')));
    expect(day('2025-05-31')).not.toBe(day(new Date('2025-05-30T00:00:00Z')));
    // Text that is no date stays text: a time without its zone, a day that does not exist, words.
    expect(day('2026-11-03T10:00')).not.toBe(day(new Date('2026-11-03T10:00:00Z')));
    expect(day('2025-02-30x')).not.toBe(day(new Date('2025-03-02T00:00:00Z')));
    expect(day('May 30, 2025')).not.toBe(day(new Date('2025-05-30T00:00:00Z')));
  });
});

describe('the record', () => {
  const sections = sectionFingerprints(FRONTMATTER, BODY);

  it("is the original's language and its sections' fingerprints, read back as written", () => {
    const written = writeRecord('en', sections);
    expect(written).toMatch(/^en( [0-9a-f]{12}){5}$/);
    expect(parseRecord(written)).toEqual({ original: 'en', fingerprints: new Set(fingerprints(sections)) });
    expect(parseRecord(`bg ${fingerprints(sections)[0]}`)).toEqual({ original: 'bg', fingerprints: new Set([fingerprints(sections)[0]]) });
  });

  it('refuses anything else, saying what it must be', () => {
    const refusal = { error: expect.stringContaining("must be the original's language (en or bg) and the fingerprints of its sections") };
    for (const value of [
      '',
      'en',
      'de 0123456789ab',
      'EN 0123456789ab',
      'en 0123456789AB',
      'en 0123456789a',
      'en  0123456789ab',
      'en 0123456789ab ',
      '<script>alert(1)</script>',
      42,
      ['en', '0123456789ab'],
      { original: 'en' },
      `en${' 0123456789ab'.repeat(MAX_RECORDED_SECTIONS + 1)}`,
    ]) {
      expect([value, parseRecord(value)]).toEqual([value, refusal]);
    }
    expect(parseRecord(`en${' 0123456789ab'.repeat(MAX_RECORDED_SECTIONS)}`)).toEqual({ original: 'en', fingerprints: new Set(['0123456789ab']) });
  });
});
