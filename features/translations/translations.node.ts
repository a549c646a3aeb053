/**
 * The translation status of every entry under content/, read from the
 * files (features/translations/status.ts), for `npm run translations`,
 * the build's one-line summary and its refusal of a legal page whose
 * translation is behind. Marking a translation up to date writes its
 * record into its frontmatter.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse, stringify } from 'yaml';
import { CONTENT_SECTIONS, type ContentSection } from '../content/contentSchema';
import { readFrontmatter } from '../content/frontmatterParser';
import { DEFAULT_LANGUAGE, LANGUAGES, languageName, type Language } from '../site/languages';
import { RECORD_FIELD, sectionFingerprints } from './fingerprint';
import { UI_RECORDS_FILE } from './recordField';
import { writeRecord } from './record';
import { contentCopyFile, entryStatus, type CopyState, type EntryCopy, type EntryStatus } from './status';
import { stringSections, UI_RECORDS_MAX_BYTES, UI_STRINGS_PREFIX, uiRecords, uiStringsEntry, uiStringsFile, uiStringsStatus, type StringsCopy } from './uiStrings';

/** The sections whose translation must not fall behind on a production build: what the company answers for in law. */
export const LEGAL_SECTIONS: readonly ContentSection[] = ['privacy'];

/** The variable that lets a production build publish a legal page whose translation is behind (docs/configuration.md). */
export const ALLOW_BEHIND_VARIABLE = 'TRANSLATIONS_ALLOW_BEHIND';

const entryFiles = (projectDir: string, section: string, language: Language): string[] => {
  const folder = path.join(projectDir, 'content', section, language);
  return existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith('.md') && !name.startsWith('.')) : [];
};

function readCopy(projectDir: string, file: string): EntryCopy {
  const { data, content } = readFrontmatter(file, readFileSync(path.join(projectDir, file), 'utf8'));
  return { file, frontmatter: data, body: content };
}

