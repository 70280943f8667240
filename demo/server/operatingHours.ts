/**
 * Is the project open now? A faithful re-implementation of the reference server's
 * `operatingHoursService` (docs/service.md §4), quirks included:
 * - the day index is `getDay()` of "now shifted by the zone offset": 0 = Sunday … 6 = Saturday,
 *   keys compared with `==` (so "7" never matches, " 1" does);
 * - times compare at minute precision with both ends exclusive (09:00–18:00 is open from 09:01
 *   to 17:59), and a range crossing midnight never matches;
 * - an unknown time zone counts as UTC (moment-timezone's behaviour).
 * The reference runs in UTC containers, where its local `getDay()` equals `getUTCDay()`; the
 * demo uses the UTC form so the answer does not depend on the machine's zone.
 */
import { dayKey, isOpenAt, parseClock, timezoneOffsetMinutes } from '../../src/state/operatingHours.ts';
import { isDegradedPlan } from './projectModel.ts';

// The evaluation itself is the widget's own (src/state/operatingHours.ts): both sides agree by construction.
export { parseClock, timezoneOffsetMinutes };
import type { ProjectDoc } from './types.ts';

export interface OpenError {
  errorCode: number;
  msg: string;
  projectId?: string;
}

export type OpenResult = { open: boolean } | { error: OpenError };

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
  const day = new Date(now + timezoneOffsetMinutes(String(tzname), now) * 60_000).getUTCDay();
  if (typeof hours !== 'object') return { open: false };
  const key = dayKey(hours as Record<string, unknown>, day);
  if (key === undefined) return { open: false };
  const ranges = (hours as Record<string, unknown>)[key];
  if (!Array.isArray(ranges)) {
    return { error: { errorCode: 3000, msg: `operatingHoursPars[operatingHoursweekDay].forEach is not a function` } };
  }
  return { open: isOpenAt({ ...(hours as Record<string, unknown>), tzname: String(tzname) }, now) };
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
