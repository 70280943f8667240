/**
 * The primitives of the boundary: each takes anything the service (or a broken proxy) may send and
 * returns a value of one type, or undefined. None of them throws, whatever it is given (answers are
 * parsed JSON: no getters, no prototypes to trust).
 */

export type Json = Record<string, unknown>;

/** A coercion: a value of one type, or undefined (the field is dropped). */
export type Coerce<T> = (value: unknown) => T | undefined;

export function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A string; a finite number or a boolean becomes its text (a name of `7` is "7"); anything else is dropped. */
export const text: Coerce<string> = (value) =>
  typeof value === 'string' ? value : (typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean' ? String(value) : undefined;

/** A non-empty string (an id); numbers count. */
export const id: Coerce<string> = (value) => text(value) || undefined;

/** A name: text, at most 200 characters. */
export const name: Coerce<string> = (value) => text(value)?.slice(0, 200);

/** A finite number; a numeric string ("3") counts. */
export const num: Coerce<number> = (value) => {
  const out = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof out === 'number' && Number.isFinite(out) ? out : undefined;
};

/** A boolean; the strings "true"/"false" count (dashboards store both). */
export const bool: Coerce<boolean> = (value) => (typeof value === 'boolean' ? value : value === 'true' ? true : value === 'false' ? false : undefined);

/** Every element `coerce` accepts (others are dropped); not an array → []. */
export function listOf<T>(value: unknown, coerce: (item: unknown) => T | null | undefined): T[] {
  const out: T[] = [];
  if (Array.isArray(value)) {
    for (const item of value) {
      const kept = coerce(item);
      if (kept != null) out.push(kept);
    }
  }
  return out;
}

/** An array of what `coerce` accepts, or undefined when it is no array. */
export const optionalList =
  <T>(coerce: (item: unknown) => T | null | undefined): Coerce<T[]> =>
  (value) =>
    Array.isArray(value) ? listOf(value, coerce) : undefined;

/** A plain object as a copy of its own values (`__proto__` keys dropped). */
export const record: Coerce<Json> = (value) => {
  if (!isRecord(value)) return undefined;
  const out: Json = {};
  for (const key of Object.keys(value)) if (key !== '__proto__') out[key] = value[key];
  return out;
};

/**
 * Coerces the keys of `spec` from `raw` onto `out`: each key gets its coerced value or is removed.
 * Keys not in the spec stay as they are in `out`.
 */
export function pick<T extends object>(raw: Json, spec: { [K in keyof T]?: Coerce<T[K]> }, out: Json = {}): T {
  // Own keys only: a host page may have added enumerable properties to Object.prototype.
  for (const key of Object.keys(spec)) {
    const value = (spec as Record<string, Coerce<unknown>>)[key]!(raw[key]);
    if (value === undefined) delete out[key];
    else out[key] = value;
  }
  return out as T;
}

// Dates the JS Date can hold (±8.64e15 ms); beyond that `toISOString` throws.
const MAX_TIME = 8.64e15;

/** Milliseconds since the epoch of an ISO string or an epoch number, or undefined. */
export const time: Coerce<number> = (value) => {
  const ms = typeof value === 'string' ? Date.parse(value) : typeof value === 'number' ? value : Number.NaN;
  return Number.isFinite(ms) && Math.abs(ms) <= MAX_TIME ? ms : undefined;
};

/** A date as the service's own string when `Date.parse` reads it, else as ISO from an epoch number. */
export const isoTime: Coerce<string> = (value) => {
  const ms = time(value);
  return ms === undefined ? undefined : typeof value === 'string' ? value : new Date(ms).toISOString();
};
