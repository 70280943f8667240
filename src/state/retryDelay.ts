import { backoffDelay } from './backoff.ts';

/**
 * How long to wait before the next attempt to send: exponential backoff with full jitter, capped,
 * or what the service asked for with `Retry-After` (429/503), never less.
 */
export const RETRY_BASE_MS = 1000;
export const RETRY_CAP_MS = 30000;

export function retryDelay(attempt: number, retryAfterSeconds: number | null, random: () => number = Math.random): number {
  const jittered = backoffDelay(attempt, { baseMs: RETRY_BASE_MS, capMs: RETRY_CAP_MS, random });
  const asked = retryAfterSeconds !== null ? retryAfterSeconds * 1000 : 0;
  return Math.round(Math.max(jittered, asked));
}