function readStrings(projectDir: string, file: string): StringsCopy {
  try {
    return { file, tree: JSON.parse(readFileSync(path.join(projectDir, file), 'utf8')) as unknown };
  } catch (error) {
    throw new Error(`${file} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The UI string files' records (UI_RECORDS_FILE), none when there is no such file. */
function readUiRecords(projectDir: string): Partial<Record<Language, Record<string, unknown>>> {
  const file = path.join(projectDir, UI_RECORDS_FILE);
  if (!existsSync(file)) return {};
  if (statSync(file).size > UI_RECORDS_MAX_BYTES) throw new Error(`${UI_RECORDS_FILE}: over ${UI_RECORDS_MAX_BYTES / 1024} KB, more than records of UI strings take`);
  let data: unknown;
  try {
    data = parse(readFileSync(file, 'utf8'), { schema: 'core', uniqueKeys: true, maxAliasCount: 0 });
  } catch (error) {
    throw new Error(`${UI_RECORDS_FILE} is not valid YAML: ${error instanceof Error ? error.message : String(error)}`);
  }
  return uiRecords(data);
}

/** Each UI string file's status, by namespace (locales/<language>/<namespace>.json). */
function uiStringsStatuses(projectDir: string): EntryStatus[] {
  const records = readUiRecords(projectDir);
  const files = (language: Language) => {
    const folder = path.join(projectDir, 'locales', language);
    return existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith('.json') && !name.startsWith('.')) : [];
  };
  const namespaces = [...new Set(LANGUAGES.flatMap(files))].map((name) => name.replace(/\.json$/, '')).sort();
  return namespaces.map((namespace) => {
    const copies: Partial<Record<Language, StringsCopy>> = {};
    for (const language of LANGUAGES) {
      const file = uiStringsFile(namespace, language);
      if (existsSync(path.join(projectDir, file))) copies[language] = readStrings(projectDir, file);
    }
    return uiStringsStatus(namespace, copies, Object.fromEntries(LANGUAGES.map((language) => [language, records[language]?.[namespace]])));
  });
}

/** Every entry's status, by section and name, then each UI string file's, in a stable order. */
export function translationStatuses(projectDir: string): EntryStatus[] {
  const entries = (Object.keys(CONTENT_SECTIONS) as ContentSection[]).flatMap((section) => {
    const names = [...new Set(LANGUAGES.flatMap((language) => entryFiles(projectDir, section, language)))].sort();
    return names.map((name) => entryStatusOf(projectDir, section, name.replace(/\.md$/, '')));
  });
  return [...entries, ...uiStringsStatuses(projectDir)];
}

/** Every entry's status for the CMS's entry lists, or the build's message when records contradict each other. */
export function translationStatusesAnswer(projectDir: string): { statuses: EntryStatus[] } | { error: string } {
  try {
    return { statuses: translationStatuses(projectDir) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/** One entry's status, from its copies' files alone: what a page asks at build time. */
export function entryStatusOf(projectDir: string, section: string, name: string): EntryStatus {
  const entry = `${section}/${name}`;
  const copies: Partial<Record<Language, EntryCopy>> = {};
  for (const language of LANGUAGES) {
    const file = copyFile(entry, language);
    if (existsSync(path.join(projectDir, file))) copies[language] = readCopy(projectDir, file);
  }
  return entryStatus(entry, copies);
}

/** What a page tells its visitors of its translation: when its copy is behind, the original's language and date. */
export interface TranslationNotice {
  original: Language;
  /** YYYY-MM-DD, when the original has a date. */
  updated: string | null;
}

export function translationNotice(projectDir: string, section: string, name: string, language: Language): TranslationNotice | null {
  const status = entryStatusOf(projectDir, section, name);
  const copy = status.copies[language];
  return copy.state === 'behind' ? { original: copy.original, updated: status.originalDate ?? null } : null;
}

/** One copy's state in words: "up to date", "behind since 2026-11-29: Your rights, Cookies", "missing". */
export function describeCopy(copy: CopyState, status: EntryStatus): string {
  switch (copy.state) {
    case 'original':
      return 'original';
    case 'up to date':
      return 'up to date';
    case 'missing':
      return 'missing';
    case 'behind': {
      if (!copy.recorded) return `behind: never marked as following the ${languageName(copy.original)}`;
      const since = status.originalDate ? ` since ${status.originalDate}` : '';
      const removed = copy.removed > 0 ? `${copy.changed.length > 0 ? '; ' : ''}${copy.removed} section${copy.removed === 1 ? '' : 's'} removed` : '';
      return `behind${since}: ${copy.changed.join(', ')}${removed}`;
    }
  }
}

/** The table `npm run translations` prints: an entry a line, a column per language. */
export function statusTable(statuses: readonly EntryStatus[]): string {
  const header = ['entry', ...LANGUAGES.map((language) => languageName(language))];
  const rows = statuses.map((status) => [status.entry, ...LANGUAGES.map((language) => describeCopy(status.copies[language], status))]);
  const widths = header.map((_, column) => Math.max(...[header, ...rows].map((row) => row[column].length)));
  return [header, ...rows].map((row) => row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]))).join('  ')).join('\n');
}

/** The file of an entry's copy: privacy/policy in Bulgarian is content/privacy/bg/policy.md; the UI strings' common, locales/bg/common.json. */
export function copyFile(entry: string, language: Language): string {
  if (entry.startsWith(UI_STRINGS_PREFIX)) return uiStringsFile(entry.slice(UI_STRINGS_PREFIX.length), language);
  const [section, name] = entry.split('/');
  return contentCopyFile(section, name, language);
}

export interface Summary {
  upToDate: number;
  behind: string[];
  missing: string[];
}

/** How many translations are up to date, and which files are behind or missing. */
export function summarize(statuses: readonly EntryStatus[]): Summary {
  const summary: Summary = { upToDate: 0, behind: [], missing: [] };
  for (const status of statuses) {
    for (const language of LANGUAGES) {
      const copy = status.copies[language];
      const file = copyFile(status.entry, language);
      if (copy.state === 'up to date') summary.upToDate += 1;
      else if (copy.state === 'behind') summary.behind.push(file);
      else if (copy.state === 'missing') summary.missing.push(file);
    }
  }
  return summary;
}

/** Files a summary names before "and N more". */
const NAMED_IN_SUMMARY = 3;

/** The build's line: "Translations: 17 up to date, 1 behind (content/privacy/bg/policy.md), 0 missing; …", naming a few files of each. */
export function summaryLine(summary: Summary): string {
  const list = (files: readonly string[]) =>
    files.length === 0 ? '' : ` (${files.slice(0, NAMED_IN_SUMMARY).join(', ')}${files.length > NAMED_IN_SUMMARY ? ` and ${files.length - NAMED_IN_SUMMARY} more` : ''})`;
  return `Translations: ${summary.upToDate} up to date, ${summary.behind.length} behind${list(summary.behind)}, ${summary.missing.length} missing${list(summary.missing)}; npm run translations shows each.`;
}

/** The legal pages whose translation is behind: what a production build refuses to publish, unless told to. */
export function legalBehind(statuses: readonly EntryStatus[]): string[] {
  return summarize(statuses.filter((status) => LEGAL_SECTIONS.some((section) => status.entry.startsWith(`${section}/`)))).behind;
}

/**
 * Marks `file` (content/<section>/<language>/<name>.md) as following its
 * original as it is now: writes (or replaces) its record line at the end
 * of its frontmatter, touching nothing else of the file. Refuses an
 * original: only a translation follows.
 */
export function markUpToDate(projectDir: string, file: string): string {
  const strings = /^locales\/([^/]+)\/([^/]+)\.json$/.exec(file.split(path.sep).join('/'));
  if (strings) return markStringsUpToDate(projectDir, strings[1], strings[2]);
  const match = /^content\/([^/]+)\/([^/]+)\/([^/]+\.md)$/.exec(file.split(path.sep).join('/'));
  const language = match && (LANGUAGES as readonly string[]).includes(match[2]) ? (match[2] as Language) : undefined;
  if (!match || !language) throw new Error(`${file}: not a content entry (content/<section>/<language>/<name>.md)`);
  if (!existsSync(path.join(projectDir, file))) throw new Error(`${file}: no such entry`);
  // This entry's status alone: marking a file costs the same with 7 posts as with 700.
  const status = entryStatusOf(projectDir, match[1], match[3].replace(/\.md$/, ''));
  if (status.original === language) throw new Error(`${file}: is the original of ${status.entry}; mark its translation instead`);
  const source = readCopy(projectDir, contentCopyFile(match[1], match[3].replace(/\.md$/, ''), status.original));
  const line = `${RECORD_FIELD}: ${writeRecord(status.original, sectionFingerprints(source.frontmatter, source.body))}`;
  const text = readFileSync(path.join(projectDir, file), 'utf8');
  const block = /^(\uFEFF?---[ \t]*\r?\n)([\s\S]*?)(\r?\n)(---[ \t]*(?:\r?\n|$))/.exec(text);
  if (!block) throw new Error(`${file}: has no frontmatter to record the translation in`);
  const recordLine = new RegExp(`^${RECORD_FIELD}[ \\t]*:.*$`, 'm');
  const frontmatter = recordLine.test(block[2]) ? block[2].replace(recordLine, line) : `${block[2]}${block[3]}${line}`;
  writeFileSync(path.join(projectDir, file), `${block[1]}${frontmatter}${block[3]}${block[4]}${text.slice(block[0].length)}`);
  return line;
}

/** What UI_RECORDS_FILE says of itself, above the records. */
const UI_RECORDS_HEADER =
  '# Which version of the English UI strings each translation follows, by language and namespace: a fingerprint a string.\n' +
  '# Written by npm run translations -- --mark locales/<language>/<namespace>.json (docs/editing.md, "Translations"); not by hand.\n';

/**
 * Marks a UI string file as following the English strings as they are
 * now: writes its record into UI_RECORDS_FILE, languages and namespaces
 * in alphabetical order, one line a record.
 */
function markStringsUpToDate(projectDir: string, language: string, namespace: string): string {
  const file = `locales/${language}/${namespace}.json`;
  const translated = LANGUAGES.find((candidate) => candidate === language);
  if (!translated) throw new Error(`${file}: not a UI string file (locales/<language>/<namespace>.json)`);
  if (translated === DEFAULT_LANGUAGE) throw new Error(`${file}: is the original of ${uiStringsEntry(namespace)}; mark its translation instead`);
  if (!existsSync(path.join(projectDir, file))) throw new Error(`${file}: no such file`);
  const record = writeRecord(DEFAULT_LANGUAGE, stringSections(readStrings(projectDir, uiStringsFile(namespace, DEFAULT_LANGUAGE)).tree));
  const records = readUiRecords(projectDir);
  records[translated] = { ...records[translated], [namespace]: record };
  writeFileSync(path.join(projectDir, UI_RECORDS_FILE), `${UI_RECORDS_HEADER}${stringify(records, { lineWidth: 0, sortMapEntries: true })}`);
  return `${RECORD_FIELD}: ${record}`;
}

/**
 * `npm run translations [-- --strict] [-- --mark <file>...]`: marks the
 * files named, then prints the table. Exit code: 0; 1 with --strict when a
 * translation is behind or missing; 2 for a file it cannot mark or content
 * it cannot read, named.
 */
export function main(args: readonly string[], projectDir: string, print: (line: string) => void = console.log): number {
  const strict = args.includes('--strict');
  const marked: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index];
    if (arg === '--strict') continue;
    if (arg === '--mark' && args[index + 1] !== undefined) {
      marked.push(args[index + 1]);
      index += 1;
      continue;
    }
    print(`Unknown argument "${arg}": npm run translations [-- --strict] [-- --mark content/<section>/<language>/<name>.md|locales/<language>/<namespace>.json]`);
    return 2;
  }
  try {
    for (const file of marked) print(`${file}: marked up to date (${markUpToDate(projectDir, file).split(' ').length - 2} sections of its original)`);
    const statuses = translationStatuses(projectDir);
    const summary = summarize(statuses);
    print(statusTable(statuses));
    print('');
    print(summaryLine(summary));
    return strict && summary.behind.length + summary.missing.length > 0 ? 1 : 0;
  } catch (error) {
    print(error instanceof Error ? error.message : String(error));
    return 2;
  }
}

/**
 * What a build says of the translations: its one-line summary, and, for a
 * production build, why it stops when a legal page's translation is behind
 * and ALLOW_BEHIND_VARIABLE does not name that file. A malformed record
 * stops any build, naming the file and field.
 */
export function translationsAtBuild(projectDir: string, options: { production: boolean; allowBehind?: string }): { line: string; error?: string } {
  let statuses: EntryStatus[];
  try {
    statuses = translationStatuses(projectDir);
  } catch (error) {
    return { line: 'Translations: not checked', error: error instanceof Error ? error.message : String(error) };
  }
  const line = summaryLine(summarize(statuses));
  if (!options.production) return { line };
  const allowed = new Set((options.allowBehind ?? '').split(',').map((file) => file.trim()));
  const refused = legalBehind(statuses).filter((file) => !allowed.has(file));
  if (refused.length === 0) return { line };
  const details = statuses.flatMap((status) =>
    LANGUAGES.flatMap((language) => {
      const file = copyFile(status.entry, language);
      return refused.includes(file) ? [`  ${file}: ${describeCopy(status.copies[language], status)}`] : [];
    }),
  );
  return {
    line,
    error: [
      `A legal page's translation is behind its original, so this production build publishes neither:`,
      ...details,
      `Bring the translation up to date, then mark it: npm run translations -- --mark ${refused[0]} (docs/editing.md, "Translations").`,
      `To publish it behind anyway, set ${ALLOW_BEHIND_VARIABLE}=${refused.join(',')} for this build (docs/configuration.md).`,
    ].join('\n'),
  };
}
