/**
 * The plans as a search engine reads them: one offer per plan of each
 * billing period, with its price per month, its currency and how long one
 * payment covers. Built from the same plans as the cards.
 */
import { PERIODS, plansForPeriod, type Period, type Plan } from './plans';

export interface PlanOffer {
  plan: Plan;
  period: Period;
  /** The price per month in major units, as schema.org writes a price ('26.10'). */
  price: string;
  /** ISO 4217, upper case ('BGN'). */
  currency: string;
  /** How long one payment covers, an ISO 8601 duration: a month, or a year for annual and Bitcoin billing. */
  billingDuration: 'P1M' | 'P1Y';
}

/** Minor units as a decimal, by whole numbers: 1005 is '10.05', which 10.05.toFixed(2) is not sure to be. */
export function decimalPrice(amountMinor: number): string {
  return `${Math.floor(amountMinor / 100)}.${String(amountMinor % 100).padStart(2, '0')}`;
}

export function planOffers(plans: readonly Plan[]): PlanOffer[] {
  return PERIODS.flatMap((period) =>
    plansForPeriod(plans, period).map((plan) => ({
      plan,
      period,
      price: decimalPrice(plan.amount),
      currency: plan.currency.toUpperCase(),
      billingDuration: period === 'month' ? ('P1M' as const) : ('P1Y' as const),
    })),
  );
}
