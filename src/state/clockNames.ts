import type { ChatClock } from './formatTime.ts';
import { clockOf, DAY_OPTIONS, formatter, intlClock, TIME_OPTIONS } from './intlClock.ts';

/**
 * What a language's clock says, kept so that a later page view formats its times and days without
 * Intl: the first date format a page makes costs ~60-85 ms on a slow phone (Intl loads its date
 * data in one go; 4-6× CPU), the longest task after a return visit's first tap. Made from Intl's own
 * output (`formatToParts`) and taken only when it writes every sample as Intl does (`clockNamesOf`):
 * a language whose clock is not a pattern of these pieces (another calendar, more day periods) keeps
 * Intl.
 *
 * A piece is a field (`h` `hh` hour, `mm` minute, `a` day period; `weekday` `month` `d` `dd`) or a
 * literal, written after `=`.
 */
export interface ClockNames {
  /** When it was made (ms): names older than a week are made again (the browser's data may have changed). */
  made: number;
  time: string[];
  day: string[];
  hourCycle: 'h11' | 'h12' | 'h23' | 'h24';
  /** The day periods before and after noon. */
  periods: string[];
  /** The ten digits of the language's numbering system. */
  digits: string[];
  weekdays: string[];
  months: string[];
}

const WEEK_MS = 7 * 86_400_000;
const TIME_FIELDS: Partial<Record<Intl.DateTimeFormatPartTypes, boolean>> = { hour: true, minute: true, dayPeriod: true, literal: true };
const DAY_FIELDS: Partial<Record<Intl.DateTimeFormatPartTypes, boolean>> = { weekday: true, month: true, day: true, literal: true };

/** Local time on a day of 2026 (a year's days and hours, whatever the machine's zone). */
const on = (month: number, day: number, hour = 12, minute = 0) => new Date(2026, month, day, hour, minute);

/**
 * The pieces of a format, from its parts for `date`. V8's `format` writes a plain space where its
 * `formatToParts` has a narrow no-break space (U+202F, as CLDR has it since 2022; web pages broke on
 * it): the literals are what `format` writes.
 */
function pieces(format: Intl.DateTimeFormat, date: Date, fields: Partial<Record<Intl.DateTimeFormatPartTypes, boolean>>): string[] | null {
  const spaced = !format.format(date).includes('\u202f');
  const out: string[] = [];
  for (const { type, value } of format.formatToParts(date)) {
    if (!fields[type]) return null;
    if (type === 'literal') out.push(`=${spaced ? value.replace(/\u202f/g, ' ') : value}`);
    else if (type === 'hour') out.push([...value].length === 2 ? 'hh' : 'h');
    else if (type === 'minute') out.push('mm');
    else if (type === 'dayPeriod') out.push('a');
    else if (type === 'day') out.push([...value].length === 2 ? 'dd' : 'd');
    else out.push(type);
  }
  return out;
}

const partOf = (format: Intl.DateTimeFormat, date: Date, type: Intl.DateTimeFormatPartTypes) =>
  format.formatToParts(date).find((part) => part.type === type)?.value ?? '';

/**
 * The names of `lang`'s clock, read from Intl (call it where Intl's date data is loaded already: it
 * formats ~100 samples), or null when a pattern of them would write some time or day differently.
 */
export function clockNamesOf(lang: string, now: number): ClockNames | null {
  const timeFormat = formatter(lang, TIME_OPTIONS);
  const dayFormat = formatter(lang, DAY_OPTIONS);
  const intl = intlClock(lang, '', timeFormat, dayFormat);
  const time = pieces(timeFormat, on(0, 5, 9, 7), TIME_FIELDS);
  const day = pieces(dayFormat, on(0, 5), DAY_FIELDS);
  const hourCycle = timeFormat.resolvedOptions().hourCycle;
  if (!time || !day || !hourCycle) return null;
  const names: ClockNames = {
    made: now,
    time,
    day,
    hourCycle,
    periods: [partOf(timeFormat, on(0, 5, 9), 'dayPeriod'), partOf(timeFormat, on(0, 5, 21), 'dayPeriod')],
    digits: Array.from({ length: 10 }, (_, m) => [...partOf(timeFormat, on(0, 5, 9, m), 'minute')].at(-1) ?? ''),
    // 2026-01-04 is a Sunday: weekdays as Date.getDay counts them.
    weekdays: Array.from({ length: 7 }, (_, d) => partOf(dayFormat, on(0, 4 + d), 'weekday')),
    months: Array.from({ length: 12 }, (_, m) => partOf(dayFormat, on(m, 15), 'month')),
  };
  const named = namedClock(names, lang, '');
  const samples = [
    ...Array.from({ length: 24 * 4 }, (_, i) => on(2, 1, i >> 2, [0, 7, 30, 59][i & 3]).getTime()),
    ...Array.from({ length: 60 }, (_, d) => on(0, 1 + d * 6).getTime()),
  ];
  const same = samples.every((ms) => named.time(ms) === intl.time(ms) && named.day(ms, now) === intl.day(ms, now));
  return same ? names : null;
}

const isStrings = (value: unknown, length?: number): value is string[] =>
  Array.isArray(value) && (length === undefined || value.length === length) && value.every((item) => typeof item === 'string');

/** Kept names as this version writes them, and not older than a week; anything else (storage is the page's) is not. */
export function isFreshClockNames(value: unknown, now: number): value is ClockNames {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.made === 'number' &&
    v.made <= now &&
    now - v.made < WEEK_MS &&
    isStrings(v.time) &&
    isStrings(v.day) &&
    (v.hourCycle === 'h11' || v.hourCycle === 'h12' || v.hourCycle === 'h23' || v.hourCycle === 'h24') &&
    isStrings(v.periods, 2) &&
    isStrings(v.digits, 10) &&
    isStrings(v.weekdays, 7) &&
    isStrings(v.months, 12)
  );
}

/** Times and days written from kept names, as Intl wrote them (`clockNamesOf` checked it). */
export function namedClock(names: ClockNames, lang: string, today: string): ChatClock {
  const digits = (n: number, width: number) => [...String(n).padStart(width, '0')].map((d) => names.digits[Number(d)]).join('');
  const hourOf = (hours: number) => {
    if (names.hourCycle === 'h23') return hours;
    if (names.hourCycle === 'h24') return hours || 24;
    const half = hours % 12;
    return names.hourCycle === 'h11' ? half : half || 12;
  };
  const write = (pattern: string[], field: (piece: string) => string) => pattern.map((piece) => (piece[0] === '=' ? piece.slice(1) : field(piece))).join('');
  return clockOf(lang, today, {
    time: (date) =>
      write(names.time, (piece) => {
        if (piece === 'a') return names.periods[date.getHours() < 12 ? 0 : 1]!;
        if (piece === 'mm') return digits(date.getMinutes(), 2);
        return digits(hourOf(date.getHours()), piece.length);
      }),
    date: (date) =>
      write(names.day, (piece) => {
        if (piece === 'weekday') return names.weekdays[date.getDay()]!;
        if (piece === 'month') return names.months[date.getMonth()]!;
        return digits(date.getDate(), piece.length);
      }),
  });
}
