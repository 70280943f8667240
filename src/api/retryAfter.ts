/**
 * `Retry-After` (seconds, or an HTTP date) as seconds from `now`, or null when there is none or it
 * cannot be read. Only a failed send reads it (client/delivery/deliveryFailure.ts).
 */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, (date - now) / 1000);
}
