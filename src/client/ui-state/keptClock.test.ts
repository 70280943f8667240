import { afterEach, describe, expect, it, vi } from 'vitest';
import { clockNamesOf } from '../../state/clockNames.ts';
import { createMemoryStore } from '../platform/storage.ts';
import { keptClock } from './keptClock.ts';

const NOW = new Date(2026, 10, 29, 12, 0).getTime();
const TEN_PAST_TWO = new Date(2026, 10, 29, 14, 10).getTime();

/** Idle moments that come when the test says. */
function idleMoments() {
  const waiting: Array<() => void> = [];
  return { atIdle: (task: () => void) => void waiting.push(task), idle: () => waiting.splice(0).forEach((task) => task()) };
}

const RealDateTimeFormat = Intl.DateTimeFormat;

/** Counts the date formats Intl makes from here on. */
function countIntl() {
  let made = 0;
  const counting = new Proxy(RealDateTimeFormat, {
    construct: (target, args: ConstructorParameters<typeof RealDateTimeFormat>) => (made++, new target(...args)),
  });
  Object.defineProperty(Intl, 'DateTimeFormat', { value: counting, configurable: true, writable: true });
  return () => made;
}

afterEach(() => Object.defineProperty(Intl, 'DateTimeFormat', { value: RealDateTimeFormat, configurable: true, writable: true }));

describe('the clock of a language (ChatState.clock)', () => {
  it('with names kept on this device, writes times and days without Intl', async () => {
    const store = createMemoryStore();
    await store.set('clock:en', clockNamesOf('en', NOW));
    const { atIdle } = idleMoments();
    const intl = countIntl();
    const clock = await keptClock({ lang: 'en', today: 'today', store, atIdle, now: () => NOW });
    expect(clock.time(TEN_PAST_TWO)).toMatch(/^2:10\sPM$/);
    expect(clock.day(TEN_PAST_TWO, NOW)).toBe('Today');
    expect(intl()).toBe(0);
  });

  it('with none, is Intl’s, and keeps the names at the next idle moment for the next page view', async () => {
    const store = createMemoryStore();
    const { atIdle, idle } = idleMoments();
    const clock = await keptClock({ lang: 'de', today: 'heute', store, atIdle, now: () => NOW });
    expect(clock.time(TEN_PAST_TWO)).toBe('14:10');
    expect(await store.get('clock:de')).toBeUndefined();
    idle();
    await vi.waitFor(async () => expect(await store.get('clock:de')).toMatchObject({ made: NOW, hourCycle: 'h23' }));
  });

  it('kept names that are stale or not names (storage is the page’s) are not used: Intl’s, and made again', async () => {
    for (const kept of [{ ...clockNamesOf('en', NOW - 8 * 86_400_000) }, { made: NOW, time: ['<b>'] }, 'names']) {
      const store = createMemoryStore();
      await store.set('clock:en', kept);
      const { atIdle, idle } = idleMoments();
      const intl = countIntl();
      const clock = await keptClock({ lang: 'en', today: 'today', store, atIdle, now: () => NOW });
      expect(clock.time(TEN_PAST_TWO)).toMatch(/^2:10\sPM$/);
      expect(intl()).toBeGreaterThan(0);
      idle();
      await vi.waitFor(async () => expect(await store.get('clock:en')).toMatchObject({ made: NOW }));
    }
  });

  it('a store that refuses: Intl’s every time, nothing thrown', async () => {
    const refusing = { get: () => Promise.reject(new Error('denied')), set: () => Promise.reject(new Error('denied')), del: () => Promise.resolve() };
    const { atIdle, idle } = idleMoments();
    const clock = await keptClock({ lang: 'en', today: 'today', store: refusing, atIdle, now: () => NOW });
    expect(clock.day(TEN_PAST_TWO, NOW)).toBe('Today');
    expect(() => idle()).not.toThrow();
  });
});
