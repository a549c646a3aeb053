import { readFileSync } from 'node:fs';
import path from 'node:path';
import { validateFrontmatter } from './checks';
import type { ContentSection } from './contentSchema';
import { readFrontmatter } from './frontmatterParser';
import type { Language } from '../site/languages';

/**
 * The checked frontmatter of content/<section>/<language>/<name>.md, for
 * build-time code that runs before Gatsby reads the content (the share
 * images). Read as YAML only, as the
 * transformer reads it, and held to the same schema: a broken file throws
 * naming file and field.
 */
export function readContentFrontmatter<T>(directory: string, section: ContentSection, language: Language, name: string): T {
  const file = path.join('content', section, language, `${name}.md`);
  const source = readFileSync(path.join(directory, file), 'utf8');
  const { data } = readFrontmatter(file, source);
  const errors = validateFrontmatter(file, section, name, data, source);
  if (errors.length > 0) throw new Error(errors.join('\n'));
  return data as T;
}
