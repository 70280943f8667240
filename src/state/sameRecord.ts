/**
 * Whether two records from the service say the same thing: plain data (what `src/api/normalize/`
 * makes of JSON) compared field by field. A poll answer is parsed anew each time, so a message that
 * did not change is an equal object, never the same one; keeping the one we hold keeps its identity,
 * and every view of it stays as it is.
 */
export function sameRecord(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    if (a.length !== other.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameRecord(a[i], other[i])) return false;
    return true;
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  if (keys.length !== Object.keys(right).length) return false;
  for (const key of keys) if (!Object.hasOwn(right, key) || !sameRecord(left[key], right[key])) return false;
  return true;
}
