/**
 * Strings from locales/<lang>/<ns>.json for build-time code, which has no
 * i18next: the share images and the web manifest.
 */
import { fillProductName } from '../site/productName';

/**
 * The string at a dotted key ('hero.headline') of a parsed locale file, with
 * {{product}} filled in. Throws naming the file and key, so a renamed key
 * fails the build instead of putting 'undefined' into an image.
 */
export function localeString(tree: unknown, key: string, productName: string, file: string): string {
  const value = key.split('.').reduce<unknown>((node, part) => {
    if (typeof node !== 'object' || node === null || !Object.prototype.hasOwnProperty.call(node, part)) return undefined;
    return (node as Record<string, unknown>)[part];
  }, tree);
  if (typeof value !== 'string' || value.trim() === '') throw new Error(`${file}: no text at "${key}"`);
  return fillProductName(value, productName);
}

/** A UI string file (locales/<lang>/<ns>.json): strings, grouped in objects. */
export interface LocaleStrings {
  [key: string]: string | LocaleStrings;
}
