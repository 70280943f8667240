/**
 * How long to wait before the next attempt to send: exponential backoff with full jitter, capped,
 * or what the service asked for with `Retry-After` (429/503), never less.
 */
export const RETRY_BASE_MS = 1000;
export const RETRY_CAP_MS = 30000;

export function retryDelay(attempt: number, retryAfterSeconds: number | null, random: () => number = Math.random): number {
  const exponential = Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempt - 1));
  // Half fixed, half random: spreads a crowd of widgets after an outage without ever retrying instantly.
  const jittered = exponential / 2 + random() * (exponential / 2);
  const asked = retryAfterSeconds !== null ? retryAfterSeconds * 1000 : 0;
  return Math.round(Math.max(jittered, asked));
}
