/**
 * The primitives of the boundary: each takes anything the service (or a broken proxy) may send and
 * returns a value of one type, or undefined. None of them throws, whatever it is given: no getters
 * are trusted (answers are parsed JSON, so there are none), no prototype is consulted.
 */

export type Json = Record<string, unknown>;

export function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A string; a finite number or a boolean becomes its text (a name of `7` is "7"); anything else is dropped. */
export function text(value: unknown, max = Infinity): string | undefined {
  let out: string | undefined;
  if (typeof value === 'string') out = value;
  else if ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean') out = String(value);
  return out !== undefined && out.length > max ? out.slice(0, max) : out;
}

/** A non-empty string (an id): numbers are accepted as text, empty strings are not. */
export function id(value: unknown): string | undefined {
  const out = text(value, 200);
  return out ? out : undefined;
}

/** A finite number; a numeric string ("3") counts. */
export function num(value: unknown): number | undefined {
  const out = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof out === 'number' && Number.isFinite(out) ? out : undefined;
}

/** A boolean; the strings "true"/"false" count (dashboards store both). */
export function bool(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  return value === 'true' ? true : value === 'false' ? false : undefined;
}

/** Every element `normalize` accepts (undefined/null results are dropped); not an array → []. */
export function listOf<T>(value: unknown, normalize: (item: unknown, index: number) => T | null | undefined, max = 10_000): T[] {
  if (!Array.isArray(value)) return [];
  const out: T[] = [];
  for (let i = 0; i < value.length && out.length < max; i++) {
    const item = normalize(value[i], i);
    if (item !== undefined && item !== null) out.push(item);
  }
  return out;
}

/** A plain object as a record of its own JSON-safe values (a copy; `__proto__` keys dropped). */
export function record(value: unknown): Json | undefined {
  if (!isRecord(value)) return undefined;
  const out: Json = {};
  for (const key of Object.keys(value)) if (key !== '__proto__') out[key] = value[key];
  return out;
}

/** Sets `key` only when the value survived; keeps optional fields truly absent. */
export function put<T extends object, K extends keyof T>(target: T, key: K, value: T[K] | undefined): void {
  if (value !== undefined) target[key] = value;
}

// Dates the JS Date can hold (±8.64e15 ms); beyond that `toISOString` throws.
const MAX_TIME = 8.64e15;

/** Milliseconds since the epoch of an ISO string or an epoch number, or undefined. */
export function time(value: unknown): number | undefined {
  const ms = typeof value === 'string' ? Date.parse(value) : typeof value === 'number' ? value : Number.NaN;
  return Number.isFinite(ms) && Math.abs(ms) <= MAX_TIME ? ms : undefined;
}

/** A date as the service's own string when `Date.parse` reads it, else as ISO from an epoch number. */
export function isoTime(value: unknown): string | undefined {
  const ms = time(value);
  return ms === undefined ? undefined : typeof value === 'string' ? value : new Date(ms).toISOString();
}
