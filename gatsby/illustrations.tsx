import React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DashboardIllustration } from '../src/components/illustrations/DashboardIllustration';
import { FeaturesIllustration } from '../src/components/illustrations/FeaturesIllustration';
import { PaymentsIllustration } from '../src/components/illustrations/PaymentsIllustration';
import { SaleOrderIllustration } from '../src/components/illustrations/SaleOrderIllustration';
import { ILLUSTRATION_FILES, ILLUSTRATIONS_DIR, type IllustrationName } from '../src/lib/illustrations';

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
  const dir = path.join(siteDirectory, 'public', ILLUSTRATIONS_DIR);
  await mkdir(dir, { recursive: true });
  await Promise.all(
    (Object.keys(ILLUSTRATION_FILES) as IllustrationName[]).map((name) => writeFile(path.join(siteDirectory, 'public', ILLUSTRATION_FILES[name].src), illustrationSvg(name))),
  );
}
