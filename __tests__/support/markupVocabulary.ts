/**
 * What a piece of HTML uses, read with htmlparser2 (the parser sanitize-html
 * runs): each element's attributes (and their values), classes and style
 * properties, and the properties, functions, at-rules and keyframes of its
 * <style> sheets. The allowlist test compares this with
 * features/markdown/boundary/allowlist.ts.
 */
import { Parser } from 'htmlparser2';

export interface Vocabulary {
  attributes: Map<string, Set<string>>;
  /** Values by `element attribute`. */
  values: Map<string, Set<string>>;
  classes: Map<string, Set<string>>;
  styleProperties: Map<string, Set<string>>;
  /** Values by property, in style attributes and in sheets. */
  styleValues: Map<string, Set<string>>;
  sheetValues: Map<string, Set<string>>;
  sheetProperties: Set<string>;
  /** Properties a sheet sets on its diagram's <svg> itself (rules such as `#id{…}`). */
  diagramSvgProperties: Set<string>;
  cssFunctions: Set<string>;
  atRules: Set<string>;
  keyframes: Set<string>;
}

export const emptyVocabulary = (): Vocabulary => ({
  attributes: new Map(),
  values: new Map(),
  classes: new Map(),
  styleProperties: new Map(),
  styleValues: new Map(),
  sheetValues: new Map(),
  sheetProperties: new Set(),
  diagramSvgProperties: new Set(),
  cssFunctions: new Set(),
  atRules: new Set(),
  keyframes: new Set(),
});

const add = (map: Map<string, Set<string>>, key: string, value?: string): void => {
  const set = map.get(key) ?? new Set<string>();
  if (value !== undefined) set.add(value);
  map.set(key, set);
};

const functionsOf = (css: string): string[] => [...css.matchAll(/([-\w]+)\s*\(/g)].map((match) => match[1].toLowerCase());

/** Adds what `html` uses to `into`. */
export function collectVocabulary(html: string, into: Vocabulary = emptyVocabulary()): Vocabulary {
  let inStyle = false;
  let svgId = '';
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        add(into.attributes, name);
        inStyle = name === 'style';
        if (name === 'svg') svgId = attributes.id ?? '';
        for (const [attribute, value] of Object.entries(attributes)) {
          add(into.attributes, name, attribute);
          add(into.values, `${name} ${attribute}`, value);
          if (attribute === 'class')
            value
              .split(/\s+/)
              .filter(Boolean)
              .forEach((c) => add(into.classes, name, c));
          if (attribute === 'style') {
            for (const declaration of value.split(';')) {
              const colon = declaration.indexOf(':');
              if (colon <= 0) continue;
              const property = declaration.slice(0, colon).trim().toLowerCase();
              add(into.styleProperties, name, property);
              add(into.styleValues, property, declaration.slice(colon + 1).trim());
            }
          }
          if (attribute !== 'href' && attribute !== 'src') functionsOf(attribute === 'style' || /url\(/i.test(value) ? value : '').forEach((f) => into.cssFunctions.add(f));
        }
      },
      ontext(text) {
        if (!inStyle) return;
        for (const match of text.matchAll(/[{;]\s*(-?-?[a-z][-a-z]*)\s*:([^;}]*)/gi)) {
          into.sheetProperties.add(match[1].toLowerCase());
          add(into.sheetValues, match[1].toLowerCase(), match[2].trim());
        }
        functionsOf(text).forEach((f) => into.cssFunctions.add(f));
        for (const match of text.matchAll(/@([-\w]+)/g)) into.atRules.add(match[1].toLowerCase());
        for (const match of text.matchAll(/@keyframes\s+([-\w]+)/gi)) into.keyframes.add(match[1]);
        // A rule's selectors and declarations (the innermost braces; keyframes' steps do not start with the id).
        for (const [, selectors, declarations] of text.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
          const itself = selectors.split(',').some((selector) => new RegExp(`^#${svgId}([:.[][^\\s>]*)?$`).test(selector.trim()));
          if (!svgId || !itself) continue;
          for (const declaration of declarations.split(';')) if (declaration.includes(':')) into.diagramSvgProperties.add(declaration.split(':')[0].trim().toLowerCase());
        }
      },
      onclosetag() {
        inStyle = false;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return into;
}
