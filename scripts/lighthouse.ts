/** `npx tsx scripts/lighthouse.ts <site URL>`: the Lighthouse gate (checks/lighthouse.ts) against a site you serve yourself. */
import { findChromium, MISSING_BROWSER_MESSAGE } from '../node/chromium.js';
import { exitWith } from '../node/processes';
import { lighthouseGate } from '../checks/lighthouse';

const chromePath = findChromium();
const siteUrl = process.argv[2];
if (!siteUrl || !chromePath) {
  console.error(siteUrl ? MISSING_BROWSER_MESSAGE : 'Usage: tsx scripts/lighthouse.ts <site URL, e.g. http://127.0.0.1:9000>');
  process.exit(2);
}
exitWith(lighthouseGate(siteUrl, chromePath));
