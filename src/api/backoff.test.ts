import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff.ts';

describe('backoffDelay', () => {
  it('doubles from the base, half fixed and half random, capped', () => {
    const opts = { baseMs: 1000, capMs: 60_000 };
    expect([1, 2, 3, 7, 8, 50].map((n) => backoffDelay(n, { ...opts, random: () => 1 }))).toEqual([1000, 2000, 4000, 60_000, 60_000, 60_000]);
    expect([1, 2, 3, 7, 50].map((n) => backoffDelay(n, { ...opts, random: () => 0 }))).toEqual([500, 1000, 2000, 30_000, 30_000]);
    expect(backoffDelay(0, { ...opts, random: () => 1 })).toBe(1000);
  });
});
