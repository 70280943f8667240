import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../api/http.ts';
import type { OutboxItem } from './chatMessage.ts';
import { dueAt, HOLD_ATTEMPTS, nextToSend, REASONS, retryOnceRecovered, SETTLE_MS } from './delivery.ts';
import { failureOf, isConversationRefusal, MAX_AUTO_ATTEMPTS, UndeliverableError } from '../client/delivery/deliveryFailure.ts';
import { SessionRefusedError } from '../client/session/sessionRefusedError.ts';

const item = (over: Partial<OutboxItem> = {}): OutboxItem => ({
  tempUID: 't',
  requestId: 'r',
  text: 'x',
  type: 'text',
  attributes: {},
  createdAt: 0,
  attempts: 0,
  state: 'sending',
  maybeDelivered: true,
  notBefore: 0,
  attemptedAt: 900,
  ...over,
});
const ctx = { now: 10_000, random: () => 0, online: true };

describe('failureOf', () => {
  it('makes a 4xx final at once, with its reason and no doubt left about delivery', () => {
    expect(failureOf(item(), new ApiError(422, {}, null), ctx)).toEqual({
      attempts: 1,
      state: 'failed',
      retryable: false,
      maybeDelivered: false,
      reason: REASONS.refused,
      error: 'HTTP 422',
    });
    expect(failureOf(item(), new ApiError(413, { err: 'Request entity too large', limit: 512000 }, null), ctx)).toMatchObject({
      state: 'failed',
      retryable: false,
      reason: REASONS.tooLarge,
    });
    expect(failureOf(item(), new ApiError(404, 'Cannot POST', null), ctx)).toMatchObject({ state: 'failed', retryable: false, reason: REASONS.refused });
    expect(failureOf(item(), new UndeliverableError(REASONS.tooLarge), ctx)).toMatchObject({
      attempts: 1,
      state: 'failed',
      retryable: false,
      maybeDelivered: false,
      reason: REASONS.tooLarge,
    });
  });
  it('retries a 408 like a timeout', () => {
    expect(failureOf(item(), new ApiError(408, 'Request Timeout', null), ctx)).toMatchObject({ state: 'sending', retryable: true });
  });
  it('shows a session the service keeps refusing as failed, retryable by the visitor', () => {
    expect(failureOf(item(), new SessionRefusedError(403), ctx)).toMatchObject({ state: 'failed', retryable: true, reason: REASONS.sessionRefused });
  });
  it('retries 429 and 503 after Retry-After, knowing nothing was stored', () => {
    expect(failureOf(item(), new ApiError(429, {}, '7'), ctx)).toMatchObject({ state: 'sending', maybeDelivered: false, notBefore: 17_000 });
    expect(failureOf(item(), new ApiError(503, 'Service Unavailable', null), ctx)).toMatchObject({
      state: 'sending',
      maybeDelivered: false,
      notBefore: 10_500,
    });
  });
  it('keeps the doubt after a 500 or a dropped connection, not when offline', () => {
    expect(failureOf(item(), new ApiError(500, { err: 'error' }, null), ctx)).toMatchObject({ maybeDelivered: true, retryable: true });
    expect(failureOf(item(), new NetworkError(new TypeError('x'), false), ctx)).toMatchObject({ maybeDelivered: true });
    expect(failureOf(item(), new NetworkError(new TypeError('x'), false), { ...ctx, online: false })).toMatchObject({ maybeDelivered: false });
  });
  it(`shows the message as failed (still retryable) after ${MAX_AUTO_ATTEMPTS} attempts`, () => {
    expect(failureOf(item({ attempts: MAX_AUTO_ATTEMPTS - 1 }), new NetworkError(null, true), ctx)).toMatchObject({
      state: 'failed',
      retryable: true,
      reason: REASONS.unreachable,
    });
  });
});

describe('dueAt', () => {
  it('waits SETTLE_MS after an attempt that may have reached the service', () => {
    expect(dueAt(item({ maybeDelivered: false, notBefore: 1000 }))).toBe(1000);
    expect(dueAt(item({ notBefore: 1000 }))).toBe(900 + SETTLE_MS);
    expect(dueAt(item({ notBefore: 1000 }), 0)).toBe(1000);
  });
});

describe('nextToSend: no message holds the others back for long', () => {
  const at = (tempUID: string, over: Partial<OutboxItem> = {}) => item({ tempUID, maybeDelivered: false, attemptedAt: undefined, ...over });
  it('sends in order', () => {
    expect(nextToSend([at('a'), at('b')], 0)?.tempUID).toBe('a');
  });
  it(`keeps the order while the first one is in its first ${HOLD_ATTEMPTS} attempts`, () => {
    expect(nextToSend([at('a', { attempts: HOLD_ATTEMPTS - 1, notBefore: 5000 }), at('b')], 1000)).toBeUndefined();
  });
  it('lets the others go past one that keeps failing, or has failed', () => {
    expect(nextToSend([at('a', { attempts: HOLD_ATTEMPTS, notBefore: 5000 }), at('b')], 1000)?.tempUID).toBe('b');
    expect(nextToSend([at('a', { state: 'failed', attempts: 1 }), at('b')], 1000)?.tempUID).toBe('b');
  });
  it('sends nothing before it is due', () => {
    expect(nextToSend([at('a', { attempts: HOLD_ATTEMPTS, notBefore: 5000 })], 1000)).toBeUndefined();
  });
});

describe('retryOnceRecovered', () => {
  it('sends a retryable failure once more, once', () => {
    const failed = item({ state: 'failed', retryable: true, attempts: MAX_AUTO_ATTEMPTS, notBefore: 99_000 });
    const again = retryOnceRecovered(failed);
    expect(again).toMatchObject({ state: 'sending', attempts: 0, notBefore: 0, autoRetried: true });
    const failedAgain = { ...again, state: 'failed' as const };
    expect(retryOnceRecovered(failedAgain)).toBe(failedAgain);
  });
  it('leaves definite refusals and pending messages alone', () => {
    const refused = item({ state: 'failed', retryable: false });
    expect(retryOnceRecovered(refused)).toBe(refused);
    const pending = item();
    expect(retryOnceRecovered(pending)).toBe(pending);
  });
});

describe('isConversationRefusal', () => {
  it("knows the reference's refusal to add to someone else's conversation", () => {
    expect(
      isConversationRefusal(new ApiError(403, { success: false, message: 'Error creating message', err: "You don't belong the conversation" }, null)),
    ).toBe(true);
    expect(isConversationRefusal(new ApiError(403, { success: false, msg: 'you dont belong to the project.' }, null))).toBe(false);
    expect(isConversationRefusal(new ApiError(500, { err: "You don't belong the conversation" }, null))).toBe(false);
  });
});
