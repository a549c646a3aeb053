/** @jest-environment node */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { CODE_FOLDERS } from './support/layout';

/**
 * Comments send readers to other files ("written by gatsby/onPostBuild.ts");
 * a moved or renamed file must not leave them pointing at nothing. Tests are
 * left out: their fixtures name files that exist only in the test.
 */
const ROOT = path.join(__dirname, '..');
const SOURCE_FOLDERS = [...CODE_FOLDERS, 'e2e'];
/** A path under a folder of the project, as a comment names it ('features/cms/adminPage.ts'); the old folders too, so that a citation of a moved file is found. */
const CITED_FOLDERS = [
  ...new Set([...CODE_FOLDERS.map((folder) => folder.split('/')[0]), 'e2e', 'content', 'locales', '__tests__', 'static', 'plugins', 'node', 'checks', 'hosting', 'cms', 'sandbox']),
].filter((folder) => !/\./.test(folder));
const CITATION = new RegExp(`(?<![\\w./-])((?:${CITED_FOLDERS.join('|')})\\/[\\w./-]*\\w\\.(?:tsx?|jsx?|css|json|md|ya?ml))\\b`, 'g');
/** A folder under one of those, as a comment names it ('features/markdown/remark-mermaid', 'features/cms/'). */
// Not in quotes: a string names a path of the built site or an example, not a folder of the repository.
const FOLDER_CITATION = new RegExp(`(?<![\\w./'"\`-])((?:${CITED_FOLDERS.join('|')})(?:\\/[\\w-]+)+)(?:\\/(?![\\w.<*…$/-])|(?![\\w.<*…$/-]))`, 'g');

function sourceFiles(folder: string): string[] {
  if (!existsSync(folder)) return [];
  if (statSync(folder).isFile()) return [folder];
  return readdirSync(folder).flatMap((name) => {
    const file = path.join(folder, name);
    if (statSync(file).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(file);
    return /\.(tsx?|jsx?|css)$/.test(name) ? [file] : [];
  });
}

describe('file names cited in the source', () => {
  const files = SOURCE_FOLDERS.flatMap((folder) => sourceFiles(path.join(ROOT, folder)));

  it('finds the source files', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it('all exist', () => {
    const missing = files.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(CITATION)]
        .map((match) => match[1])
        .filter((cited) => !existsSync(path.join(ROOT, cited)))
        .map((cited) => `${path.relative(ROOT, file)} cites ${cited}`),
    );
    expect(missing).toEqual([]);
  });

  it('name folders that exist', () => {
    const missing = files.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(FOLDER_CITATION)]
        .map((match) => match[1])
        .filter((cited) => !existsSync(path.join(ROOT, cited)))
        .map((cited) => `${path.relative(ROOT, file)} cites ${cited}`),
    );
    expect(missing).toEqual([]);
  });
});
