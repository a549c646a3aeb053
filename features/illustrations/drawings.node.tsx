import React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DashboardIllustration } from './DashboardIllustration';
import { FeaturesIllustration } from './FeaturesIllustration';
import { PaymentsIllustration } from './PaymentsIllustration';
import { SaleOrderIllustration } from './SaleOrderIllustration';
import { ILLUSTRATION_FILES, ILLUSTRATIONS_DIR, type IllustrationName } from './illustrations';
import { publicDirOf } from '../../system/paths.js';

const DRAWINGS: Record<IllustrationName, () => React.JSX.Element> = {
  dashboard: DashboardIllustration,
  'sale-order': SaleOrderIllustration,
  features: FeaturesIllustration,
  payments: PaymentsIllustration,
};

/** A drawing as a standalone SVG document. */
export function illustrationSvg(name: IllustrationName): string {
  const Drawing = DRAWINGS[name];
  return `${renderToStaticMarkup(<Drawing />)}\n`;
}

/** Writes every drawing to public/illustrations/<name>.svg. */
export async function writeIllustrations(siteDirectory: string): Promise<void> {
  const dir = path.join(publicDirOf(siteDirectory), ILLUSTRATIONS_DIR);
  await mkdir(dir, { recursive: true });
  await Promise.all(
    (Object.keys(ILLUSTRATION_FILES) as IllustrationName[]).map((name) => writeFile(path.join(publicDirOf(siteDirectory), ILLUSTRATION_FILES[name].src), illustrationSvg(name))),
  );
}
