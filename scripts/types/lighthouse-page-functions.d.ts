/** Lighthouse's in-page functions; scripts/hostSpeed.ts runs its BenchmarkIndex the way Lighthouse does. */
declare module 'lighthouse/core/lib/page-functions.js' {
  export const pageFunctions: { computeBenchmarkIndex: () => number };
}
