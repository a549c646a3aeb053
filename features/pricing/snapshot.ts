/**
 * The plans a build fetched, which the pricing page's HTML shows before
 * JavaScript runs (and without it): only what the page can show, and when
 * the payments API answered, so the page never shows a price without its
 * date.
 */
import type { Language } from '../site/languages';
import { longDate } from '../site/dates';
import { PERIODS, PLAN_TYPES, onboardingPlan, parsePlans, plansForPeriod, type Plan } from './plans';

export interface PlansSnapshot {
  /** When the payments API answered: an ISO 8601 time in UTC. */
  fetchedAt: string;
  plans: Plan[];
}

/**
 * The plans the page shows: each period's (at most MAX_PLANS_PER_PERIOD)
 * and each tier's onboarding fee, so an answer of a thousand plans cannot
 * grow the page past what it would show of them.
 */
export function shownPlans(plans: readonly Plan[]): Plan[] {
  const periods = PERIODS.flatMap((period) => plansForPeriod(plans, period));
  const fees = PLAN_TYPES.flatMap((type) => onboardingPlan(plans, type) ?? []);
  return [...periods, ...fees];
}

/**
 * A snapshot as the page's query hands it over, checked again as the
 * browser checks an answer (GraphQL types its fields as text), or null
 * when the build fetched none.
 */
export function readSnapshot(data: { fetchedAt: string | null; plans: readonly unknown[] | null } | null | undefined): PlansSnapshot | null {
  if (!data?.fetchedAt || !data.plans || Number.isNaN(Date.parse(data.fetchedAt))) return null;
  const { plans } = parsePlans([...data.plans]);
  return plans.length > 0 ? { fetchedAt: data.fetchedAt, plans } : null;
}

/** The day prices were fetched, as a visitor reads a date in their language ('November 29, 2026', '29 ноември 2026 г.'). */
export function pricesDate(fetchedAt: string, language: Language): string {
  return longDate(fetchedAt, language);
}
