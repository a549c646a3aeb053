/**
 * `npx tsx scripts/brandFallbacks.ts`: draws the committed copies of the
 * share images and icons (gatsby/brand-fallback/) that a local build without
 * Chromium uses (gatsby/brandImages.ts). Needs Chromium; run it after
 * changing the logo (static/favicon.svg), the home hero's texts or the way
 * the images are drawn, and commit the result. They are drawn for the default
 * product name, so GATSBY_PRODUCT_NAME must be unset.
 */
import path from 'node:path';
import { BRAND_FALLBACK_DIR, writeBrandImages } from '../gatsby/brandImages';
import { CONFIG_DEFAULTS, siteConfig } from '../src/lib/config';
import { findChromium, MISSING_BROWSER_MESSAGE } from './chromium.js';
import { exitWith } from './processes';

async function main(): Promise<number> {
  if (siteConfig.productName !== CONFIG_DEFAULTS.GATSBY_PRODUCT_NAME) {
    console.error(`The copies show the default product name; unset GATSBY_PRODUCT_NAME (it is "${siteConfig.productName}").`);
    return 1;
  }
  const chromium = findChromium();
  if (!chromium) {
    console.error(`The copies are drawn with Chromium. ${MISSING_BROWSER_MESSAGE}`);
    return 1;
  }
  const root = path.join(__dirname, '..');
  const target = path.join(root, BRAND_FALLBACK_DIR);
  await writeBrandImages(root, { chromium, outputDir: target });
  console.log(`Drew the share images and icons into ${BRAND_FALLBACK_DIR}/; commit them.`);
  return 0;
}

exitWith(main());
