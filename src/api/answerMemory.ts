import { readTextInSlices } from './bodyInSlices.ts';
import { parseBody, type RequestOptions } from './http.ts';

/**
 * What a GET read again and again (a poll, `RequestOptions.reuse`) remembers between two calls: the
 * last answer's raw text at each path and the value made of it, so an unchanged answer is the same
 * object again and an answer that grew at its end is parsed for its new items only. One per `http`
 * (one widget), never shared. Code of its own, a chunk of ~0.5 KB: a first open's first request polls
 * nothing, and a poll waits for it (http.ts). Not in the `later` chunk: a returning visitor's first
 * poll at start-up would evaluate all of that in one of the host page's tasks (the host bench's
 * longest widget task went from ~41 to ~48–63 ms at 4×; ~32 ms with this chunk alone).
 */
export interface AnswerMemory {
  /**
   * How a GET of `path` revalidates: the browser with the service's ETag (`no-cache`), or, for a long
   * answer whose tag was worked out here (answerTag.ts), with that tag sent by us in `headers`
   * (`no-store`): an unchanged answer is then a 304 we see, and the browser never hands the page its
   * cached copy (at 10,000 messages, ~5 MB read on the page's thread per poll).
   */
  revalidate(path: string, reuse: Reuse, headers: Record<string, string>): RequestCache;
  /** A 304 that reached us: the value held for `path`, if one was made by the same `reuse`. */
  held(path: string, reuse: Reuse): { value: unknown } | undefined;
  /** An answer's text, read a piece at a time (bodyInSlices.ts): `text()` hands the page a long one (a history) in one or two long tasks. */
  readText(response: Response): Promise<string>;
  /** The value of a 2xx answer's `text`: the one held when the text is the same, else made and remembered. */
  read(path: string, text: string, reuse: Reuse, extend: RequestOptions['extend']): Promise<unknown>;
}

type Reuse = NonNullable<RequestOptions['reuse']>;

/** The last answer read with `reuse` at one path: its raw text and what `reuse` made of it. */
interface ReusableAnswer {
  text: string;
  reuse: Reuse;
  value: unknown;
  /** The service's ETag of `text`, worked out here (answerTag.ts) for a long answer. */
  tag?: string;
}

/** Paths remembered (one per conversation polled; a visitor rarely has more than one). */
const REUSE_PATHS = 8;
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
  // Compared as equal strings, not with `startsWith`: V8 compares two strings' characters in bulk,
  // `startsWith` one by one (a history of 10,000 messages, ~5 MB: ~13 ms at 4× CPU, ~9× less so).
  return before.length > 2 && before[0] === '[' && before.endsWith(']') && after[head.length] === ',' && after.slice(0, head.length) === head
    ? `[${after.slice(head.length + 1)}`
    : null;
}

export function createAnswerMemory(): AnswerMemory {
  const lastAnswers = new Map<string, ReusableAnswer>();
  const held = (path: string, reuse: Reuse) => {
    const last = lastAnswers.get(path);
    return last?.reuse === reuse ? last : undefined;
  };
  return {
    revalidate(path, reuse, headers) {
      const tag = held(path, reuse)?.tag;
      if (!tag) return 'no-cache';
      headers['If-None-Match'] = tag;
      // Else the browser adds `Cache-Control: no-cache` to a request it does not cache itself, and
      // Express (`fresh`) answers that in full whatever the tag.
      headers['Cache-Control'] = 'max-age=0';
      return 'no-store';
    },
    held,
    readText: (response) => readTextInSlices(response),
    async read(path, text, reuse, extend) {
      const last = held(path, reuse);
      if (last?.text === text) return last.value;
      const more = last && extend ? appendedItems(last.text, text) : null;
      const items = more === null ? undefined : parseBody(more);
      const value = await (Array.isArray(items) ? extend!(last!.value, items) : reuse(await parseLongBody(text)));
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
      return value;
    },
  };
}
