import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../api/http.ts';
import type { OutboxItem } from './chatMessage.ts';
import { dueAt, failureOf, MAX_AUTO_ATTEMPTS, SETTLE_MS } from './delivery.ts';

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
  it('makes a 4xx final, with no doubt left about delivery', () => {
    expect(failureOf(item(), new ApiError(422, {}, null), ctx)).toEqual({ attempts: 1, state: 'failed', retryable: false, maybeDelivered: false, error: 'HTTP 422' });
  });
  it('retries 429 and 503 after Retry-After, knowing nothing was stored', () => {
    expect(failureOf(item(), new ApiError(429, {}, 7), ctx)).toMatchObject({ state: 'sending', maybeDelivered: false, notBefore: 17_000 });
    expect(failureOf(item(), new ApiError(503, 'Service Unavailable', null), ctx)).toMatchObject({ state: 'sending', maybeDelivered: false, notBefore: 10_500 });
  });
  it('keeps the doubt after a 500 or a dropped connection, not when offline', () => {
    expect(failureOf(item(), new ApiError(500, { err: 'error' }, null), ctx)).toMatchObject({ maybeDelivered: true, retryable: true });
    expect(failureOf(item(), new NetworkError(new TypeError('x'), false), ctx)).toMatchObject({ maybeDelivered: true });
    expect(failureOf(item(), new NetworkError(new TypeError('x'), false), { ...ctx, online: false })).toMatchObject({ maybeDelivered: false });
  });
  it(`shows the message as failed (still retryable) after ${MAX_AUTO_ATTEMPTS} attempts`, () => {
    expect(failureOf(item({ attempts: MAX_AUTO_ATTEMPTS - 1 }), new NetworkError(null, true), ctx)).toMatchObject({ state: 'failed', retryable: true });
  });
});

describe('dueAt', () => {
  it('waits SETTLE_MS after an attempt that may have reached the service', () => {
    expect(dueAt(item({ maybeDelivered: false, notBefore: 1000 }))).toBe(1000);
    expect(dueAt(item({ notBefore: 1000 }))).toBe(900 + SETTLE_MS);
    expect(dueAt(item({ notBefore: 1000 }), 0)).toBe(1000);
  });
});
