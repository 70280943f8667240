import { describe, expect, it } from 'vitest';
import { clockNamesOf, isFreshClockNames, namedClock } from './clockNames.ts';
import { intlClock } from './intlClock.ts';

const NOW = new Date(2026, 10, 29, 12, 0).getTime();
/** Every hour with odd minutes, and days over two years: what a conversation's times and separators may be. */
const SAMPLES = [
  ...Array.from({ length: 24 * 3 }, (_, i) => new Date(2025, 6, 14, Math.floor(i / 3), [1, 9, 45][i % 3]).getTime()),
  ...Array.from({ length: 120 }, (_, d) => new Date(2025, 0, 1 + d * 6, 8, 30).getTime()),
];

describe('a clock from kept names', () => {
  it.each(['en', 'en-GB', 'de', 'fr', 'it', 'es', 'pt-BR', 'nl', 'ru', 'pl', 'ar', 'he', 'ja', 'zh', 'ko', 'hi', 'tr', 'el', 'uk'])(
    '%s: writes every time and day as Intl does, "today" included',
    (lang) => {
      const names = clockNamesOf(lang, NOW);
      expect(names).not.toBeNull();
      const named = namedClock(names!, lang, 'today');
      const intl = intlClock(lang, 'today');
      for (const ms of [...SAMPLES, NOW - 3_600_000]) {
        expect(named.time(ms)).toBe(intl.time(ms));
        expect(named.day(ms, NOW)).toBe(intl.day(ms, NOW));
      }
      expect(named.time(0)).toBe('');
    },
  );

  it('is not made for a clock no pattern of these names writes (another calendar): Intl stays', () => {
    expect(clockNamesOf('fa', NOW)).toBeNull();
    expect(clockNamesOf('en-u-ca-islamic', NOW)).toBeNull();
    // The Buddhist calendar differs only in its years, which the clock never writes.
    expect(clockNamesOf('th-TH-u-ca-buddhist', NOW)).not.toBeNull();
  });

  it('kept names are taken only whole, as written, and for a week', () => {
    const names = clockNamesOf('en', NOW)!;
    const kept = JSON.parse(JSON.stringify(names)) as unknown;
    expect(isFreshClockNames(kept, NOW)).toBe(true);
    expect(isFreshClockNames(kept, NOW + 8 * 86_400_000)).toBe(false);
    expect(isFreshClockNames({ ...names, made: NOW + 1 }, NOW)).toBe(false);
    expect(isFreshClockNames({ ...names, digits: names.digits.slice(1) }, NOW)).toBe(false);
    expect(isFreshClockNames({ ...names, hourCycle: 'h25' }, NOW)).toBe(false);
    expect(isFreshClockNames({ ...names, months: [...names.months.slice(1), 5] }, NOW)).toBe(false);
    for (const junk of [null, 'names', 3, [], { made: NOW }]) expect(isFreshClockNames(junk, NOW)).toBe(false);
  });
});
