import { describe, expect, it } from 'vitest';
import { evaluateOperatingHours, parseClock, projectIsOpenNow, slotIsOpenNow, timezoneOffsetMinutes } from './operatingHours.ts';
import { createSeed, SAMPLE_OPERATING_HOURS } from './seed.ts';
import type { ProjectDoc } from './types.ts';

/** The reference server's own fixture: Mon–Fri 09–13 & 14–18 (Wed 09–11), Europe/Rome. */
const FIXTURE = SAMPLE_OPERATING_HOURS;
const utcHours = (hours: string, tz = 'UTC') => JSON.stringify({ 1: [{ start: hours.split('-')[0], end: hours.split('-')[1] }], tzname: tz });
const open = (hours: string, iso: string) => evaluateOperatingHours(hours, Date.parse(iso));

function project(overrides: Partial<ProjectDoc> = {}): ProjectDoc {
  const base = createSeed({ botWelcome: false }).projects[0] as ProjectDoc;
  return { ...base, ...overrides };
}

describe('operating hours', () => {
  it('reads the zone offset with Intl, DST included, and treats an unknown zone as UTC', () => {
    expect(timezoneOffsetMinutes('Europe/Rome', Date.parse('2024-01-15T12:00:00Z'))).toBe(60);
    expect(timezoneOffsetMinutes('Europe/Rome', Date.parse('2024-07-15T12:00:00Z'))).toBe(120);
    expect(timezoneOffsetMinutes('America/New_York', Date.parse('2024-01-15T12:00:00Z'))).toBe(-300);
    expect(timezoneOffsetMinutes('Asia/Kolkata', Date.parse('2024-01-15T12:00:00Z'))).toBe(330);
    expect(timezoneOffsetMinutes('Not/AZone', Date.now())).toBe(0);
  });

  it('parses clock times like moment(value, "HH:mm")', () => {
    expect(parseClock('09:00')).toBe(540);
    expect(parseClock('9:05')).toBe(545);
    expect(parseClock('24:00')).toBe(1440);
    expect(parseClock('25:00')).toBeUndefined();
    expect(parseClock('xx')).toBeUndefined();
    expect(parseClock(9)).toBeUndefined();
  });

  it('evaluates the reference fixture in Rome time (2024-01-15 is a Monday, UTC+1)', () => {
    expect(open(FIXTURE, '2024-01-15T09:30:00Z')).toEqual({ open: true }); // 10:30 Monday
    expect(open(FIXTURE, '2024-01-15T12:30:00Z')).toEqual({ open: false }); // 13:30, lunch break
    expect(open(FIXTURE, '2024-01-15T13:30:00Z')).toEqual({ open: true }); // 14:30
    expect(open(FIXTURE, '2024-01-15T17:30:00Z')).toEqual({ open: false }); // 18:30
    expect(open(FIXTURE, '2024-01-17T10:30:00Z')).toEqual({ open: false }); // Wednesday 11:30: closes at 11
    expect(open(FIXTURE, '2024-01-20T10:00:00Z')).toEqual({ open: false }); // Saturday: no key
    expect(open(FIXTURE, '2024-01-21T10:00:00Z')).toEqual({ open: false }); // Sunday
    // Summer time: 07:30Z is 09:30 in Rome (UTC+2).
    expect(open(FIXTURE, '2024-07-15T07:30:00Z')).toEqual({ open: true });
  });

  it('uses the day in the project zone, not in UTC', () => {
    // Sunday 23:30 UTC is already Monday 00:30 in Rome.
    const hours = JSON.stringify({ 1: [{ start: '00:00', end: '02:00' }], tzname: 'Europe/Rome' });
    expect(open(hours, '2024-01-14T23:30:00Z')).toEqual({ open: true });
  });

  it('compares at minute precision with both ends exclusive', () => {
    const hours = utcHours('09:00-18:00');
    expect(open(hours, '2024-01-15T08:59:59Z')).toEqual({ open: false });
    expect(open(hours, '2024-01-15T09:00:00Z')).toEqual({ open: false });
    expect(open(hours, '2024-01-15T09:00:59Z')).toEqual({ open: false });
    expect(open(hours, '2024-01-15T09:01:00Z')).toEqual({ open: true });
    expect(open(hours, '2024-01-15T17:59:59Z')).toEqual({ open: true });
    expect(open(hours, '2024-01-15T18:00:00Z')).toEqual({ open: false });
  });

  it('never matches a range crossing midnight', () => {
    const hours = utcHours('22:00-02:00');
    expect(open(hours, '2024-01-15T23:00:00Z')).toEqual({ open: false });
    expect(open(hours, '2024-01-15T01:00:00Z')).toEqual({ open: false });
  });

  it('numbers days 0 = Sunday … 6 = Saturday, keys compared with ==', () => {
    const sunday = JSON.stringify({ 0: [{ start: '00:00', end: '24:00' }], tzname: 'UTC' });
    expect(open(sunday, '2024-01-14T12:00:00Z')).toEqual({ open: true });
    const seven = JSON.stringify({ 7: [{ start: '00:00', end: '24:00' }], tzname: 'UTC' });
    expect(open(seven, '2024-01-14T12:00:00Z')).toEqual({ open: false });
    const padded = JSON.stringify({ ' 1': [{ start: '00:00', end: '24:00' }], tzname: 'UTC' });
    expect(open(padded, '2024-01-15T12:00:00Z')).toEqual({ open: true });
  });

  it('reports the reference error codes', () => {
    expect(open(JSON.stringify({ 1: [] }), '2024-01-15T12:00:00Z')).toEqual({ error: { errorCode: 2000, msg: 'Timezone undefined.' } });
    expect(open('{not json', '2024-01-15T12:00:00Z')).toMatchObject({ error: { errorCode: 3000 } });
    expect(projectIsOpenNow(project({ activeOperatingHours: true, operatingHours: '' }), 'x')).toEqual({
      error: { errorCode: 1020, msg: 'Operating hours is empty' },
    });
    expect(projectIsOpenNow(undefined, 'abc')).toEqual({ error: { errorCode: 1010, msg: 'project not found for id', projectId: 'abc' } });
  });

  it('is open 24/7 when operating hours are not active', () => {
    expect(
      projectIsOpenNow(project({ activeOperatingHours: false, operatingHours: utcHours('09:00-10:00') }), 'x', Date.parse('2024-01-15T20:00:00Z')),
    ).toEqual({ open: true });
    expect(projectIsOpenNow(project({ activeOperatingHours: true, operatingHours: utcHours('09:00-10:00') }), 'x', Date.parse('2024-01-15T20:00:00Z'))).toEqual(
      { open: false },
    );
  });

  it('evaluates time slots with isoWeekday and [start, end)', () => {
    const slotProject = project({
      timeSlots: { s1: { active: true, hours: JSON.stringify({ 7: [{ start: '09:00', end: '18:00' }], tzname: 'UTC' }) }, off: { active: false } },
    });
    expect(slotIsOpenNow(slotProject, 's1', Date.parse('2024-01-14T09:00:00Z'))).toEqual({ open: true }); // Sunday = 7, start inclusive
    expect(slotIsOpenNow(slotProject, 's1', Date.parse('2024-01-14T18:00:00Z'))).toEqual({ open: false });
    expect(slotIsOpenNow(slotProject, 'off')).toEqual({ open: true });
    expect(slotIsOpenNow(slotProject, 'nope')).toEqual({ error: { errorCode: 1030, msg: 'Slot not found with id nope' } });
  });
});
