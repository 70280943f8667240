import { describe, expect, it } from 'vitest';
import { createTimeFormatter, intlClock } from './intlClock.ts';

// Local time at 02:30 and 14:05 today, whatever the machine's zone.
const at = (h: number, min: number) => new Date(2026, 2, 2, h, min).getTime();

describe('message times', () => {
  it('have no leading zero on the hour, in the visitor language', () => {
    expect(createTimeFormatter('en')(at(2, 30))).toMatch(/^2:30\s?AM$/);
    expect(createTimeFormatter('en')(at(14, 5))).toMatch(/^2:05\s?PM$/);
    expect(createTimeFormatter('it')(at(2, 30))).toBe('2:30');
    expect(createTimeFormatter('de')(at(14, 5))).toBe('14:05');
  });

  it('say nothing for an unknown time', () => {
    expect(createTimeFormatter('en')(0)).toBe('');
  });
});

describe('day separators', () => {
  it('start with a capital, whatever the label ("today" from the service)', () => {
    const now = at(12, 0);
    expect(intlClock('en', 'today').day(at(9, 0), now)).toBe('Today');
    expect(intlClock('fr', "aujourd'hui").day(at(9, 0), now)).toBe("Aujourd'hui");
    expect(intlClock('en', 'today').day(at(9, 0) - 86_400_000 * 3, now)).toMatch(/^[A-Z]/);
  });
});
