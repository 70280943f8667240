/**
 * Exponential backoff with jitter, shared by everything that tries again (a message's send, the
 * realtime socket's reconnect): `baseMs`, twice that, four times … capped at `capMs`, of which half
 * is fixed and half random, so a crowd of widgets spreads out after an outage and none retries at once.
 */
export function backoffDelay(attempt: number, options: { baseMs: number; capMs: number; random?: () => number }): number {
  const exponent = Math.min(30, Math.max(0, Math.floor(attempt) - 1));
  const exponential = Math.min(options.capMs, options.baseMs * 2 ** exponent);
  return Math.round(exponential / 2 + (options.random ?? Math.random)() * (exponential / 2));
}

/** Reconnecting a live socket that dropped (api/realtime.ts `backoff`): 1 s, 2 s, 4 s … capped at 60 s, jittered. */
export function reconnectDelay(drops: number, random?: () => number): number {
  return backoffDelay(drops, { baseMs: 1000, capMs: 60_000, ...(random ? { random } : {}) });
}
