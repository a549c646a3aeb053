/**
 * Fingerprints of a content entry, one per section: its frontmatter, the
 * text before its first heading, and each heading with the text under it.
 * A translation records the fingerprints of its original as it was when
 * translated (features/translations/record.ts); a fingerprint of the
 * original that the record lacks is a section changed since, named by its
 * heading. Neither git nor the old text is needed, so a shallow clone or a
 * copy without history knows as much as a full one.
 *
 * What does not change a fingerprint: white space (spaces, line breaks,
 * blank lines, line endings), the order of the frontmatter's fields, and a
 * field left empty rather than left out.
 * Everything else does, a heading's text included: a renamed heading is a
 * changed section. Browser-safe (the CMS's preview reads the same).
 */
import { sha256 } from 'js-sha256';
import { RECORD_FIELD } from './recordField';

/** Hex digits kept of each SHA-256: 48 bits, unique among the few dozen sections of an entry. */
export const FINGERPRINT_LENGTH = 12;
export const FINGERPRINT_PATTERN = new RegExp(`^[0-9a-f]{${FINGERPRINT_LENGTH}}$`);

export { RECORD_FIELD };

/** A markdown entry's frontmatter, opening and headed sections; a UI string file's strings, one a key (./uiStrings.ts). */
export type SectionKind = 'frontmatter' | 'opening' | 'heading' | 'string';

export interface Section {
  kind: SectionKind;
  /** The heading as written, without its `#` marks and `{#id}`; a UI string's key (nav.home); '' for the frontmatter and the opening. */
  heading: string;
  fingerprint: string;
}

const fingerprintOf = (text: string): string => sha256(text).slice(0, FINGERPRINT_LENGTH);

/** Runs of white space as one space, none at either end. */
export const collapseSpace = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** A day (2025-05-30), or a time with its zone (2026-11-03T10:00:00Z): text the build reads as a Date, and the CMS as text. */
const WRITTEN_DATE = /^\d{4}-\d{2}-\d{2}(?:[Tt ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:[Zz]|[+-]\d{2}:?\d{2}))?$/;

const dateText = (date: Date): string => JSON.stringify(Number.isNaN(date.getTime()) ? 'Invalid Date' : date.toISOString());

/**
 * A value as text that does not depend on the order of an object's keys or
 * on white space in strings. A date is its moment, whether read as a Date
 * (the build's YAML) or as the text it is written as (Decap's, in the CMS).
 */
function canonical(value: unknown): string {
  if (value instanceof Date) return dateText(value);
  if (typeof value === 'string' && WRITTEN_DATE.test(value.trim())) {
    const date = new Date(value.trim());
    if (!Number.isNaN(date.getTime())) return dateText(date);
  }
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  if (typeof value === 'string') return JSON.stringify(collapseSpace(value));
  return JSON.stringify(value ?? null);
}

/** A UI string as a section: its key and its text, white space collapsed. */
export const stringSection = (key: string, text: string): Section => ({ kind: 'string', heading: key, fingerprint: fingerprintOf(`string ${key}\n${collapseSpace(text)}`) });

/** An ATX heading (`## Title {#id}`), up to three spaces in. */
const HEADING = /^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;
/** The opening of a fenced code block: its marks decide what closes it. */
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
/** The `{#id}` a heading may end with (features/markdown/remark-heading-ids). */
const HEADING_ID = /\s*\{#[^}]*\}\s*$/;

/** The heading's text as a reader sees it: no `{#id}`, white space collapsed. */
export const headingText = (written: string): string => collapseSpace(written.replace(HEADING_ID, ''));

/**
 * The sections of an entry with their fingerprints, in the order of the
 * file: the frontmatter (without the record), the opening text when there
 * is any, then each heading's section. A `#` line inside a fenced code
 * block is code, not a heading.
 */
export function sectionFingerprints(frontmatter: Readonly<Record<string, unknown>>, body: string): Section[] {
  // A field left empty is a field not written: the CMS holds an optional field the editor cleared as '' where the file has none.
  const fields = Object.fromEntries(Object.entries(frontmatter).filter(([key, value]) => key !== RECORD_FIELD && value !== undefined && value !== null && value !== ''));
  const sections: Section[] = [{ kind: 'frontmatter', heading: '', fingerprint: fingerprintOf(`frontmatter\n${canonical(fields)}`) }];
  let current: { kind: SectionKind; marks: string; written: string; lines: string[] } = { kind: 'opening', marks: '', written: '', lines: [] };
  const close = () => {
    const text = collapseSpace(current.lines.join('\n'));
    if (current.kind === 'opening' && text === '') return;
    sections.push({ kind: current.kind, heading: headingText(current.written), fingerprint: fingerprintOf(`${current.marks} ${collapseSpace(current.written)}\n${text}`) });
  };
  let fence: string | undefined;
  for (const line of body.split(/\r\n|\r|\n/)) {
    const opening = FENCE.exec(line)?.[1];
    if (fence !== undefined) {
      if (opening !== undefined && opening[0] === fence[0] && opening.length >= fence.length && line.trim() === opening) fence = undefined;
    } else if (opening !== undefined) {
      fence = opening;
    } else {
      const heading = HEADING.exec(line);
      if (heading) {
        close();
        current = { kind: 'heading', marks: heading[1], written: heading[2], lines: [] };
        continue;
      }
    }
    current.lines.push(line);
  }
  close();
  return sections;
}
