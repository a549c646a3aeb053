import { cpuSlowdownFor, DEFAULT_CPU_SLOWDOWN, describeHostSpeed, PHONE_BENCHMARK_INDEX } from '../../scripts/hostSpeed';

describe('cpuSlowdownFor', () => {
  it("keeps Lighthouse's 4x on this machine kind when idle (BenchmarkIndex 2,500-3,000) and on faster hosts", () => {
    expect(DEFAULT_CPU_SLOWDOWN).toBe(4);
    for (const index of [2500, 2750, 3005, 10_000]) expect(cpuSlowdownFor(index)).toBe(4);
  });

  it('scales the slowdown down with the host, so a busy host models the same phone', () => {
    // Measured here with two busy loops on Chromium's core: BenchmarkIndex 1,068.
    expect(cpuSlowdownFor(1068)).toBe(1.7);
    expect(cpuSlowdownFor(1250)).toBe(2);
    expect(cpuSlowdownFor(PHONE_BENCHMARK_INDEX * 3)).toBe(3);
    expect(cpuSlowdownFor(2499)).toBe(4);
    expect(cpuSlowdownFor(2400)).toBe(3.8);
  });

  it('never slows down below 1x: a host slower than the phone cannot be sped up', () => {
    expect(cpuSlowdownFor(PHONE_BENCHMARK_INDEX)).toBe(1);
    expect(cpuSlowdownFor(300)).toBe(1);
  });

  it('keeps the default for anything that is not a measurement', () => {
    for (const index of [0, -5, Number.NaN, Number.POSITIVE_INFINITY]) expect(cpuSlowdownFor(index)).toBe(4);
  });

  it('says what it measured and what it chose', () => {
    expect(describeHostSpeed({ benchmarkIndex: 1068, cpuSlowdown: 1.7 })).toBe(
      "host BenchmarkIndex 1068, so a 1.7x CPU slowdown models the budgets' phone (BenchmarkIndex 625; Lighthouse's default is 4x)",
    );
  });
});
