/** The assertion engine of @lhci/cli, which `lhci assert` runs; scripts/lighthouse.ts asks it which pages missed. */
declare module '@lhci/utils/src/assertions.js' {
  export interface AssertionResult {
    url: string;
    auditId?: string;
    auditProperty?: string;
    name: string;
    level?: 'error' | 'warn' | 'off';
    passed: boolean;
    expected: number;
    actual: number;
    values: number[];
  }
  export function getAllAssertionResults(options: { assertMatrix: unknown[] }, lhrs: unknown[]): AssertionResult[];
}
