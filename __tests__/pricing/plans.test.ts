import fixture from '../../features/sandbox/plans.json';
import {
  DEFAULT_PERIOD,
  PERIOD_DISCOUNT_PERCENT,
  PlansFormatError,
  TIERS,
  formatCount,
  formatMoney,
  MAX_AMOUNT_MINOR,
  MAX_PLANS_PER_PERIOD,
  onboardingCards,
  onboardingPlan,
  plansOverCap,
  parsePlans,
  periodOf,
  planPath,
  planTexts,
  plansForPeriod,
  type Plan,
  type Translate,
} from '../../features/pricing/plans';
import { createI18n } from '../support/renderWithI18n';

/** Normalises the no-break spaces Intl puts into numbers and money. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const translator = (language: 'en' | 'bg'): Translate => createI18n(language).getFixedT(language, 'pricing') as unknown as Translate;
const { plans } = parsePlans(fixture);

describe('parsePlans', () => {
  it('accepts the sandbox fixture whole', () => {
    const parsed = parsePlans(fixture);
    expect(parsed.rejected).toEqual([]);
    expect(parsed.plans).toHaveLength(fixture.length);
    expect(parsed.plans[0]).toEqual({
      id: 'plan_basic_month',
      type: 'basic',
      interval: 'month',
      priceId: 'price_basic_month',
      amount: 2900,
      currency: 'bgn',
    });
  });

  it('drops broken entries, says why, and keeps the rest', () => {
    const good = { id: 'p1', type: 'small', interval: 'year', priceId: 'x', amount: 100, currency: 'bgn' };
    const { plans: kept, rejected } = parsePlans([
      good,
      null,
      'plan',
      { ...good, id: '' },
      { ...good, id: 'p2', type: 'enterprise' },
      { ...good, id: 'p3', interval: 'weekly' },
      { ...good, id: 'p4', amount: '29.00' },
      { ...good, id: 'p5', amount: 12.5 },
      { ...good, id: 'p6', amount: -1 },
      { ...good, id: 'p7', currency: 42 },
      { ...good, id: 'p8', currency: 'leva' },
      { ...good, id: 'p9', priceId: 7 },
      { ...good },
      { ...good, id: 10, priceId: undefined },
    ]);
    expect(kept).toEqual([good, { ...good, id: '10', priceId: null }]);
    expect(rejected).toEqual([
      'entry 2: not an object',
      'entry 3: not an object',
      'entry 4: missing "id"',
      'entry 5: plan p2: "type" must be one of basic, small, mid',
      'entry 6: plan p3: "interval" must be one of month, year, single, bitcoin',
      'entry 7: plan p4: "amount" must be a whole number of minor units',
      'entry 8: plan p5: "amount" must be a whole number of minor units',
      'entry 9: plan p6: "amount" must be a whole number of minor units',
      'entry 10: plan p7: "currency" must be a three-letter code',
      'entry 11: plan p8: "currency" must be a three-letter code',
      'entry 12: plan p9: "priceId" must be text',
      'entry 13: plan p1 repeats an id',
    ]);
  });

  it.each([null, {}, { plans: [] }, 'plans', 42])('refuses an answer that is not a list (%p)', (data) => {
    expect(() => parsePlans(data)).toThrow(PlansFormatError);
  });

  it('accepts an empty list', () => {
    expect(parsePlans([])).toEqual({ plans: [], rejected: [] });
  });
});

describe('caps', () => {
  const plan = (id: string, amount: number, interval: Plan['interval'] = 'month'): Plan => ({ id, type: 'small', interval, priceId: `price_${id}`, amount, currency: 'bgn' });

  it('drops an amount above 10^9 minor units and says why; 10^9 itself is kept', () => {
    expect(MAX_AMOUNT_MINOR).toBe(1_000_000_000);
    const { plans: kept, rejected } = parsePlans([plan('ok', 1_000_000_000), plan('huge', 1_000_000_001), plan('absurd', Number.MAX_SAFE_INTEGER)]);
    expect(kept.map((p) => p.id)).toEqual(['ok']);
    expect(rejected).toEqual([
      'entry 2: plan huge: "amount" 1000000001 is above 1000000000 minor units',
      `entry 3: plan absurd: "amount" ${Number.MAX_SAFE_INTEGER} is above 1000000000 minor units`,
    ]);
  });

  it('shows at most 12 plans of a period, the cheapest of each tier first, and says so', () => {
    expect(MAX_PLANS_PER_PERIOD).toBe(12);
    const many = Array.from({ length: 15 }, (_, i) => plan(`m${i}`, 1000 + (15 - i)));
    const yearly = [plan('y1', 5, 'year')];
    const shown = plansForPeriod([...many, ...yearly], 'month');
    expect(shown).toHaveLength(12);
    expect(shown[0].id).toBe('m14');
    expect(plansForPeriod([...many, ...yearly], 'year')).toHaveLength(1);
    expect(plansOverCap([...many, ...yearly])).toEqual(['month: 15 plans, only the first 12 are shown']);
    expect(plansOverCap(many.slice(0, 12))).toEqual([]);
  });
});

describe('periods', () => {
  it('defaults to annual, with the -10% and -15% discounts', () => {
    expect(DEFAULT_PERIOD).toBe('year');
    expect(PERIOD_DISCOUNT_PERCENT).toEqual({ year: 10, bitcoin: 15 });
  });

  it('marks the bitcoin plan by its priceId (or a bitcoin interval)', () => {
    const plan = (over: Partial<Plan>): Plan => ({ id: 'x', type: 'basic', interval: 'year', priceId: null, amount: 1, currency: 'bgn', ...over });
    expect(periodOf(plan({ priceId: 'bitcoin' }))).toBe('bitcoin');
    expect(periodOf(plan({ interval: 'bitcoin' }))).toBe('bitcoin');
    expect(periodOf(plan({ interval: 'month' }))).toBe('month');
    expect(periodOf(plan({ interval: 'single' }))).toBe('single');
  });

  it.each([
    ['month', ['plan_basic_month', 'plan_small_month', 'plan_mid_month']],
    ['year', ['plan_basic_year', 'plan_small_year', 'plan_mid_year']],
    ['bitcoin', ['plan_basic_bitcoin', 'plan_small_bitcoin', 'plan_mid_bitcoin']],
  ] as const)('%s shows one plan per tier, smallest first, never an onboarding plan', (period, ids) => {
    expect(plansForPeriod([...plans].reverse(), period).map((p) => p.id)).toEqual(ids);
  });
});

describe('onboarding', () => {
  it('takes the fee of a tier from its single plan; basic has none', () => {
    expect(onboardingPlan(plans, 'basic')).toBeNull();
    expect(onboardingPlan(plans, 'small')?.id).toBe('plan_small_onboarding');
    expect(onboardingPlan(plans, 'mid')?.amount).toBe(79900);
    expect(
      onboardingPlan(
        plans.filter((p) => p.interval !== 'single'),
        'mid',
      ),
    ).toBeNull();
  });

  it.each([
    ['en', ['BGN 299.00', 'BGN 799.00']],
    ['bg', ['299,00 лв.', '799,00 лв.']],
  ] as const)('gives a card per plan shown, the note on every card after the first (%s)', (language, fees) => {
    const cards = onboardingCards(plansForPeriod(plans, 'year'), plans, language);
    expect(cards.map((c) => ({ ...c, fee: c.fee && plain(c.fee) }))).toEqual([
      { planId: 'plan_basic_year', type: 'basic', fee: null, hasFee: false, required: false },
      { planId: 'plan_small_year', type: 'small', fee: fees[0], hasFee: true, required: true },
      { planId: 'plan_mid_year', type: 'mid', fee: fees[1], hasFee: true, required: true },
    ]);
  });

  it('keeps a fee card without an amount when the API sent no onboarding plan', () => {
    const cards = onboardingCards(
      plansForPeriod(plans, 'month'),
      plans.filter((p) => p.type !== 'small' || p.interval !== 'single'),
      'en',
    );
    expect(cards[1]).toEqual({ planId: 'plan_small_month', type: 'small', fee: null, hasFee: true, required: true });
  });
});

describe('formatting', () => {
  it('divides minor units by 100 and shows лв. in Bulgarian', () => {
    expect(plain(formatMoney(2610, 'bgn', 'bg'))).toBe('26,10 лв.');
    expect(plain(formatMoney(2610, 'bgn', 'en'))).toBe('BGN 26.10');
    expect(plain(formatMoney(199, 'eur', 'en'))).toBe('€1.99');
    expect(plain(formatMoney(0, 'usd', 'en'))).toBe('$0.00');
  });

  it('survives a currency code Intl does not know', () => {
    expect(plain(formatMoney(1234, 'xyz', 'bg'))).toMatch(/^12,34 XYZ$|XYZ/);
  });

  it('groups thousands the local way', () => {
    expect(plain(formatCount(300000, 'en'))).toBe('300,000');
    expect(plain(formatCount(300000, 'bg'))).toBe('300 000');
  });
});

describe('planTexts', () => {
  const expected = {
    en: {
      names: { basic: 'Entrepreneur', small: 'Small Business', mid: 'Mid-size' },
      users: { basic: '1 user', small: '5 users', mid: '10 users' },
      orders: { basic: '8,000 orders per year', small: '60,000 orders per year', mid: '300,000 orders per year' },
      stores: { basic: '1 store location', small: '5 store locations', mid: '50 store locations' },
      access: { basic: 'Full access', small: 'User access rights', mid: 'User access rights' },
      api: { basic: 'No API access', small: 'Limited API access', mid: 'Full API access' },
      perMonth: { month: 'per month', year: 'per month (billed annually)', bitcoin: 'per month (billed annually)' },
    },
    bg: {
      names: { basic: 'Предприемач', small: 'Малък бизнес', mid: 'Среден бизнес' },
      users: { basic: '1 потребител', small: '5 потребители', mid: '10 потребители' },
      orders: { basic: '8000 поръчки годишно', small: '60 000 поръчки годишно', mid: '300 000 поръчки годишно' },
      stores: { basic: '1 търговски обект', small: '5 търговски обекта', mid: '50 търговски обекта' },
      access: { basic: 'Пълен достъп', small: 'Потребителски права за достъп', mid: 'Потребителски права за достъп' },
      api: { basic: 'Без достъп до API', small: 'Ограничен достъп до API', mid: 'Пълен достъп до API' },
      perMonth: { month: 'на месец', year: 'на месец (при годишно плащане)', bitcoin: 'на месец (при годишно плащане)' },
    },
  } as const;

  for (const language of ['en', 'bg'] as const) {
    for (const period of ['month', 'year', 'bitcoin'] as const) {
      it(`derives every text of every tier, ${period}, ${language}`, () => {
        const t = translator(language);
        for (const plan of plansForPeriod(plans, period)) {
          const texts = planTexts(plan, language, t);
          const want = expected[language];
          expect({ ...texts, price: plain(texts.price), ordersText: plain(texts.ordersText) }).toEqual({
            productName: want.names[plan.type],
            price: plain(formatMoney(plan.amount, plan.currency, language)),
            perMonthText: want.perMonth[period],
            usersText: want.users[plan.type],
            ordersText: want.orders[plan.type],
            storesText: want.stores[plan.type],
            userAccessText: want.access[plan.type],
            apiText: want.api[plan.type],
          });
        }
      });
    }
  }

  it('matches the tier table of the specification', () => {
    expect(TIERS).toEqual({
      basic: { users: 1, ordersPerYear: 8000, stores: 1, access: 'full', api: 'none' },
      small: { users: 5, ordersPerYear: 60000, stores: 5, access: 'rights', api: 'limited' },
      mid: { users: 10, ordersPerYear: 300000, stores: 50, access: 'rights', api: 'full' },
    });
  });

  it("points Choose Plan at the plan's page in the application, id escaped", () => {
    expect(planPath(plans[0])).toBe('plans/plan_basic_month');
    const plan: Plan = { id: 'a/b c', type: 'mid', interval: 'month', priceId: null, amount: 1, currency: 'bgn' };
    expect(planPath(plan)).toBe('plans/a%2Fb%20c');
  });
});
