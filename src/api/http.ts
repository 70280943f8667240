import type { AnswerMemory } from './answerMemory.ts';

/**
 * The one place that speaks HTTP to the service. Everything above it gets parsed JSON or a typed
 * error; nothing above it knows about `fetch`, headers or status codes beyond `ApiError.status`.
 */

export interface HttpOptions {
  /** API root, e.g. `https://api.example.com/v3`; the document's paths are appended without `/v3`. */
  apiUrl: string;
  /** Injected so tests (and hostile pages that wrap `fetch`) cannot change what we call. */
  fetch?: typeof fetch;
  /** Per-request time limit; a request that outlives it is an ambiguous failure. */
  timeoutMs?: number;
  /** The caller's life (a widget's): once aborted, what is in flight is cut off and nothing more is asked. */
  signal?: AbortSignal;
}

/** How one call to the service is made (`Http`). */
export interface RequestOptions {
  /** The visitor's token (sent as `Authorization`); none for a call without auth. */
  token?: string | null;
  /** The JSON body. */
  body?: unknown;
  /** multipart uploads pass a FormData; the browser sets its own content type. */
  form?: FormData;
  /** Aborts the call. */
  signal?: AbortSignal;
  /** Gives up after this long (ms). */
  timeoutMs?: number;
  /**
   * For a GET read again and again (a poll). The browser revalidates its copy (`cache: 'no-cache'`:
   * `If-None-Match` with the service's ETag, a bodiless 304 when nothing changed), and when the raw
   * answer is the same text as the last one this function read at this path, the value it made then
   * is returned again, the very same object: an unchanged answer costs a string comparison, no
   * parsing and no normalising, and callers can tell "nothing new" by identity. A promise (a value
   * made in slices) is awaited.
   */
  reuse?: (body: unknown) => unknown;
  /**
   * With `reuse`: when the raw answer is the last one with more items at the end of its array (a
   * history that grew by a message: the text up to the last one's closing bracket is the same), only
   * the new items are parsed, and this makes the value from the last value and them: a poll that
   * brings one message costs what one message costs, not the whole history.
   */
  extend?: (value: unknown, more: unknown[]) => unknown;
}

/** The service answered with a non-2xx status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    /** `Retry-After` as the service sent it (429/503), if it did: read by the code that handles a failed send (retryAfter.ts). */
    readonly retryAfter: string | null,
  ) {
    super(`HTTP ${status}`);
    this.name = 'ApiError';
  }
}

/**
 * No answer: offline, DNS, CORS, a dropped connection or our own timeout. The request may or may
 * not have reached the service, so a retry of a non-idempotent call must check first.
 */
export class NetworkError extends Error {
  constructor(
    override readonly cause: unknown,
    readonly timedOut: boolean,
  ) {
    super(timedOut ? 'request timed out' : 'network error');
    this.name = 'NetworkError';
  }
}

/** How the client calls the service: `method` on `path` (after `apiUrl`), resolving with the JSON answer; rejects with the service's error. */
export type Http = <T>(method: string, path: string, options?: RequestOptions) => Promise<T>;

export function joinUrl(apiUrl: string, path: string): string {
  return apiUrl.replace(/\/+$/, '') + (path.startsWith('/') ? path : `/${path}`);
}

export function parseBody(text: string): unknown {
  if (!text) return undefined;
  // The reference server answers some errors in plain text ("Unauthorized"), so JSON is a hope.
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function createHttp({ apiUrl, fetch: fetchImpl, timeoutMs = 15000, signal: life }: HttpOptions): Http {
  // Captured once: a host page that later swaps `window.fetch` does not reach us.
  const doFetch = fetchImpl ?? globalThis.fetch.bind(globalThis);
  // Per instance (one widget), never shared between widgets: the answers last read with `reuse`
  // (answerMemory.ts, code of its own that the first such request waits for). Not downloaded
  // (offline): that request is read afresh, and the next one tries again.
  let memoryCode: Promise<AnswerMemory | null> | null = null;
  const answerMemory = () =>
    (memoryCode ??= import('./answerMemory.ts').then(
      (code) => code.createAnswerMemory(),
      () => (memoryCode = null),
    ));

  return async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    let body: BodyInit | undefined;
    if (options.form) body = options.form;
    else if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    if (options.token) headers.Authorization = options.token;
    const reuse = options.reuse;

    const controller = new AbortController();
    const limit = options.timeoutMs ?? timeoutMs;
    let timedOut = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The deadline is a race, not only an abort: a page's `fetch` wrapper (or a polyfill) that
    // ignores the AbortSignal, or a body that never ends, must still give up on time.
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
        reject(new NetworkError(new Error(`no answer within ${limit} ms`), true));
      }, limit);
    });
    // Raced below; this handler only keeps a deadline that fires between two races from being "unhandled".
    deadline.catch(() => undefined);
    const forwardAbort = () => controller.abort();
    options.signal?.addEventListener('abort', forwardAbort);
    life?.addEventListener('abort', forwardAbort);

    try {
      // Raced as the answer is: a download that never ends gives up on time too.
      const memory = reuse ? await Promise.race([answerMemory(), deadline]) : null;
      // Works cross-origin without credentials: the browser adds If-None-Match itself and hands us
      // the cached body on a 304 (the ETag need not be exposed to us); a long answer's tag we send.
      const cache = reuse && (memory?.revalidate(path, reuse, headers) ?? 'no-cache');
      let response: Response;
      let text: string;
      // The answer and its body are raced alike: a download that never ends gives up on time too.
      try {
        if (life?.aborted) throw new Error('the widget is gone');
        response = await Promise.race([
          doFetch(joinUrl(apiUrl, path), {
            method,
            headers,
            body,
            signal: controller.signal,
            // The reference server sends `WWW-Authenticate: Basic` with its 401s: with credentials a
            // same-origin browser would pop a login prompt (and a headless one would wait forever).
            credentials: 'omit',
            mode: 'cors',
            ...(cache ? { cache } : {}),
          }),
          deadline,
        ]);
        text = await Promise.race([memory ? memory.readText(response) : response.text(), deadline]);
      } catch (error) {
        throw error instanceof NetworkError ? error : new NetworkError(error, timedOut);
      }
      const last = reuse && memory?.held(path, reuse);
      // A 304 that reaches us (a page's fetch wrapper or a service worker that revalidates by
      // itself, without the browser's cache behind it): the answer we hold is still the answer.
      if (response.status === 304 && last) return last.value as T;
      if (!response.ok) {
        throw new ApiError(response.status, parseBody(text), response.headers.get('Retry-After'));
      }
      if (!reuse) return parseBody(text) as T;
      return (await (memory ? memory.read(path, text, reuse, options.extend) : reuse(parseBody(text)))) as T;
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', forwardAbort);
      life?.removeEventListener('abort', forwardAbort);
    }
  };
}
