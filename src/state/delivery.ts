import { ApiError, NetworkError } from '../api/http.ts';
import type { OutboxItem } from './chatMessage.ts';
import { retryDelay } from './retryDelay.ts';
import { SessionRefusedError } from './session.ts';

/**
 * The rules of delivering a visitor's message exactly once: what a failed attempt means for the
 * next one, when that next one may happen, and which message goes next.
 */

/** After this many automatic attempts a message shows as failed; the visitor (or `online`) retries it. */
export const MAX_AUTO_ATTEMPTS = 6;

/**
 * An attempt whose fate is unknown (the page reloaded, the connection dropped) may still be on its
 * way through the service: its history is checked only this long after the attempt began, so a
 * slow first POST is not followed by a second one.
 */
export const SETTLE_MS = 8000;

/**
 * Messages keep their order while the one ahead is in its first attempts (a second or three):
 * after that, the ones behind it go on without it, so one message's trouble never holds back the
 * others, and a failed one never does.
 */
export const HOLD_ATTEMPTS = 3;

/** The service's JSON body limit (docs/service.md §0): a bigger POST can only be refused. */
export const SERVICE_BODY_LIMIT = 512_000;

/** Why a message was not sent, as the visitor reads it (label keys). */
export const REASONS = {
  tooLarge: 'MESSAGE_TOO_LARGE',
  refused: 'MESSAGE_REFUSED',
  sessionRefused: 'MESSAGE_SESSION_REFUSED',
  unreachable: 'MESSAGE_UNREACHABLE',
} as const;

/** Why a message was not sent, as the label key that words it for the visitor. */
export type DeliveryReason = (typeof REASONS)[keyof typeof REASONS];

export const isDeliveryReason = (value: unknown): value is DeliveryReason => (Object.values(REASONS) as unknown[]).includes(value);

/** A message that cannot be sent as it is (found before any attempt). */
export class UndeliverableError extends Error {
  constructor(readonly reason: DeliveryReason) {
    super(`undeliverable: ${reason}`);
    this.name = 'UndeliverableError';
  }
}

/** When an outbox item may be tried next. */
export function dueAt(item: OutboxItem, settleMs = SETTLE_MS): number {
  return Math.max(item.notBefore, item.maybeDelivered && item.attemptedAt ? item.attemptedAt + settleMs : 0);
}

/** Does this item keep the ones after it waiting? (see HOLD_ATTEMPTS) */
export function holdsBack(item: OutboxItem): boolean {
  return item.state === 'sending' && item.attempts < HOLD_ATTEMPTS;
}

/** The next item to try now: the first due one, unless an earlier one still holds it back. */
export function nextToSend(items: readonly OutboxItem[], now: number, due: (item: OutboxItem) => number = dueAt): OutboxItem | undefined {
  for (const item of items) {
    if (item.state !== 'sending') continue;
    if (due(item) <= now) return item;
    if (holdsBack(item)) return undefined;
  }
  return undefined;
}

/** The service answers again: messages that failed for a passing reason go once more, by themselves. */
export function retryOnceRecovered(item: OutboxItem): OutboxItem {
  if (item.state !== 'failed' || !item.retryable || item.autoRetried) return item;
  return { ...item, state: 'sending', attempts: 0, notBefore: 0, autoRetried: true };
}

/** A transient answer: the service may take the same message later. */
const isTransient = (status: number) => status === 408 || status === 429 || status >= 500;

/**
 * What a failed attempt changes on the outbox item. A definite refusal (413, 422, any other 4xx
 * but 408/429; the credential refusals never get here, see session.ts) is final at once, with its
 * reason: the same message would be refused again. Anything else is retried with backoff, and
 * `maybeDelivered` stays set only while the message may really have been stored (not after a
 * refusal, not when offline).
 */
export function failureOf(item: OutboxItem, error: unknown, context: { now: number; random?: () => number; online: boolean }): Partial<OutboxItem> {
  const attempts = item.attempts + 1;
  let retryAfter: number | null = null;
  let maybeDelivered = true;
  if (error instanceof SessionRefusedError) {
    // Even a fresh guest was refused: calls stopped, the visitor's Retry tries once more.
    return { attempts, state: 'failed', retryable: true, reason: REASONS.sessionRefused, error: String(error) };
  }
  if (error instanceof UndeliverableError)
    return { attempts, state: 'failed', retryable: false, maybeDelivered: false, reason: error.reason, error: error.message };
  if (error instanceof ApiError) {
    // A 4xx, 429 or 503 is the service refusing before it stored anything.
    if (!isTransient(error.status)) {
      return {
        attempts,
        state: 'failed',
        retryable: false,
        maybeDelivered: false,
        reason: error.status === 413 ? REASONS.tooLarge : REASONS.refused,
        error: `HTTP ${error.status}`,
      };
    }
    retryAfter = error.retryAfterSeconds;
    if (error.status === 429 || error.status === 503) maybeDelivered = false;
  } else if (error instanceof NetworkError) {
    // Offline, the request never left.
    if (!context.online) maybeDelivered = false;
  } else {
    // Our own failure, not the service's answer: no reason to give the visitor but "Not sent".
    return { attempts, state: 'failed', retryable: false, error: String(error) };
  }
  const state = attempts >= MAX_AUTO_ATTEMPTS ? 'failed' : 'sending';
  return {
    attempts,
    maybeDelivered,
    state,
    retryable: true,
    ...(state === 'failed' ? { reason: REASONS.unreachable } : {}),
    notBefore: context.now + retryDelay(attempts, retryAfter, context.random),
    error: String(error),
  };
}

/** The POST body's size as the service counts it (UTF-8 JSON). */
export function bodyBytes(body: unknown): number {
  return new TextEncoder().encode(JSON.stringify(body)).length;
}

/**
 * The service refused to add to this conversation (a request of the form channel: "You don't
 * belong the conversation", docs/service.md §6), typically after a fresh sign-in: the messages
 * go to a new conversation instead.
 */
export function isConversationRefusal(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 403) return false;
  const body = error.body as { err?: unknown } | null;
  return typeof body?.err === 'string' && /belong the conversation/i.test(body.err);
}
