/**
 * Whether two records from the service say the same thing: plain data (what `src/api/normalize/`
 * makes of JSON) compared field by field. A poll answer is parsed anew each time, so a message that
 * did not change is an equal object, never the same one; keeping the one we hold keeps its identity,
 * and every view of it stays as it is.
 */
export function sameRecord(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!a || !b || typeof a !== 'object' || typeof b !== 'object' || Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && sameRecord(a[key as keyof typeof a], b[key as keyof typeof b]));
}
