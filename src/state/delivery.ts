import { ApiError, NetworkError } from '../api/http.ts';
import type { OutboxItem } from './chatMessage.ts';
import { retryDelay } from './retryDelay.ts';

/**
 * The rules of delivering a visitor's message exactly once: what a failed attempt means for the
 * next one, and when that next one may happen.
 */

/** After this many automatic attempts a message shows as failed; the visitor (or `online`) retries it. */
export const MAX_AUTO_ATTEMPTS = 6;

/**
 * An attempt whose fate is unknown (the page reloaded, the connection dropped) may still be on its
 * way through the service: its history is checked only this long after the attempt began, so a
 * slow first POST is not followed by a second one.
 */
export const SETTLE_MS = 8000;

/** When an outbox item may be tried next. */
export function dueAt(item: OutboxItem, settleMs = SETTLE_MS): number {
  return Math.max(item.notBefore, item.maybeDelivered && item.attemptedAt ? item.attemptedAt + settleMs : 0);
}

/**
 * What a failed attempt changes on the outbox item. A 4xx (other than 429) is final: the visitor
 * decides (Retry or Delete). Anything else is retried with backoff, and `maybeDelivered` stays set
 * only while the message may really have been stored (not after a refusal, not when offline).
 */
export function failureOf(item: OutboxItem, error: unknown, context: { now: number; random?: () => number; online: boolean }): Partial<OutboxItem> {
  const attempts = item.attempts + 1;
  let retryAfter: number | null = null;
  let maybeDelivered = true;
  if (error instanceof ApiError) {
    const transient = error.status === 429 || error.status === 503 || error.status >= 500;
    // A 4xx, 429 or 503 is the service refusing before it stored anything.
    if (!transient) return { attempts, state: 'failed', retryable: false, maybeDelivered: false, error: `HTTP ${error.status}` };
    retryAfter = error.retryAfterSeconds;
    if (error.status === 429 || error.status === 503) maybeDelivered = false;
  } else if (error instanceof NetworkError) {
    // Offline, the request never left.
    if (!context.online) maybeDelivered = false;
  } else {
    return { attempts, state: 'failed', retryable: false, error: String(error) };
  }
  const state = attempts >= MAX_AUTO_ATTEMPTS ? 'failed' : 'sending';
  return { attempts, maybeDelivered, state, retryable: true, notBefore: context.now + retryDelay(attempts, retryAfter, context.random), error: String(error) };
}
