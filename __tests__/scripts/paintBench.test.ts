/** @jest-environment node */
import { parsePaintBenchArgs } from '../../scripts/paintBench';

describe('parsePaintBenchArgs', () => {
  it('measures every page three times by default', () => {
    expect(parsePaintBenchArgs([])).toEqual({ runs: 3, paths: [] });
  });

  it('takes the runs and the pages to measure', () => {
    expect(parsePaintBenchArgs(['--runs', '1', '/', '/bg/docs/'])).toEqual({ runs: 1, paths: ['/', '/bg/docs/'] });
  });

  it('refuses a run count that is not a whole number of at least 1, and anything else', () => {
    expect(() => parsePaintBenchArgs(['--runs', '0'])).toThrow('--runs takes a whole number of at least 1, not "0".');
    expect(() => parsePaintBenchArgs(['--runs'])).toThrow('--runs takes a whole number of at least 1, not "".');
    expect(() => parsePaintBenchArgs(['docs'])).toThrow('Unknown argument "docs": give --runs N and page paths such as / or /bg/docs/.');
  });
});
