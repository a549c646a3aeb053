/** Layout shifts as a page records them, for the tests that hold a page still. */
import type { Page } from '@playwright/test';

/** Lighthouse's phone: a Moto G Power in CSS pixels. */
export const LIGHTHOUSE_PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

export interface Shift {
  at: number;
  value: number;
  sources: string[];
}

/** Records every layout shift from the start of the document, with what moved where. */
export async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: { at: number; value: number; sources: string[] }[] = [];
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    type Source = { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
    const describe = (source: Source) => {
      const node = source.node;
      const name = !node ? '(removed)' : node instanceof Element ? `${node.tagName.toLowerCase()}.${node.className}` : node.nodeName;
      const rect = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
      return `${name} from ${rect(source.previousRect)} to ${rect(source.currentRect)}`;
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; sources?: Source[] })[]) {
        shifts.push({ at: Math.round(entry.startTime), value: entry.value, sources: (entry.sources ?? []).map(describe) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

export const shiftsOf = (page: Page) => page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
