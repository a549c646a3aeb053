/**
 * Switchable failures, so browser tests can drive every error path of the
 * site against a real HTTP server. `POST /__sandbox/fault` with
 * `{ target, kind, status?, delayMs? }` switches one on for a target (until
 * `POST /__sandbox/reset`):
 *
 * - `status`: answers `status` (400-599, default 500) with a JSON error;
 * - `slow`: waits `delayMs` (0 to MAX_DELAY_MS, default 20 s, past the
 *   site's timeouts), then answers normally;
 * - `hold`: answers nothing until `POST /__sandbox/release`, then answers
 *   normally, so a test decides when an answer comes, not the machine's
 *   speed against a delay;
 * - `malformed`: answers 200 with JSON cut off halfway;
 * - `empty`: plans answers `[]` (contact answers normally);
 * - `invalid-plans`: plans mixes broken entries in (see damagedPlans);
 * - `unauthorized`: answers 401, as for a wrong apiKey;
 * - `cors`: every answer for the target, preflight included, lacks the CORS
 *   headers, so a browser refuses it (it stops at the preflight and never
 *   sends the request); a client that skips the preflight gets the normal
 *   answer without the headers;
 * - `reset`: the connection is dropped (socket destroyed) without an
 *   answer, after the preflight; a contact message is not recorded.
 *
 * A reset drops every request still waiting (slow or held) at once.
 */
export const FAULT_KINDS = ['status', 'slow', 'hold', 'malformed', 'empty', 'invalid-plans', 'unauthorized', 'cors', 'reset'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];
export const FAULT_TARGETS = ['plans', 'contact'] as const;
export type FaultTarget = (typeof FAULT_TARGETS)[number];

export interface Fault {
  kind: FaultKind;
  /** For 'status': the HTTP status to answer with (default 500). */
  status: number;
  /** For 'slow': how long to wait before answering normally (default 20 s, past the site's timeouts). */
  delayMs: number;
}

export const DEFAULT_SLOW_MS = 20_000;
/**
 * The longest 'slow' delay: a minute is far past every timeout of the site
 * and of the tests. Larger values are refused: setTimeout takes at most
 * 2^31 - 1 ms and fires at once above that, which would turn 'slow' into fast.
 */
export const MAX_DELAY_MS = 60_000;

/** Reads a fault from a control request's JSON body; a string explains what is wrong. */
export function parseFault(body: unknown): { target: FaultTarget; fault: Fault } | string {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'expected a JSON object';
  const { target, kind, status, delayMs } = body as Record<string, unknown>;
  if (!FAULT_TARGETS.includes(target as FaultTarget)) return `"target" must be one of ${FAULT_TARGETS.join(', ')}`;
  if (!FAULT_KINDS.includes(kind as FaultKind)) return `"kind" must be one of ${FAULT_KINDS.join(', ')}`;
  if (status !== undefined && !(Number.isInteger(status) && (status as number) >= 400 && (status as number) <= 599)) {
    return '"status" must be an HTTP error status (400-599)';
  }
  if (delayMs !== undefined && !(Number.isInteger(delayMs) && (delayMs as number) >= 0 && (delayMs as number) <= MAX_DELAY_MS)) {
    return `"delayMs" must be a whole number of milliseconds from 0 to ${MAX_DELAY_MS}`;
  }
  return {
    target: target as FaultTarget,
    fault: {
      kind: kind as FaultKind,
      status: (status as number | undefined) ?? 500,
      delayMs: (delayMs as number | undefined) ?? DEFAULT_SLOW_MS,
    },
  };
}

/**
 * Plans with broken entries mixed in: what the site must survive. The
 * valid ones stay, so the page can show them and drop the rest.
 */
export function damagedPlans(plans: readonly Record<string, unknown>[]): unknown[] {
  const [first, second, third, ...rest] = plans;
  return [
    { ...first, amount: 'twenty-nine' },
    (({ type: _type, ...withoutType }) => withoutType)(second),
    { ...third, currency: 42 },
    null,
    'plan',
    { ...rest[0], id: undefined },
    ...rest.slice(1),
  ];
}
