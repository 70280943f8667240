/**
 * What a failed attempt to deliver a visitor's message means for the next one (docs/delivery.md):
 * rules only, which the delivery engine (outbox.ts) applies. Part of the first open, as the engine
 * is: a failure is decided at once, never after a download (which the same network trouble may stop).
 */
import { ApiError, NetworkError } from '../../api/http.ts';
import { parseRetryAfter } from '../../api/retryAfter.ts';
import type { OutboxItem } from '../../state/chatMessage.ts';
import { REASONS, type DeliveryReason } from '../../state/delivery.ts';
import type { WidgetErrorDetail } from '../platform/events.ts';
import { retryDelay } from '../../state/retryDelay.ts';
import { SessionRefusedError } from '../session/sessionRefusedError.ts';

/** A message that cannot be sent as it is (found before any attempt, outbox.ts). */
export class UndeliverableError extends Error {
  constructor(readonly reason: DeliveryReason) {
    super(`undeliverable: ${reason}`);
    this.name = 'UndeliverableError';
  }
}

/** After this many automatic attempts a message shows as failed; the visitor (or `online`) retries it. */
export const MAX_AUTO_ATTEMPTS = 6;

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
    retryAfter = parseRetryAfter(error.retryAfter, context.now);
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

/**
 * What the page hears of a failed attempt: at once at its first (the visitor's send or Retry), then
 * only when it is final ("Not sent"), never at each retry. `patch`: what `failureOf` made of it.
 */
export function failureReport(item: OutboxItem, error: unknown, patch: Partial<OutboxItem>): WidgetErrorDetail | null {
  const retrying = patch.state !== 'failed';
  if (retrying && item.attempts) return null;
  return {
    type: 'send',
    tempUID: item.tempUID,
    reason: patch.reason ?? REASONS.unreachable,
    ...(error instanceof ApiError ? { status: error.status } : {}),
    ...(retrying ? { retrying } : {}),
    message: patch.error ?? '',
  };
}

/** `item` of a conversation the service takes no more in, moved to the new one `to`: what opened the old one does not open it. */
export const movedTo = (item: OutboxItem, to: string): OutboxItem => ({
  ...item,
  requestId: to,
  state: 'sending',
  attempts: 0,
  notBefore: 0,
  maybeDelivered: false,
  opening: undefined,
});
