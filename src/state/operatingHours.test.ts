import { describe, expect, it } from 'vitest';
import { availability, isOpenAt, nextOpeningAt, parseOperatingHours, timezoneOffsetMinutes, type OperatingHours } from './operatingHours.ts';

/** The reference server's own fixture (test/projectRoute.js): Mon–Fri 09–13 & 14–18, Wed 09–11, Europe/Rome. */
const FIXTURE =
  '{"1":[{"start":"09:00","end":"13:00"},{"start":"14:00","end":"18:00"}],"2":[{"start":"09:00","end":"13:00"},{"start":"14:00","end":"18:00"}],' +
  '"3":[{"start":"09:00","end":"11:00"},{"start":"14:00","end":"18:00"}],"4":[{"start":"09:00","end":"13:00"},{"start":"14:00","end":"18:00"}],' +
  '"5":[{"start":"09:00","end":"13:00"},{"start":"14:00","end":"18:00"}],"tzname":"Europe/Rome"}';
const hours = (value: string | object) => parseOperatingHours(typeof value === 'string' ? value : JSON.stringify(value)) as OperatingHours;
const at = (iso: string) => Date.parse(iso);

describe('isOpenAt (as the reference server)', () => {
  it('evaluates the reference fixture in Rome time, summer and winter', () => {
    const h = hours(FIXTURE);
    expect(isOpenAt(h, at('2024-01-15T09:30:00Z'))).toBe(true); // Mon 10:30
    expect(isOpenAt(h, at('2024-01-15T12:30:00Z'))).toBe(false); // 13:30 lunch
    expect(isOpenAt(h, at('2024-01-17T10:30:00Z'))).toBe(false); // Wed 11:30
    expect(isOpenAt(h, at('2024-01-20T10:00:00Z'))).toBe(false); // Saturday
    expect(isOpenAt(h, at('2024-07-15T07:30:00Z'))).toBe(true); // 09:30 CEST
  });

  it('is exclusive at both ends, at minute precision', () => {
    const h = hours({ 1: [{ start: '09:00', end: '18:00' }], tzname: 'UTC' });
    expect(isOpenAt(h, at('2024-01-15T09:00:59Z'))).toBe(false);
    expect(isOpenAt(h, at('2024-01-15T09:01:00Z'))).toBe(true);
    expect(isOpenAt(h, at('2024-01-15T17:59:59Z'))).toBe(true);
    expect(isOpenAt(h, at('2024-01-15T18:00:00Z'))).toBe(false);
  });

  it('uses the day of the project zone; 0 is Sunday; ranges over midnight never match', () => {
    expect(isOpenAt(hours({ 1: [{ start: '00:00', end: '02:00' }], tzname: 'Europe/Rome' }), at('2024-01-14T23:30:00Z'))).toBe(true);
    expect(isOpenAt(hours({ 0: [{ start: '10:00', end: '12:00' }], tzname: 'UTC' }), at('2024-01-14T11:00:00Z'))).toBe(true);
    expect(isOpenAt(hours({ 7: [{ start: '10:00', end: '12:00' }], tzname: 'UTC' }), at('2024-01-14T11:00:00Z'))).toBe(false);
    expect(isOpenAt(hours({ 1: [{ start: '22:00', end: '02:00' }], tzname: 'UTC' }), at('2024-01-15T23:00:00Z'))).toBe(false);
    expect(isOpenAt(hours({ 1: [{ start: '10:00', end: '12:00' }], tzname: 'Asia/Kolkata' }), at('2024-01-15T05:00:00Z'))).toBe(true); // 10:30 IST
  });

  it('reads zone offsets with Intl and refuses hours without a zone', () => {
    expect(timezoneOffsetMinutes('America/New_York', at('2024-07-01T12:00:00Z'))).toBe(-240);
    expect(parseOperatingHours('{"1":[]}')).toBeNull();
    expect(parseOperatingHours('not json')).toBeNull();
    expect(parseOperatingHours('[]')).toBeNull();
  });
});

describe('nextOpeningAt', () => {
  const h = hours(FIXTURE);
  it('is the configured start of the next range, not the first open minute after it', () => {
    // The service opens a 09:00 range at 09:01 (exclusive start), but a visitor reads "09:01" as a bug.
    expect(new Date(nextOpeningAt(h, at('2024-01-15T17:30:00Z'))!).toISOString()).toBe('2024-01-16T08:00:00.000Z'); // Mon 18:30 → Tue 09:00 Rome
    expect(new Date(nextOpeningAt(h, at('2024-01-15T12:30:00Z'))!).toISOString()).toBe('2024-01-15T13:00:00.000Z'); // lunch → 14:00
    expect(new Date(nextOpeningAt(h, at('2024-01-19T18:00:00Z'))!).toISOString()).toBe('2024-01-22T08:00:00.000Z'); // Fri evening → Mon
    expect(new Date(nextOpeningAt(hours({ 1: [{ start: '02:00', end: '05:00' }], tzname: 'UTC' }), at('2024-01-14T12:00:00Z'))!).toISOString()).toBe(
      '2024-01-15T02:00:00.000Z',
    );
  });
  it('during the start minute itself (still closed) it is that start; a range too short to open is skipped', () => {
    expect(new Date(nextOpeningAt(h, at('2024-01-15T08:00:30Z'))!).toISOString()).toBe('2024-01-15T08:00:00.000Z');
    const short = hours({
      1: [
        { start: '09:00', end: '09:01' },
        { start: '10:00', end: '11:00' },
      ],
      tzname: 'UTC',
    });
    expect(new Date(nextOpeningAt(short, at('2024-01-15T07:00:00Z'))!).toISOString()).toBe('2024-01-15T10:00:00.000Z');
  });
  it('crosses a daylight-saving change', () => {
    // Saturday 30 March 2024 → Monday 1 April, after Rome moved to UTC+2.
    expect(new Date(nextOpeningAt(h, at('2024-03-30T12:00:00Z'))!).toISOString()).toBe('2024-04-01T07:00:00.000Z');
  });
  it('is null when the week has no opening', () => {
    expect(nextOpeningAt(hours({ tzname: 'UTC' }), at('2024-01-15T12:00:00Z'))).toBeNull();
  });
});

describe('availability', () => {
  const now = at('2024-01-15T17:30:00Z');
  it('is closed with the next opening when the hours say so', () => {
    expect(availability({ activeOperatingHours: true, operatingHours: FIXTURE, userAvailable: false }, now)).toEqual({
      status: 'closed',
      nextOpening: at('2024-01-16T08:00:00Z'),
    });
  });
  it('is "no agents" when open but nobody is available, open otherwise, unknown before the service answered', () => {
    expect(availability({ activeOperatingHours: true, operatingHours: FIXTURE, userAvailable: false }, at('2024-01-15T09:30:00Z'))).toEqual({
      status: 'no-agents',
    });
    expect(availability({ activeOperatingHours: false, operatingHours: FIXTURE, userAvailable: true }, now)).toEqual({ status: 'open' });
    expect(availability({ userAvailable: null }, now)).toEqual({ status: 'unknown' });
    expect(availability({ activeOperatingHours: true, operatingHours: '{broken', userAvailable: true }, now)).toEqual({ status: 'open' });
  });
});
