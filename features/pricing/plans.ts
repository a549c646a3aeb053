/**
 * Subscription plans as the payments API sends them, and everything the
 * pricing page shows about them: which plans belong to a billing period,
 * their prices and texts in the visitor's language, and the onboarding fees.
 */
import { LOCALE_TAGS, type Language } from '../site/languages';

export const PLAN_TYPES = ['basic', 'small', 'mid'] as const;
export type PlanType = (typeof PLAN_TYPES)[number];

/** 'bitcoin' is accepted as an interval too; the usual marker is priceId 'bitcoin'. */
export const PLAN_INTERVALS = ['month', 'year', 'single', 'bitcoin'] as const;
export type PlanInterval = (typeof PLAN_INTERVALS)[number];

export const PERIODS = ['month', 'year', 'bitcoin'] as const;
export type Period = (typeof PERIODS)[number];
export const DEFAULT_PERIOD: Period = 'year';
export const PERIOD_DISCOUNT_PERCENT: Readonly<Partial<Record<Period, number>>> = { year: 10, bitcoin: 15 };
export const BITCOIN_PRICE_ID = 'bitcoin';

export interface Plan {
  id: string;
  type: PlanType;
  interval: PlanInterval;
  priceId: string | null;
  /** Minor units (stotinki, cents); shown divided by 100. */
  amount: number;
  /** ISO 4217 code as sent, e.g. 'bgn'. */
  currency: string;
}

/** What each tier includes (SPEC section 9). */
export interface TierFacts {
  users: number;
  ordersPerYear: number;
  stores: number;
  access: 'full' | 'rights';
  api: 'none' | 'limited' | 'full';
}

export const TIERS: Readonly<Record<PlanType, TierFacts>> = {
  basic: { users: 1, ordersPerYear: 8000, stores: 1, access: 'full', api: 'none' },
  small: { users: 5, ordersPerYear: 60000, stores: 5, access: 'rights', api: 'limited' },
  mid: { users: 10, ordersPerYear: 300000, stores: 50, access: 'rights', api: 'full' },
};

export class PlansFormatError extends Error {}

/** The most plans shown for one billing period: more would be an API mistake, not a choice. */
export const MAX_PLANS_PER_PERIOD = 12;
/**
 * The most bytes of the plans answer read: a plan is about 180 bytes of
 * JSON (the sandbox's 11 are 2 KB), and at most MAX_PLANS_PER_PERIOD are
 * shown for each of the PERIODS, with their onboarding fees beside; some 50
 * plans are 9 KB, so 256 KiB leaves room for fields the API may add and
 * stops an answer that is no plan list long before it fills a phone's memory.
 */
export const PLANS_ANSWER_MAX_BYTES = 256 * 1024;
/** The largest amount taken, in minor units (10 million in major units): larger is a mistake. */
export const MAX_AMOUNT_MINOR = 1_000_000_000;
/**
 * The longest plan id taken: an id goes into its card's link, the page's
 * structured data and its page data, in each language, so a long one
 * would grow every copy of the pricing page.
 */
export const MAX_PLAN_ID_LENGTH = 100;

export interface ParsedPlans {
  plans: Plan[];
  /** Why each dropped entry was dropped, for the console. */
  rejected: string[];
}

const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T => typeof value === 'string' && (values as readonly string[]).includes(value);

function parsePlan(entry: unknown): Plan | string {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return 'not an object';
  const { id, type, interval, priceId, amount, currency } = entry as Record<string, unknown>;
  const idText = typeof id === 'number' && Number.isFinite(id) ? String(id) : id;
  if (typeof idText !== 'string' || idText.trim() === '') return 'missing "id"';
  if (idText.length > MAX_PLAN_ID_LENGTH) return `entry with an "id" of ${idText.length} characters, over ${MAX_PLAN_ID_LENGTH}`;
  if (!isOneOf(PLAN_TYPES, type)) return `plan ${idText}: "type" must be one of ${PLAN_TYPES.join(', ')}`;
  if (!isOneOf(PLAN_INTERVALS, interval)) return `plan ${idText}: "interval" must be one of ${PLAN_INTERVALS.join(', ')}`;
  if (priceId !== undefined && priceId !== null && typeof priceId !== 'string') return `plan ${idText}: "priceId" must be text`;
  if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 0) return `plan ${idText}: "amount" must be a whole number of minor units`;
  if (amount > MAX_AMOUNT_MINOR) return `plan ${idText}: "amount" ${amount} is above ${MAX_AMOUNT_MINOR} minor units`;
  if (typeof currency !== 'string' || !/^[a-z]{3}$/i.test(currency)) return `plan ${idText}: "currency" must be a three-letter code`;
  return { id: idText, type, interval, priceId: priceId ?? null, amount, currency };
}

/**
 * Reads the plans call's answer. A list is expected (anything else throws
 * PlansFormatError); entries that are broken or repeat an id are dropped
 * and explained, the rest kept, so one bad plan never hides the others.
 */
