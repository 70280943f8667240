// What the dashboard saves of the owner's edits: the rules only (no DOM), shared by dashboard.js
// and the demo's tests (demo/server/dashboard.test.ts). Saving never changes what the site owner
// did not touch: a setting, the hours' switch or the agents' availability is sent only when it
// changed since the dashboard loaded, an untouched schedule is not sent at all, and an edited one
// is the stored object with only the edited days (and zone) replaced.
// The hours' shape is the service's (docs/service.md §4): `operatingHours` is a JSON string
// `{"<day>": [{start, end}], tzname}`, days "0" (Sunday) to "6", times "HH:MM"; a day without a
// key is closed.

/** @typedef {{ start: string, end: string }} Range */
/** @typedef {Record<string, unknown>} Week  the parsed `operatingHours` */
/**
 * What the owner changed: the days edited (their ranges now, `[]` = closed) and the zone shown.
 * @typedef {{ days: Map<number, Range[]>, tzname: string, tzEdited: boolean }} HoursEdits
 */

/**
 * The form as loaded, or as it is now.
 * @typedef {{ widget: Record<string, unknown>, active: boolean, hours: string, available: boolean }} FormState
 */

/** The week as the dashboard lists it, Monday first; `day` is the service's key (0 = Sunday). */
export const DAYS = [
  { day: 1, name: 'Monday' },
  { day: 2, name: 'Tuesday' },
  { day: 3, name: 'Wednesday' },
  { day: 4, name: 'Thursday' },
  { day: 5, name: 'Friday' },
  { day: 6, name: 'Saturday' },
  { day: 0, name: 'Sunday' },
];

/**
 * The stored string parsed; `{}` for none or a broken one (the demo refuses broken input).
 * @param {unknown} operatingHours
 * @returns {Week}
 */
export function parseWeek(operatingHours) {
  if (typeof operatingHours !== 'string' || !operatingHours) return {};
  try {
    const week = /** @type {unknown} */ (JSON.parse(operatingHours));
    return week && typeof week === 'object' && !Array.isArray(week) ? /** @type {Week} */ (week) : {};
  } catch {
    return {};
  }
}

/**
 * The key the service reads for `day`: compared with `==`, so " 1" is Monday too.
 * @param {Week} week
 * @param {number} day
 */
export function dayKeyOf(week, day) {
  return Object.keys(week).find((key) => key !== 'tzname' && Number(key) === day);
}

/**
 * "9:00" as an `<input type=time>` shows it ("09:00"); anything else as it is.
 * @param {unknown} value
 */
function clock(value) {
  const text = typeof value === 'string' ? value : '';
  const match = /^(\d{1,2}):(\d{2})$/.exec(text);
  return match ? `${match[1]?.padStart(2, '0')}:${match[2]}` : text;
}

/**
 * The ranges of `day`, as the dashboard shows them.
 * @param {Week} week
 * @param {number} day
 * @returns {Range[]}
 */
export function rangesOf(week, day) {
  const key = dayKeyOf(week, day);
  const ranges = key === undefined ? undefined : week[key];
  if (!Array.isArray(ranges)) return [];
  /** @type {unknown[]} */
  const items = ranges;
  return items.flatMap((range) => {
    if (!range || typeof range !== 'object') return [];
    const { start, end } = /** @type {Record<string, unknown>} */ (range);
    return [{ start: clock(start), end: clock(end) }];
  });
}

/**
 * A range the service never opens: an end at or before its start (over midnight never matches), or
 * no minute between them (both ends are exclusive).
 * @param {Range} range
 */
export function neverOpens({ start, end }) {
  const minutes = (/** @type {string} */ t) => {
    const match = /^(\d{1,2}):(\d{2})$/.exec(t);
    return match ? Number(match[1]) * 60 + Number(match[2]) : NaN;
  };
  const from = minutes(start);
  const to = minutes(end);
  return !(from + 1 < to);
}

/**
 * The string to save, or undefined when the owner changed nothing (then nothing is sent, and the
 * stored string stays byte for byte). Only the edited days and the zone change; every other key of
 * the stored object (other days, unknown keys) stays as it was.
 * @param {unknown} stored  the `operatingHours` string as loaded
 * @param {HoursEdits} edits
 * @returns {string | undefined}
 */
export function hoursToSave(stored, edits) {
  if (edits.days.size === 0 && !edits.tzEdited) return undefined;
  const week = structuredClone(parseWeek(stored));
  for (const [day, ranges] of edits.days) {
    const key = dayKeyOf(week, day) ?? String(day);
    if (ranges.length === 0) delete week[key];
    else week[key] = ranges.map(({ start, end }) => ({ start, end }));
  }
  // The service needs a zone: the one shown when the stored hours had none.
  if (edits.tzEdited || typeof week.tzname !== 'string' || !week.tzname) week.tzname = edits.tzname;
  return JSON.stringify(week);
}

/**
 * The keys of `now` that differ from `loaded` (`null` for a key that is gone): what the owner
 * changed in the form, and nothing else.
 * @param {Record<string, unknown>} loaded
 * @param {Record<string, unknown>} now
 * @returns {Record<string, unknown>}
 */
export function changedKeys(loaded, now) {
  /** @type {Record<string, unknown>} */
  const patch = {};
  for (const key of new Set([...Object.keys(loaded), ...Object.keys(now)])) {
    if (!(key in now)) patch[key] = null;
    else if (JSON.stringify(now[key]) !== JSON.stringify(loaded[key])) patch[key] = now[key];
  }
  return patch;
}

/**
 * The body of `PUT /__demo/project` for what the owner changed since the dashboard loaded.
 * @param {FormState} loaded
 * @param {FormState} now
 * @param {HoursEdits} edits
 * @param {ReadonlyArray<{ _id: string }>} agents  the project's agents (one switch for all)
 * @returns {Record<string, unknown>}
 */
export function projectUpdate(loaded, now, edits, agents) {
  /** @type {Record<string, unknown>} */
  const body = {};
  const widget = changedKeys(loaded.widget, now.widget);
  if (Object.keys(widget).length > 0) body.widget = widget;
  if (now.active !== loaded.active) body.activeOperatingHours = now.active;
  const hours = hoursToSave(loaded.hours, edits);
  if (hours !== undefined) body.operatingHours = hours;
  if (now.available !== loaded.available) body.agents = agents.map((a) => ({ id: a._id, user_available: now.available }));
  return body;
}
