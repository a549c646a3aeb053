/**
 * The inline scripts a browser would run in a page, read with an HTML
 * parser: a second reading, independent of the build's own expression
 * (features/hosting/rules.ts inlineScripts). A <script> without src whose type is
 * empty or one a browser executes; data blocks (JSON-LD) are not scripts.
 */
import { Parser } from 'htmlparser2';

const RUNNABLE_TYPES = ['', 'text/javascript', 'application/javascript', 'module'];

export function runnableInlineScripts(html: string): string[] {
  const found: string[] = [];
  let current: string | null = null;
  const parser = new Parser({
    onopentag(name, attributes) {
      const runs = RUNNABLE_TYPES.includes((attributes.type ?? '').toLowerCase());
      current = name === 'script' && attributes.src === undefined && runs ? '' : null;
    },
    ontext(text) {
      if (current !== null) current += text;
    },
    onclosetag(name) {
      if (name === 'script' && current !== null) found.push(current);
      current = null;
    },
  });
  parser.write(html);
  parser.end();
  return found;
}
