import fixture from '../../features/sandbox/plans.json';
import { MAX_PLANS_PER_PERIOD, parsePlans, type Plan } from '../../features/pricing/plans';
import { pricesDate, readSnapshot, shownPlans } from '../../features/pricing/snapshot';
import { decimalPrice, planOffers } from '../../features/pricing/offers';

const plans = parsePlans(fixture).plans;
const plan = (over: Partial<Plan>): Plan => ({ id: 'x', type: 'basic', interval: 'month', priceId: null, amount: 100, currency: 'bgn', ...over });

describe('the plans a build keeps', () => {
  it("are each period's plans, then each tier's onboarding fee", () => {
    expect(shownPlans(plans).map((p) => p.id)).toEqual([
      'plan_basic_month',
      'plan_small_month',
      'plan_mid_month',
      'plan_basic_year',
      'plan_small_year',
      'plan_mid_year',
      'plan_basic_bitcoin',
      'plan_small_bitcoin',
      'plan_mid_bitcoin',
      'plan_small_onboarding',
      'plan_mid_onboarding',
    ]);
  });

  it('are no more than the page shows, however many the API lists', () => {
    const many = Array.from({ length: 500 }, (_, i) => plan({ id: `m${i}`, amount: 1000 + i }));
    const singles = Array.from({ length: 50 }, (_, i) => plan({ id: `s${i}`, type: 'mid', interval: 'single' }));
    const kept = shownPlans([...many, ...singles]);
    expect(kept).toHaveLength(MAX_PLANS_PER_PERIOD + 1);
    expect(kept.at(-1)?.id).toBe('s0');
  });
});

describe('a snapshot read back from the page query', () => {
  it('is the plans, checked again, with their date', () => {
    const snapshot = readSnapshot({ fetchedAt: '2026-11-29T06:00:00.000Z', plans: shownPlans(plans) });
    expect(snapshot).toEqual({ fetchedAt: '2026-11-29T06:00:00.000Z', plans: shownPlans(plans) });
  });

  it('is null when the build fetched none, or what it holds is no date or no plan', () => {
    expect(readSnapshot(null)).toBeNull();
    expect(readSnapshot(undefined)).toBeNull();
    expect(readSnapshot({ fetchedAt: null, plans: shownPlans(plans) })).toBeNull();
    expect(readSnapshot({ fetchedAt: 'yesterday', plans: shownPlans(plans) })).toBeNull();
    expect(readSnapshot({ fetchedAt: '2026-11-29T06:00:00.000Z', plans: [] })).toBeNull();
    expect(readSnapshot({ fetchedAt: '2026-11-29T06:00:00.000Z', plans: [{ id: 'a', type: 'enterprise' }] })).toBeNull();
  });
});

describe('the date of the prices', () => {
  it('is a day a visitor reads, in their language, in UTC whatever the machine', () => {
    expect(pricesDate('2026-11-29T06:00:00.000Z', 'en')).toBe('November 29, 2026');
    expect(pricesDate('2026-11-29T06:00:00.000Z', 'bg')).toBe('29 ноември 2026 г.');
    expect(pricesDate('2026-11-29T23:59:59.000Z', 'en')).toBe('November 29, 2026');
    expect(pricesDate('2026-03-01T00:00:00.000Z', 'bg')).toBe('1 март 2026 г.');
  });
});

describe('the plans as offers', () => {
  it('are the plans of each period, priced per month, billed for a month or a year', () => {
    expect(planOffers(plans).map(({ plan: p, period, price, currency, billingDuration }) => [p.id, period, price, currency, billingDuration])).toEqual([
      ['plan_basic_month', 'month', '29.00', 'BGN', 'P1M'],
      ['plan_small_month', 'month', '79.00', 'BGN', 'P1M'],
      ['plan_mid_month', 'month', '199.00', 'BGN', 'P1M'],
      ['plan_basic_year', 'year', '26.10', 'BGN', 'P1Y'],
      ['plan_small_year', 'year', '71.10', 'BGN', 'P1Y'],
      ['plan_mid_year', 'year', '179.10', 'BGN', 'P1Y'],
      ['plan_basic_bitcoin', 'bitcoin', '24.65', 'BGN', 'P1Y'],
      ['plan_small_bitcoin', 'bitcoin', '67.15', 'BGN', 'P1Y'],
      ['plan_mid_bitcoin', 'bitcoin', '169.15', 'BGN', 'P1Y'],
    ]);
  });

  it('write minor units as a decimal exactly', () => {
    expect([0, 5, 100, 1005, 2610, 1_000_000_000].map(decimalPrice)).toEqual(['0.00', '0.05', '1.00', '10.05', '26.10', '10000000.00']);
  });
});
