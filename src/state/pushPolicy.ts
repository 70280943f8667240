import { backoffDelay } from './backoff.ts';
import type { MqttEnd } from '../api/mqtt/mqttClient.ts';
import type { Chat21Token } from '../api/wire.ts';

/**
 * When to try the Chat21 push channel again, and when to leave it to polling (issue 24 §2, §4), as
 * a pure rule: the client feeds it what happened and does what it says. Polling at the usual pace
 * carries the conversation whenever push is not up, so none of this can lose a message.
 *
 * - The token call refused (400/404: no Chat21 here; 401/403: not for this visitor), or a token the
 *   widget cannot use: polling, and the socket is tried again in an hour.
 * - A 1002 close (a bad or expired token, or a subscription refused): a new token at once; a second
 *   one in a row: polling for an hour.
 * - A first connection (of the page, or after such an hour) not made within 10 s, whether one
 *   attempt hangs or several fail fast: polling for an hour. A broker that breaks the protocol too.
 * - A live connection lost (a broker restart, a network change): reconnect after a backoff of
 *   1–2 s, 2–4 s, … up to 15–30 s (half of it random, so a crowd of widgets spreads out), for up to
 *   5 minutes; then polling for an hour. The token call failing on its way (network, 5xx, 429)
 *   is retried the same way, within the window of its run.
 */

export const PAUSE_MS = 60 * 60 * 1000;
export const CONNECT_WITHIN_MS = 10_000;
export const RECONNECT_WITHIN_MS = 5 * 60 * 1000;
/** A token is renewed this long before its `exp`. */
export const RENEW_BEFORE_MS = 24 * 60 * 60 * 1000;

export interface PushPolicyState {
  /** 1002 closes in a row since the channel was last up */
  refusals: number;
  /** failed tries in this run (the backoff grows with them) */
  failures: number;
  /** when this run of tries began (ms since epoch); null while up, and before the first try */
  tryingSince: number | null;
  /** this run began with a live connection lost (a reconnect), not with a first connection */
  reconnecting: boolean;
}

export const INITIAL_PUSH_STATE: PushPolicyState = { refusals: 0, failures: 0, tryingSince: null, reconnecting: false };

export type PushOutcome =
  /** a try begins: the token call, or the socket when the token is at hand */
  | { type: 'try' }
  /** the token call answered a refusal (its HTTP status) */
  | { type: 'token-refused'; status: number }
  /** the token call did not answer (network, timeout) */
  | { type: 'token-failed' }
  /** the token call answered 2xx, but no token the widget can use (normalizeChat21Token: null) */
  | { type: 'token-unusable' }
  /** connected and subscribed */
  | { type: 'up' }
  /** the connection ended (src/api/mqtt/mqttClient.ts) */
  | { type: 'end'; end: MqttEnd };

export type PushStep =
  /** nothing to do now (a try is under way, or the channel is up) */
  | { do: 'wait' }
  /** try (again) in `afterMs`; `renewToken`: fetch a new token first */
  | { do: 'connect'; afterMs: number; renewToken: boolean }
  /** leave it to polling; the socket may be tried again at `retryAt` (ms since epoch) */
  | { do: 'poll'; retryAt: number };

type Decision = { state: PushPolicyState; step: PushStep };

/** The token call's statuses that mean "no push for this visitor here". */
const REFUSING_STATUSES = [400, 401, 403, 404];

function pause(now: number): Decision {
  return { state: INITIAL_PUSH_STATE, step: { do: 'poll', retryAt: now + PAUSE_MS } };
}

/** Another try after the backoff, unless it would come after the run's window. */
function retry(state: PushPolicyState, now: number, random: () => number): Decision {
  const failures = state.failures + 1;
  const afterMs = backoffDelay(failures, { baseMs: 2000, capMs: 30_000, random });
  const since = state.tryingSince ?? now;
  if (now + afterMs - since >= (state.reconnecting ? RECONNECT_WITHIN_MS : CONNECT_WITHIN_MS)) return pause(now);
  return { state: { ...state, failures, tryingSince: since }, step: { do: 'connect', afterMs, renewToken: false } };
}

export function nextPushStep(state: PushPolicyState, outcome: PushOutcome, now: number, random: () => number = Math.random): Decision {
  switch (outcome.type) {
    case 'try':
      return { state: { ...state, tryingSince: state.tryingSince ?? now }, step: { do: 'wait' } };
    case 'up':
      return { state: INITIAL_PUSH_STATE, step: { do: 'wait' } };
    case 'token-refused':
      return REFUSING_STATUSES.includes(outcome.status) ? pause(now) : retry(state, now, random);
    case 'token-unusable':
      return pause(now);
    case 'token-failed':
      return retry(state, now, random);
    case 'end': {
      const { reason, wasUp } = outcome.end;
      if (reason === 'malformed') return pause(now);
      if (reason === 'refused') {
        const refusals = state.refusals + 1;
        if (refusals >= 2) return pause(now);
        return { state: { ...state, refusals, tryingSince: state.tryingSince ?? now }, step: { do: 'connect', afterMs: 0, renewToken: true } };
      }
      // A live connection lost: a new run of tries, a reconnect.
      if (wasUp) return retry({ ...INITIAL_PUSH_STATE, tryingSince: now, reconnecting: true }, now, random);
      // A first connection that hangs: the endpoint does not answer like a broker.
      if (reason === 'timeout' && !state.reconnecting) return pause(now);
      return retry(state, now, random);
    }
  }
}

/** The token must be renewed before connecting: it expires within a day (or has expired). */
export function tokenDue(token: Chat21Token, now: number): boolean {
  return token.expiresAt !== undefined && token.expiresAt - RENEW_BEFORE_MS <= now;
}
