/**
 * Operating hours, evaluated in the browser exactly as the reference server does
 * (docs/service.md §4, `operatingHoursService.projectIsOpenNow`), plus the next opening time:
 * - `operatingHours` is a JSON string: day keys `"0"` (Sunday) … `"6"` (Saturday) compared with
 *   `==`, each an array of `{start:"HH:MM", end:"HH:MM"}`, and `tzname`;
 * - the day and time are those of "now shifted by the zone's offset" (the server runs in UTC);
 * - minute precision, both ends exclusive (09:00–18:00 is open from 09:01 to 17:59), and a range
 *   crossing midnight never matches; a day without a key is closed.
 * The demo service imports these same functions, so both sides agree by construction.
 */
import { agentsAvailability, hasOperatingHours, type Availability, type AvailabilityInput } from './availability.ts';

export type OperatingHours = Record<string, unknown> & { tzname: string };

/** Offset of `tzname` from UTC at instant `at`, in minutes; 0 for an unknown zone (moment's behaviour). */
export function timezoneOffsetMinutes(tzname: string, at: number): number {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: tzname,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
  } catch {
    return 0;
  }
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(at)) parts[part.type] = Number(part.value);
  const wall = Date.UTC(parts.year ?? 1970, (parts.month ?? 1) - 1, parts.day ?? 1, (parts.hour ?? 0) % 24, parts.minute ?? 0, parts.second ?? 0);
  return Math.round((wall - Math.floor(at / 1000) * 1000) / 60_000);
}

/**
 * `moment(value, "HH:mm")` in forgiving mode, as minutes since midnight; `undefined` where moment
 * would give an invalid date. "24:00" is valid (moment rolls it to the next midnight).
 */
export function parseClock(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^\D*(\d{1,2})(?:\D*(\d{1,2}))?/.exec(value);
  if (!match) return undefined;
  const hours = Number(match[1]);
  const minutes = match[2] === undefined ? 0 : Number(match[2]);
  if (minutes > 59) return undefined;
  if (hours > 24 || (hours === 24 && minutes > 0)) return undefined;
  return hours * 60 + minutes;
}

/** A range as [from, to] minutes, or null when it can never match. */
function rangeOf(range: unknown): [number, number] | null {
  if (!range || typeof range !== 'object') return null;
  const { start, end } = range as { start?: unknown; end?: unknown };
  const from = parseClock(start);
  const to = parseClock(end);
  return from === undefined || to === undefined || from >= to ? null : [from, to];
}

/** The first key (other than `tzname`) equal to the day with JavaScript's `==`. */
export function dayKey(hours: Record<string, unknown>, day: number): string | undefined {
  // JavaScript's `==` as the reference uses it: " 1" matches Monday, and so "" or " " match Sunday.
  return Object.keys(hours).find((key) => key !== 'tzname' && Number(key) === day);
}

function rangesOn(hours: Record<string, unknown>, day: number): Array<[number, number]> {
  const key = dayKey(hours, day);
  const ranges = key === undefined ? undefined : hours[key];
  return Array.isArray(ranges) ? ranges.map(rangeOf).filter((r): r is [number, number] => r !== null) : [];
}

/** Parses the service's JSON string; null when it is not valid or has no time zone. */
export function parseOperatingHours(value: unknown): OperatingHours | null {
  let hours: unknown = value;
  if (typeof value === 'string') {
    try {
      hours = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (!hours || typeof hours !== 'object' || Array.isArray(hours)) return null;
  const tzname = (hours as { tzname?: unknown }).tzname;
  return typeof tzname === 'string' && tzname ? (hours as OperatingHours) : null;
}

/** Wall-clock day (0 = Sunday) and minute of day in the project's zone at `now`. */
function wallClock(hours: OperatingHours, now: number): { day: number; minute: number } {
  const shifted = new Date(now + timezoneOffsetMinutes(hours.tzname, now) * 60_000);
  return { day: shifted.getUTCDay(), minute: shifted.getUTCHours() * 60 + shifted.getUTCMinutes() };
}

export function isOpenAt(hours: OperatingHours, now: number): boolean {
  const { day, minute } = wallClock(hours, now);
  return rangesOn(hours, day).some(([from, to]) => from < minute && minute < to);
}

/**
 * When the project opens next, as the site owner configured it: the start of the first range
 * (looking a week ahead) whose open minutes are still to come, or null when there is none. The
 * service opens a `09:00` range at 09:01 (starts are exclusive), but a visitor reads "09:01" as a
 * mistake, so the configured minute is what the widget shows.
 */
export function nextOpeningAt(hours: OperatingHours, now: number): number | null {
  const startOfMinute = Math.floor(now / 60_000) * 60_000;
  const { day, minute } = wallClock(hours, now);
  for (let ahead = 0; ahead <= 7; ahead++) {
    const weekday = (day + ahead) % 7;
    const starts = rangesOn(hours, weekday)
      // A range opens from its minute after the start; one too short for that never opens.
      .filter(([from, to]) => from + 1 < to && (ahead > 0 || from + 1 > minute))
      .map(([from]) => from)
      .sort((a, b) => a - b);
    const first = starts[0];
    if (first === undefined) continue;
    const guess = startOfMinute + (ahead * 24 * 60 + first - minute) * 60_000;
    // A daylight-saving change in between moves the wall clock: correct by the offset difference.
    const drift = timezoneOffsetMinutes(hours.tzname, guess) - timezoneOffsetMinutes(hours.tzname, now);
    return guess - drift * 60_000;
  }
  return null;
}

export type { Availability } from './availability.ts';

/**
 * What the widget tells the visitor. The service already empties `user_available` when it is
 * closed, so the hours decide between "closed (until …)" and "nobody available".
 */
export function availability(input: AvailabilityInput, now: number): Availability {
  if (hasOperatingHours(input)) {
    const hours = parseOperatingHours(input.operatingHours);
    if (hours && !isOpenAt(hours, now)) return { status: 'closed', nextOpening: nextOpeningAt(hours, now) };
  }
  return agentsAvailability(input.userAvailable);
}
