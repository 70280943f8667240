import { describe, expect, it } from 'vitest';
import { backoffDelay, reconnectDelay } from './backoff.ts';

describe('backoffDelay', () => {
  it('doubles from the base, half fixed and half random, capped', () => {
    const opts = { baseMs: 1000, capMs: 60_000 };
    expect([1, 2, 3, 7, 8, 50].map((n) => backoffDelay(n, { ...opts, random: () => 1 }))).toEqual([1000, 2000, 4000, 60_000, 60_000, 60_000]);
    expect([1, 2, 3, 7, 50].map((n) => backoffDelay(n, { ...opts, random: () => 0 }))).toEqual([500, 1000, 2000, 30_000, 30_000]);
    expect(backoffDelay(0, { ...opts, random: () => 1 })).toBe(1000);
  });
});

describe('reconnectDelay', () => {
  it('grows exponentially up to 1 s, 2 s, 4 s …, with jitter, capped at 60 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 50].map((drops) => reconnectDelay(drops, () => 1))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000, 60_000,
    ]);
    expect(reconnectDelay(1, () => 0)).toBe(500);
    expect(reconnectDelay(50, () => 0)).toBe(30_000);
  });
});
