import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { htmlFiles } from '../../system/folderTree';

/**
 * Gatsby renders each page with React 18.3's renderToPipeableStream, whose
 * writer fills 2,048-byte chunks: when a character of several bytes (every
 * Cyrillic letter is two) does not fit in what is left of a chunk, it sends
 * the chunk whole, its unused zero bytes included. So the Bulgarian pages
 * carried NUL bytes inside their text wherever a chunk happened to end
 * (https://github.com/facebook/react/issues/31134; 4 files of one build
 * here). Rendering to a string instead (gatsby-ssr's replaceRenderer) is
 * not an option: Gatsby renders pages concurrently, and react-helmet's
 * server state then leaks between pages. A NUL byte is never content (the
 * HTML parser drops it from text), so removing every one restores the bytes
 * React meant to write.
 */
export function withoutNulBytes(bytes: Buffer): Buffer | null {
  if (!bytes.includes(0)) return null;
  return Buffer.from(bytes.filter((byte) => byte !== 0));
}

/**
 * Applies `transform` to every HTML file of a built public/ and writes back
 * what it changed (null: unchanged); returns the files changed, as site paths
 * without the leading slash, sorted.
 */
export function rewriteHtmlFiles(publicDir: string, transform: (bytes: Buffer) => Buffer | null): string[] {
  const changed: string[] = [];
  for (const file of htmlFiles(publicDir)) {
    const fixed = transform(readFileSync(path.join(publicDir, file)));
    if (!fixed) continue;
    writeFileSync(path.join(publicDir, file), fixed);
    changed.push(file);
  }
  return changed;
}

/** Removes the NUL bytes of every HTML file of a built public/, before its hashes and compressed copies are made; returns the files repaired. */
export const repairStreamedHtml = (publicDir: string): string[] => rewriteHtmlFiles(publicDir, withoutNulBytes);
