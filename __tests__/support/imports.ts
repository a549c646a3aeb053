/**
 * The project's own imports, as TypeScript reads them: every import,
 * require and dynamic import of a relative path, resolved as TypeScript and
 * Node would. Read by the tests of the project's shape
 * (the import circles and the floors).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const ROOT = path.join(__dirname, '..', '..');

export const CODE = /\.(tsx?|jsx?|cjs|mjs)$/;
const EXTENSIONS = ['', '.ts', '.tsx', '.js', '.jsx', '.cjs', '.mjs', '/index.ts', '/index.tsx', '/index.js'];

/** Every code file under `folder` (or `folder` itself when it is a file), type declarations and dependencies aside. */
export function codeFiles(folder: string): string[] {
  if (!existsSync(folder)) return [];
  if (statSync(folder).isFile()) return CODE.test(folder) ? [folder] : [];
  return readdirSync(folder).flatMap((name) => {
    const file = path.join(folder, name);
    if (statSync(file).isDirectory()) return name === 'node_modules' ? [] : codeFiles(file);
    return CODE.test(name) && !name.endsWith('.d.ts') ? [file] : [];
  });
}

/** The project's files a file imports: relative specifiers resolved as TypeScript and Node would. */
export function importsOf(file: string, text = readFileSync(file, 'utf8')): string[] {
  const { importedFiles } = ts.preProcessFile(text, true, true);
  return importedFiles.flatMap(({ fileName }) => {
    if (!fileName.startsWith('.')) return [];
    const base = path.resolve(path.dirname(file), fileName);
    const found = EXTENSIONS.map((extension) => base + extension).find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
    return found && CODE.test(found) ? [found] : [];
  });
}
