/**
 * The plans the build writes into the pricing page: fetched from the
 * payments API once per build, by the browser's own call (the same path,
 * key, size limit and checks), and kept as one node the page queries.
 *
 * A production build that cannot get plans fails, naming the variable and
 * the error: the live site keeps the prices it has, with their date, until
 * a build succeeds (docs/configuration.md, "Prices in the pages"). A local
 * build goes on without them, and the page loads them in the browser.
 */
import { ApiError, requestJson } from '../site/api';
import { API_KEY_HEADER, AVAILABLE_PLANS_PATH } from '../site/apiContract';
import { PERIODS, PLANS_ANSWER_MAX_BYTES, PlansFormatError, parsePlans, plansForPeriod, plansOverCap } from './plans';
import { shownPlans, type PlansSnapshot } from './snapshot';

/**
 * How long the build waits for one answer (ms): longer than a visitor's
 * REQUEST_TIMEOUT_MS, since nobody watches a spinner, yet a build whose API
 * hangs still ends within a minute.
 */
export const BUILD_PLANS_TIMEOUT_MS = 15_000;
/** Calls made before the build gives up: a second one rides out a dropped connection or a restarting API. */
export const BUILD_PLANS_ATTEMPTS = 2;
/** The pause before the second call (ms). */
export const BUILD_PLANS_RETRY_DELAY_MS = 2_000;

/** The variable that says where the payments API is, named in every message. */
export const PAYMENTS_API_VARIABLE = 'GATSBY_PAYMENTS_API_URL';

export interface BuildPlansOptions {
  /** The payments API's address (GATSBY_PAYMENTS_API_URL). */
  apiUrl: string;
  apiKey: string;
  timeoutMs?: number;
  attempts?: number;
  retryDelayMs?: number;
  /** For tests: the global fetch, the clock and the pause otherwise. */
  fetchImpl?: typeof fetch;
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
}

export interface BuildPlans {
  snapshot: PlansSnapshot;
  /** What the page leaves out of the answer, and why: the build prints it. */
  dropped: string[];
}

/** Why the build has no plans: the message names the variable, the address and what went wrong. */
export class BuildPlansError extends Error {
  constructor(apiUrl: string, reason: string) {
    super(`The payments API at ${apiUrl} (${PAYMENTS_API_VARIABLE}) gave the build no plans: ${reason}`);
    this.name = 'BuildPlansError';
  }
}

/** Worth a second call: no answer in time, no connection, or the server's own error. */
const passing = (error: unknown) => error instanceof ApiError && (error.kind === 'timeout' || error.kind === 'network' || (error.kind === 'status' && (error.status ?? 0) >= 500));

function reasonOf(error: unknown): string {
  if (error instanceof ApiError && error.kind === 'status' && error.status !== undefined && error.status >= 300 && error.status < 400) {
    return `${error.message} (a redirect: the build follows none, so set ${PAYMENTS_API_VARIABLE} to the address that answers)`;
  }
  return (error as Error).message;
}

/** Fetches the plans for the build; throws a BuildPlansError when there are none to show. */
export async function fetchBuildPlans(options: BuildPlansOptions): Promise<BuildPlans> {
  const { apiUrl, apiKey, attempts = BUILD_PLANS_ATTEMPTS, now = () => new Date() } = options;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let data: unknown;
  for (let attempt = 1; ; attempt += 1) {
    try {
      data = await requestJson(`${apiUrl.replace(/\/+$/, '')}${AVAILABLE_PLANS_PATH}`, {
        headers: { [API_KEY_HEADER]: apiKey },
        maxBytes: PLANS_ANSWER_MAX_BYTES,
        timeoutMs: options.timeoutMs ?? BUILD_PLANS_TIMEOUT_MS,
        redirect: 'manual',
        fetchImpl: options.fetchImpl,
        cookies: '',
      });
      break;
    } catch (error) {
      if (attempt >= attempts || !passing(error)) throw new BuildPlansError(apiUrl, `${reasonOf(error)}${attempt > 1 ? ` (${attempt} calls)` : ''}`);
      await sleep(options.retryDelayMs ?? BUILD_PLANS_RETRY_DELAY_MS);
    }
  }
  const fetchedAt = now().toISOString();
  let parsed: ReturnType<typeof parsePlans>;
  try {
    parsed = parsePlans(data);
  } catch (error) {
    if (error instanceof PlansFormatError) throw new BuildPlansError(apiUrl, error.message);
    throw error;
  }
  if (!PERIODS.some((period) => plansForPeriod(parsed.plans, period).length > 0)) {
    const refused = parsed.rejected.length > 0 ? `; refused: ${parsed.rejected.join('; ')}` : '';
    throw new BuildPlansError(apiUrl, `the answer holds no plan of any billing period (${PERIODS.join(', ')})${refused}`);
  }
  const plans = shownPlans(parsed.plans);
  return { snapshot: { fetchedAt, plans }, dropped: [...parsed.rejected, ...plansOverCap(parsed.plans)] };
}
