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
}

export interface RequestOptions {
  token?: string | null;
  body?: unknown;
  /** multipart uploads pass a FormData; the browser sets its own content type. */
  form?: FormData;
  signal?: AbortSignal;
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
    /** Seconds from `Retry-After` (429/503), when the service sent one. */
    readonly retryAfterSeconds: number | null,
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

export type Http = <T>(method: string, path: string, options?: RequestOptions) => Promise<T>;

export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, (date - now) / 1000);
}

export function joinUrl(apiUrl: string, path: string): string {
  return apiUrl.replace(/\/+$/, '') + (path.startsWith('/') ? path : `/${path}`);
}

function parseBody(text: string): unknown {
  if (!text) return undefined;
  // The reference server answers some errors in plain text ("Unauthorized"), so JSON is a hope.
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** An answer this long (a history of a few thousand messages) is parsed in slices (api/slices.ts). */
const PARSE_IN_SLICES_CHARS = 256 * 1024;
/** When a long answer's ETag is worked out (answerTag.ts), after it was read. */
const TAG_AFTER_MS = 500;

/** `parseBody`, in slices for a long array (no task of ours over 50 ms on a slow phone, issue 9 §1). */
function parseLongBody(text: string): unknown {
  return text.length < PARSE_IN_SLICES_CHARS || !text.startsWith('[')
    ? parseBody(text)
    : import('./slices.ts').then((slices) => slices.parseArrayInSlices(text)).catch(() => parseBody(text));
}

/**
 * The items `after` (an answer's text) adds at the end of the array `before` held, as the text of an
 * array of their own; null when it is anything else (an item changed or removed, an empty `before`,
 * other spacing). Equal up to `before`'s closing bracket, then a comma: the whole answer parses as
 * `before`'s items followed by these, since a JSON parser is in the same state at that point in both.
 */
export function appendedItems(before: string, after: string): string | null {
  const head = before.slice(0, -1);
  return before.length > 2 && before[0] === '[' && before.endsWith(']') && after[head.length] === ',' && after.startsWith(head)
    ? `[${after.slice(head.length + 1)}`
    : null;
}

/** The last answer read with `reuse` at one path: its raw text and what `reuse` made of it. */
interface ReusableAnswer {
  text: string;
  reuse: (body: unknown) => unknown;
  value: unknown;
  /** The service's ETag of `text`, worked out here (answerTag.ts) for a long answer. */
  tag?: string;
}

/** Paths remembered for `reuse` (one per conversation polled; a visitor rarely has more than one). */
const REUSE_PATHS = 8;

export function createHttp({ apiUrl, fetch: fetchImpl, timeoutMs = 15000 }: HttpOptions): Http {
  // Captured once: a host page that later swaps `window.fetch` does not reach us.
  const doFetch = fetchImpl ?? globalThis.fetch.bind(globalThis);
  // Per instance (one widget), never shared between widgets: the answers last read with `reuse`.
  const lastAnswers = new Map<string, ReusableAnswer>();

  return async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    let body: BodyInit | undefined;
    if (options.form) body = options.form;
    else if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    if (options.token) headers.Authorization = options.token;
    const held = options.reuse ? lastAnswers.get(path) : undefined;
    // A long answer's tag, sent by us: an unchanged answer is a 304 we see, and the browser never
    // hands the page its cached copy (at 10,000 messages, ~5 MB read on the page's thread per poll).
    const tag = held?.reuse === options.reuse ? held?.tag : undefined;
    if (tag) {
      headers['If-None-Match'] = tag;
      // Else the browser adds `Cache-Control: no-cache` to a request it does not cache itself,
      // and Express (`fresh`) answers that in full whatever the tag.
      headers['Cache-Control'] = 'max-age=0';
    }

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

    try {
      let response: Response;
      try {
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
            // Works cross-origin without credentials: the browser adds If-None-Match itself and
            // hands us the cached body on a 304 (the ETag need not be exposed to us).
            ...(options.reuse ? { cache: tag ? ('no-store' as const) : ('no-cache' as const) } : {}),
          }),
          deadline,
        ]);
      } catch (error) {
        throw error instanceof NetworkError ? error : new NetworkError(error, timedOut);
      }
      let text: string;
      try {
        text = await Promise.race([response.text(), deadline]);
      } catch (error) {
        throw error instanceof NetworkError ? error : new NetworkError(error, timedOut);
      }
      const last = options.reuse ? lastAnswers.get(path) : undefined;
      // A 304 that reaches us (a page's fetch wrapper or a service worker that revalidates by
      // itself, without the browser's cache behind it): the answer we hold is still the answer.
      if (response.status === 304 && last && last.reuse === options.reuse) return last.value as T;
      if (!response.ok) {
        throw new ApiError(response.status, parseBody(text), parseRetryAfter(response.headers.get('Retry-After')));
      }
      const reuse = options.reuse;
      if (!reuse) return parseBody(text) as T;
      if (last && last.text === text && last.reuse === reuse) return last.value as T;
      const more = last && last.reuse === reuse && options.extend ? appendedItems(last.text, text) : null;
      const items = more === null ? undefined : parseBody(more);
      const value = await (Array.isArray(items) ? options.extend!(last!.value, items) : reuse(await parseLongBody(text)));
      lastAnswers.delete(path);
      const answer: ReusableAnswer = { text, reuse, value };
      lastAnswers.set(path, answer);
      // Once the answer is shown (the next poll is seconds away): not in the frames that draw it.
      if (text.length >= PARSE_IN_SLICES_CHARS)
        setTimeout(
          () =>
            void import('./answerTag.ts')
              .then((tags) => tags.expressEtag(text))
              .then(
                (tag) => tag && (answer.tag = tag),
                () => undefined,
              ),
          TAG_AFTER_MS,
        );
      if (lastAnswers.size > REUSE_PATHS) lastAnswers.delete(lastAnswers.keys().next().value!);
      return value as T;
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', forwardAbort);
    }
  };
}