export function parsePlans(data: unknown): ParsedPlans {
  if (!Array.isArray(data)) throw new PlansFormatError('the plans answer is not a list');
  const plans: Plan[] = [];
  const rejected: string[] = [];
  const ids = new Set<string>();
  data.forEach((entry, index) => {
    const plan = parsePlan(entry);
    if (typeof plan === 'string') rejected.push(`entry ${index + 1}: ${plan}`);
    else if (ids.has(plan.id)) rejected.push(`entry ${index + 1}: plan ${plan.id} repeats an id`);
    else {
      ids.add(plan.id);
      plans.push(plan);
    }
  });
  return { plans, rejected };
}

/** The billing period a plan is sold under, or 'single' for one-time fees. */
export function periodOf(plan: Plan): Period | 'single' {
  if (plan.priceId === BITCOIN_PRICE_ID || plan.interval === 'bitcoin') return 'bitcoin';
  return plan.interval;
}

/** The plans of one billing period, smallest tier first, at most MAX_PLANS_PER_PERIOD. */
export function plansForPeriod(plans: readonly Plan[], period: Period): Plan[] {
  return plans
    .filter((plan) => periodOf(plan) === period)
    .sort((a, b) => PLAN_TYPES.indexOf(a.type) - PLAN_TYPES.indexOf(b.type) || a.amount - b.amount)
    .slice(0, MAX_PLANS_PER_PERIOD);
}

/** Why plans of a period are not shown: the ones past MAX_PLANS_PER_PERIOD, for the console. */
export function plansOverCap(plans: readonly Plan[]): string[] {
  return PERIODS.flatMap((period) => {
    const count = plans.filter((plan) => periodOf(plan) === period).length;
    return count > MAX_PLANS_PER_PERIOD ? [`${period}: ${count} plans, only the first ${MAX_PLANS_PER_PERIOD} are shown`] : [];
  });
}

/** The one-time onboarding plan of a tier; the basic tier has none. */
export function onboardingPlan(plans: readonly Plan[], type: PlanType): Plan | null {
  if (type === 'basic') return null;
  return plans.find((plan) => plan.interval === 'single' && plan.type === type && plan.priceId !== BITCOIN_PRICE_ID) ?? null;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * One Intl.NumberFormat per locale and options. Building one loads locale
 * data and costs about a millisecond on a phone, and every plan card
 * formats several numbers.
 */
function numberFormat(language: Language, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${language} ${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE_TAGS[language], options);
    numberFormats.set(key, format);
  }
  return format;
}

/** An amount in minor units as money in the page's language: 'BGN 26.10', '26,10 лв.'. */
export function formatMoney(amountMinor: number, currency: string, language: Language): string {
  const value = amountMinor / 100;
  try {
    return numberFormat(language, { style: 'currency', currency: currency.toUpperCase() }).format(value);
  } catch {
    // An unknown currency code: show the number and the code rather than fail.
    return `${numberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value)} ${currency.toUpperCase()}`;
  }
}

export function formatCount(count: number, language: Language): string {
  return numberFormat(language).format(count);
}

/** Keys of locales/<lang>/pricing.json that plan texts use. */
export type PlanTextKey =
  | `plans.names.${PlanType}`
  | 'plans.perMonth'
  | 'plans.perMonthBilledAnnually'
  | 'plans.users'
  | 'plans.orders'
  | 'plans.stores'
  | `plans.access.${TierFacts['access']}`
  | `plans.api.${TierFacts['api']}`;

export type Translate = (key: PlanTextKey, values?: Record<string, string | number>) => string;

/** Everything a plan card shows (SPEC section 3, "derived on the client"). */
export interface PlanTexts {
  productName: string;
  price: string;
  perMonthText: string;
  usersText: string;
  ordersText: string;
  storesText: string;
  userAccessText: string;
  apiText: string;
}

/** The plan's page inside the application (see appUrl for the language part). */
export function planPath(plan: Plan): string {
  return `plans/${encodeURIComponent(plan.id)}`;
}

export function planTexts(plan: Plan, language: Language, t: Translate): PlanTexts {
  const tier = TIERS[plan.type];
  const period = periodOf(plan);
  return {
    productName: t(`plans.names.${plan.type}`),
    price: formatMoney(plan.amount, plan.currency, language),
    perMonthText: t(period === 'year' || period === 'bitcoin' ? 'plans.perMonthBilledAnnually' : 'plans.perMonth'),
    usersText: t('plans.users', { count: tier.users }),
    ordersText: t('plans.orders', { orders: formatCount(tier.ordersPerYear, language) }),
    storesText: t('plans.stores', { count: tier.stores }),
    userAccessText: t(`plans.access.${tier.access}`),
    apiText: t(`plans.api.${tier.api}`),
  };
}

export interface OnboardingCard {
  /** The subscription plan the card belongs to: unique, unlike the type. */
  planId: string;
  type: PlanType;
  /** The fee, formatted; null for the basic tier (no fee) or when the API sent none. */
  fee: string | null;
  hasFee: boolean;
  /** 'Required one-time payment in addition to subscription', on every card after the first. */
  required: boolean;
}

/** One onboarding card per plan shown, in the same order. */
export function onboardingCards(shown: readonly Plan[], all: readonly Plan[], language: Language): OnboardingCard[] {
  return shown.map((plan, index) => {
    const single = onboardingPlan(all, plan.type);
    return {
      planId: plan.id,
      type: plan.type,
      fee: single ? formatMoney(single.amount, single.currency, language) : null,
      hasFee: plan.type !== 'basic',
      required: index > 0,
    };
  });
}
