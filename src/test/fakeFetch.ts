import { vi } from 'vitest';

/**
 * A scripted `fetch` for unit tests: each call is recorded, and a handler decides the answer
 * (a status and a body, a thrown network error, or a promise that never settles).
 */
export interface RecordedCall {
  method: string;
  url: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
  credentials: RequestCredentials | undefined;
}

export type Reply = { status?: number; body?: unknown; headers?: Record<string, string> } | 'network-error' | 'hang';
export type Handler = (call: RecordedCall) => Reply | Promise<Reply>;

export function createFakeFetch(apiUrl: string, handler: Handler) {
  const calls: RecordedCall[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = typeof input === 'string' ? input : 'url' in input ? input.url : input.href;
    const headers = Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>));
    let body: unknown = init.body;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        /* keep text */
      }
    }
    const call: RecordedCall = { method: init.method ?? 'GET', url, path: url.slice(apiUrl.length), headers, body, credentials: init.credentials };
    calls.push(call);
    const reply = await handler(call);
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    if (reply === 'hang') {
      return new Promise<Response>((_, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    }
    const text = reply.body === undefined ? '' : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
    return new Response(text, { status: reply.status ?? 200, headers: reply.headers });
  };
  return { fetch: fetch, calls };
}

/** How long `until` waits by default: generous, for a loaded machine; a check that passes returns at once. */
export const UNTIL_MS = 10_000;

// Taken before any test fakes the clock: `until` counts and waits in real time, which a download
// (code on demand) or a busy machine takes, also while fake time is moved on.
const realSetTimeout = globalThis.setTimeout;
const realNow = performance.now.bind(performance);

/**
 * Waits for an outcome the test has set off (an answer, a render, a download) until `check` passes.
 * Under fake timers (vi.useFakeTimers) each look also lets 5 ms of fake time pass, so the code's own
 * timers run. After `timeoutMs` of real time it fails with the last error of `check`, or one that
 * names what it waited for.
 */
export async function until(check: () => void | boolean, timeoutMs = UNTIL_MS): Promise<void> {
  const start = realNow();
  for (;;) {
    let failure: Error | null = null;
    try {
      if (check() !== false) return;
    } catch (error) {
      failure = error instanceof Error ? error : new Error(String(error));
    }
    if (realNow() - start > timeoutMs) throw failure ?? new Error(`until: still false after ${timeoutMs} ms: ${String(check)}`);
    if (vi.isFakeTimers()) await vi.advanceTimersByTimeAsync(5);
    await new Promise((resolve) => realSetTimeout(resolve, 5));
  }
}
