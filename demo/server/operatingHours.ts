/**
 * Is the project open now? A faithful re-implementation of the reference server's
 * `operatingHoursService` (server-contract §4), quirks included:
 * - the day index is `getDay()` of "now shifted by the zone offset": 0 = Sunday … 6 = Saturday,
 *   keys compared with `==` (so "7" never matches, " 1" does);
 * - times compare at minute precision with both ends exclusive (09:00–18:00 is open from 09:01
 *   to 17:59), and a range crossing midnight never matches;
 * - an unknown time zone counts as UTC (moment-timezone's behaviour).
 * The reference runs in UTC containers, where its local `getDay()` equals `getUTCDay()`; the
 * demo uses the UTC form so the answer does not depend on the machine's zone.
 */
import { isDegradedPlan } from './projectModel.ts';
import type { ProjectDoc } from './types.ts';

export interface OpenError {
  errorCode: number;
  msg: string;
  projectId?: string;
}

export type OpenResult = { open: boolean } | { error: OpenError };

/** Offset of `tzname` from UTC at instant `at`, in minutes; 0 for an unknown zone. */
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
 * moment(value, "HH:mm") in forgiving mode, as minutes since midnight; `undefined` when moment
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

/** `moment(now).isBetween(start, end)` at minute precision: both ends exclusive. */
function rangeContains(range: unknown, minuteOfDay: number): boolean {
  if (!range || typeof range !== 'object') return false;
  const { start, end } = range as { start?: unknown; end?: unknown };
  const from = parseClock(start);
  const to = parseClock(end);
  if (from === undefined || to === undefined) return false;
  return from < minuteOfDay && minuteOfDay < to;
}

/** The first key (other than `tzname`) equal to the day with JavaScript's `==`. */
function dayKey(hours: Record<string, unknown>, day: number): string | undefined {
  return Object.keys(hours).find((key) => key !== 'tzname' && Number(key) === day);
}

/**
 * Evaluates an `operatingHours` JSON string at instant `now`. Where the reference would hang
 * (JSON that does not parse, `null`), the demo answers error 3000 instead.
 */
export function evaluateOperatingHours(operatingHours: string, now: number): OpenResult {
  let hours: unknown;
  try {
    hours = JSON.parse(operatingHours);
  } catch (err) {
    return { error: { errorCode: 3000, msg: (err as Error).message } };
  }
  if (hours === null) return { error: { errorCode: 3000, msg: "Cannot read properties of null (reading 'tzname')" } };
  const tzname = (hours as { tzname?: unknown }).tzname;
  if (tzname === undefined || tzname === null || tzname === '') {
    return { error: { errorCode: 2000, msg: 'Timezone undefined.' } };
  }
  const shifted = new Date(now + timezoneOffsetMinutes(String(tzname), now) * 60_000);
  const day = shifted.getUTCDay();
  const minuteOfDay = shifted.getUTCHours() * 60 + shifted.getUTCMinutes();
  if (typeof hours !== 'object') return { open: false };
  const key = dayKey(hours as Record<string, unknown>, day);
  if (key === undefined) return { open: false };
  const ranges = (hours as Record<string, unknown>)[key];
  if (!Array.isArray(ranges)) {
    return { error: { errorCode: 3000, msg: `operatingHoursPars[operatingHoursweekDay].forEach is not a function` } };
  }
  return { open: ranges.some((range) => rangeContains(range, minuteOfDay)) };
}

/** `projectIsOpenNow` for a project already loaded (`undefined` = not found or disabled). */
export function projectIsOpenNow(project: ProjectDoc | undefined, projectId: string, now: number = Date.now()): OpenResult {
  if (!project || project.status !== 100) {
    return { error: { errorCode: 1010, msg: 'project not found for id', projectId } };
  }
  if (isDegradedPlan(project, now)) return { open: true };
  if (!project.activeOperatingHours) return { open: true };
  if (project.operatingHours === '') return { error: { errorCode: 1020, msg: 'Operating hours is empty' } };
  return evaluateOperatingHours(project.operatingHours, now);
}

/**
 * `slotIsOpenNow` (`GET /projects/:pid/isopen?timeSlot=`): unlike the main check it uses
 * `isoWeekday()` (1 = Monday … 7 = Sunday) and `[start, end)` at second precision.
 */
export function slotIsOpenNow(project: ProjectDoc, slotId: string, now: number = Date.now()): OpenResult {
  if (isDegradedPlan(project, now)) return { open: true };
  if (!project.timeSlots) return { open: true };
  const slot = project.timeSlots[slotId];
  if (!slot) return { error: { errorCode: 1030, msg: `Slot not found with id ${slotId}` } };
  if (slot.active === false) return { open: true };
  if (!slot.hours) return { error: { errorCode: 1020, msg: 'Operating hours is empty' } };
  let hours: Record<string, unknown>;
  try {
    hours = JSON.parse(slot.hours) as Record<string, unknown>;
  } catch (err) {
    return { error: { errorCode: 3000, msg: (err as Error).message } };
  }
  const local = new Date(now + timezoneOffsetMinutes(String(hours.tzname ?? 'UTC'), now) * 60_000);
  const isoWeekday = local.getUTCDay() === 0 ? 7 : local.getUTCDay();
  const ranges = hours[String(isoWeekday)];
  if (!Array.isArray(ranges)) return { open: false };
  const second = local.getUTCHours() * 3600 + local.getUTCMinutes() * 60 + local.getUTCSeconds();
  const open = ranges.some((range: { start?: unknown; end?: unknown }) => {
    const from = parseClock(range?.start);
    const to = parseClock(range?.end);
    return from !== undefined && to !== undefined && from * 60 <= second && second < to * 60;
  });
  return { open };
}
