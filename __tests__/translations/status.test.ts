import { sectionFingerprints } from '../../features/translations/fingerprint';
import { writeRecord } from '../../features/translations/record';
import { entryStatus, type EntryCopy } from '../../features/translations/status';

const EN_BODY = 'Opening.\n\n## Your rights\n\nYou may ask for your data.\n\n## Cookies\n\nWe set none.\n';
const en = (body = EN_BODY, frontmatter: Record<string, unknown> = { title: 'Policy', lastUpdated: '2026-11-20' }): EntryCopy => ({
  file: 'content/privacy/en/policy.md',
  frontmatter,
  body,
});
/** The Bulgarian copy, recorded as following `original` (the English as it was then), or with `translation` as written. */
const bg = (translation?: unknown): EntryCopy => ({
  file: 'content/privacy/bg/policy.md',
  frontmatter: { title: 'Политика', ...(translation === undefined ? {} : { translation }) },
  body: 'Въведение.\n\n## Вашите права\n\nМожете да поискате данните си.\n',
});
const following = (original: EntryCopy) => writeRecord('en', sectionFingerprints(original.frontmatter, original.body));

describe('entryStatus', () => {
  it('is up to date when the record holds every section of the original as it is', () => {
    expect(entryStatus('privacy/policy', { en: en(), bg: bg(following(en())) })).toEqual({
      entry: 'privacy/policy',
      original: 'en',
      copies: { en: { state: 'original' }, bg: { state: 'up to date', original: 'en' } },
      originalDate: '2026-11-20',
    });
  });

  it('names the section whose paragraph changed in the original, by its heading', () => {
    const changed = en(EN_BODY.replace('your data', 'a copy of your data'));
    expect(entryStatus('privacy/policy', { en: changed, bg: bg(following(en())) }).copies.bg).toEqual({
      state: 'behind',
      original: 'en',
      changed: ['Your rights'],
      removed: 0,
      recorded: true,
    });
  });

  it('names a renamed heading by its new name, counts a section removed, and names the frontmatter and the opening', () => {
    const renamed = en(EN_BODY.replace('## Your rights', '## Your rights under the GDPR'));
    expect(entryStatus('e', { en: renamed, bg: bg(following(en())) }).copies.bg).toMatchObject({ changed: ['Your rights under the GDPR'], removed: 0 });
    const shorter = en(EN_BODY.replace('\n## Cookies\n\nWe set none.\n', ''));
    expect(entryStatus('e', { en: shorter, bg: bg(following(en())) }).copies.bg).toMatchObject({ changed: [], removed: 1 });
    const retitled = en(EN_BODY.replace('Opening.', 'A new opening.'), { title: 'Privacy', lastUpdated: '2026-11-20' });
    expect(entryStatus('e', { en: retitled, bg: bg(following(en())) }).copies.bg).toMatchObject({
      changed: ['the frontmatter (title, description…)', 'the opening, before the first heading'],
    });
  });

  it('takes a copy without a record beside the original as behind, never marked', () => {
    expect(entryStatus('e', { en: en(), bg: bg() }).copies.bg).toMatchObject({ state: 'behind', recorded: false });
  });

  it('has Bulgarian as the original of a post that started in Bulgarian: its English is missing, or the translation', () => {
    const post: EntryCopy = { file: 'content/blog/bg/godishna.md', frontmatter: { title: 'Годишна инвентаризация', date: '2026-11-18' }, body: 'Текст.\n' };
    expect(entryStatus('blog/godishna', { bg: post })).toEqual({
      entry: 'blog/godishna',
      original: 'bg',
      copies: { en: { state: 'missing', original: 'bg' }, bg: { state: 'original' } },
      originalDate: '2026-11-18',
    });
    const translated: EntryCopy = {
      file: 'content/blog/en/godishna.md',
      frontmatter: { title: 'Annual stocktake', translation: writeRecord('bg', sectionFingerprints(post.frontmatter, post.body)) },
      body: 'Text.\n',
    };
    expect(entryStatus('blog/godishna', { en: translated, bg: post }).copies).toEqual({ en: { state: 'up to date', original: 'bg' }, bg: { state: 'original' } });
  });

  it('has English as the original of an entry only in English; the Bulgarian is missing', () => {
    expect(entryStatus('e', { en: en() }).copies).toEqual({ en: { state: 'original' }, bg: { state: 'missing', original: 'en' } });
  });

  it('refuses records that contradict each other or are malformed, naming the file and field', () => {
    expect(() => entryStatus('e', { en: en(), bg: bg('bg 0123456789ab') })).toThrow(
      'content/privacy/bg/policy.md: frontmatter field "translation" names its own language as the original',
    );
    expect(() => entryStatus('e', { bg: bg('en 0123456789ab') })).toThrow(
      'content/privacy/bg/policy.md: frontmatter field "translation" names en as the original, which has no copy of this entry',
    );
    const enTranslation = { ...en(), frontmatter: { translation: 'bg 0123456789ab' } };
    expect(() => entryStatus('e', { en: enTranslation, bg: bg('en 0123456789ab') })).toThrow(
      'content/privacy/en/policy.md and content/privacy/bg/policy.md: each says it is a translation (frontmatter field "translation"); the original has none',
    );
    expect(() => entryStatus('e', { en: en(), bg: bg('up to date') })).toThrow('content/privacy/bg/policy.md: frontmatter field "translation" must be');
    expect(() => entryStatus('e', {})).toThrow('e: no copy in any language');
  });
});
