/** `npx tsx scripts/lighthouse.ts <site URL>`: the Lighthouse gate against a site you serve yourself. */
import { findChromium, MISSING_BROWSER_MESSAGE } from '../system/chromium.js';
import { exitWith } from '../system/processes';
import { lighthouseGate } from '../e2e/checks/lighthouse';

const chromePath = findChromium();
const siteUrl = process.argv[2];
if (!siteUrl || !chromePath) {
  console.error(siteUrl ? MISSING_BROWSER_MESSAGE : 'Usage: tsx scripts/lighthouse.ts <site URL, e.g. http://127.0.0.1:9000>');
  process.exit(2);
}
exitWith(lighthouseGate(siteUrl, chromePath));
