import { createRequire } from 'node:module';
import { describe, expect, it, vi } from 'vitest';
import { appendedItems } from './answerMemory.ts';
import { createHttp } from './http.ts';
import { listMessages } from './messages.ts';
import { afterFakeTime, nextTask } from '../test/fakeTime.ts';

const apiUrl = 'https://api.test/v3';

/** A fetch that answers each call with the next text of `answers` (the last one repeats), recording each init. */
function scriptedFetch(answers: string[]) {
  const inits: RequestInit[] = [];
  const fetch = vi.fn(async (_url: RequestInfo | URL, init: RequestInit = {}) => {
    inits.push(init);
    return new Response(answers[Math.min(inits.length - 1, answers.length - 1)], { status: 200 });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, inits };
}

const message = (id: string, text: string) => ({
  _id: id,
  text,
  sender: 'a',
  senderFullname: 'Ann',
  type: 'text',
  createdAt: '2024-05-01T10:00:00.000Z',
  status: 200,
});
const one = JSON.stringify([message('m1', 'hello')]);
const two = JSON.stringify([message('m1', 'hello'), message('m2', 'again')]);

describe('cheap polls', () => {
  it('an unchanged history answer returns the very same array, without parsing or normalising it again', async () => {
    const { fetch } = scriptedFetch([one, one, two, two]);
    const http = createHttp({ apiUrl, fetch });
    const parse = vi.spyOn(JSON, 'parse');
    const first = await listMessages(http, 'JWT t', 'p', 'r1');
    expect(first.map((m) => m.text)).toEqual(['hello']);
    const parsesAfterFirst = parse.mock.calls.length;
    const second = await listMessages(http, 'JWT t', 'p', 'r1');
    expect(second).toBe(first);
    expect(parse.mock.calls.length).toBe(parsesAfterFirst);
    // Something new: a new array, and the next unchanged answer keeps that one.
    const third = await listMessages(http, 'JWT t', 'p', 'r1');
    expect(third).not.toBe(first);
    expect(third.map((m) => m.text)).toEqual(['hello', 'again']);
    expect(await listMessages(http, 'JWT t', 'p', 'r1')).toBe(third);
    // One parse for the changed answer, none for the unchanged ones.
    expect(parse.mock.calls.length - parsesAfterFirst).toBe(1);
    parse.mockRestore();
  });

  it('polls ask the browser to revalidate (If-None-Match/304 by itself); other calls keep the default cache mode', async () => {
    const { fetch, inits } = scriptedFetch([one]);
    const http = createHttp({ apiUrl, fetch });
    await listMessages(http, 'JWT t', 'p', 'r1');
    await http('GET', '/p/widgets');
    expect(inits[0]!.cache).toBe('no-cache');
    expect(inits[0]!.credentials).toBe('omit');
    expect(inits[1]!.cache).toBeUndefined();
  });

  it('remembers per widget instance and per conversation: no state shared between two http instances or two requests', async () => {
    const a = createHttp({ apiUrl, fetch: scriptedFetch([one]).fetch });
    const b = createHttp({ apiUrl, fetch: scriptedFetch([one]).fetch });
    const fromA = await listMessages(a, 'JWT t', 'p', 'r1');
    const fromB = await listMessages(b, 'JWT t', 'p', 'r1');
    expect(fromB).not.toBe(fromA);
    expect(fromB).toEqual(fromA);
    const otherConversation = await listMessages(a, 'JWT t', 'p', 'r2');
    expect(otherConversation).not.toBe(fromA);
    expect(await listMessages(a, 'JWT t', 'p', 'r1')).toBe(fromA);
  });

  it('an error answer is not remembered: the next identical success is read afresh after it', async () => {
    let call = 0;
    const fetch = (async () => (++call === 2 ? new Response('Unauthorized', { status: 401 }) : new Response(one))) as unknown as typeof globalThis.fetch;
    const http = createHttp({ apiUrl, fetch });
    const first = await listMessages(http, 'JWT t', 'p', 'r1');
    await expect(listMessages(http, 'JWT t', 'p', 'r1')).rejects.toMatchObject({ status: 401 });
    // Still the same text as the last success: the same array.
    expect(await listMessages(http, 'JWT t', 'p', 'r1')).toBe(first);
  });
});

describe('a 304 that reaches the widget', () => {
  it('(a fetch wrapper or service worker revalidating by itself) answers the array held, not an error', async () => {
    let call = 0;
    const fetch = (async () => (++call === 1 ? new Response(one) : new Response(null, { status: 304 }))) as unknown as typeof globalThis.fetch;
    const http = createHttp({ apiUrl, fetch });
    const first = await listMessages(http, 'JWT t', 'p', 'r1');
    expect(await listMessages(http, 'JWT t', 'p', 'r1')).toBe(first);
    // Without an answer held for that conversation, a 304 is an error like any other non-2xx.
    await expect(listMessages(http, 'JWT t', 'p', 'r2')).rejects.toMatchObject({ status: 304 });
  });
});

describe('an answer that only grew at its end', () => {
  const three = JSON.stringify([message('m1', 'hello'), message('m2', 'again'), { _id: 'm3', text: 'undated', sender: 'b' }]);
  const edited = JSON.stringify([message('m1', 'hello, edited'), message('m2', 'again'), message('m3', 'more')]);

  it('parses and normalises only the new messages; the held ones stay the same objects, the result equals a whole reading', async () => {
    const { fetch } = scriptedFetch([one, three, edited]);
    const http = createHttp({ apiUrl, fetch });
    const first = await listMessages(http, 'JWT t', 'p', 'r1');
    const parse = vi.spyOn(JSON, 'parse');
    const grown = await listMessages(http, 'JWT t', 'p', 'r1');
    expect(parse.mock.calls.map(([text]) => String(text).length)).toEqual([three.length - one.length + 1]);
    parse.mockRestore();
    expect(grown[0]).toBe(first[0]);
    // The same as reading the whole answer afresh (the undated one takes the time before it).
    const whole = await listMessages(createHttp({ apiUrl, fetch: scriptedFetch([three]).fetch }), 'JWT t', 'p', 'r1');
    expect(grown).toEqual(whole);
    // A message changed before the end: the whole answer is read again.
    const again = await listMessages(http, 'JWT t', 'p', 'r1');
    expect(again.map((m) => m.text)).toEqual(['hello, edited', 'again', 'more']);
    expect(again[0]).not.toBe(first[0]);
  });

  it('tells what was appended only when the text before it is the same up to the closing bracket', () => {
    expect(appendedItems('[1,2]', '[1,2,3,{"a":"]"}]')).toBe('[3,{"a":"]"}]');
    expect(appendedItems('[1,[2]]', '[1,[2],3]')).toBe('[3]');
    expect(appendedItems('[1,2]\n', '[1,2,3]')).toBeNull();
    expect(appendedItems('[1,2]', '[1,2]')).toBeNull();
    expect(appendedItems('[1,2]', '[1,23]')).toBeNull();
    expect(appendedItems('[1,2]', '[1,3,4]')).toBeNull();
    expect(appendedItems('[]', '[1]')).toBeNull();
    expect(appendedItems('{"a":[1]}', '{"a":[1],"b":2}')).toBeNull();
    expect(appendedItems('"x"', '"x",1]')).toBeNull();
  });

  it('a long history answer is never read by one JSON.parse of the whole text (a long task on a slow phone), and reads the same', async () => {
    const history = Array.from({ length: 3000 }, (_, i) => message(`m${i}`, i % 7 ? `message ${i} },{ ${'x'.repeat(60)}` : 'hi'));
    const text = JSON.stringify(history);
    expect(text.length).toBeGreaterThan(256 * 1024);
    const { fetch } = scriptedFetch([text]);
    const http = createHttp({ apiUrl, fetch });
    const parse = vi.spyOn(JSON, 'parse');
    const read = await listMessages(http, 'JWT t', 'p', 'r1');
    const longest = Math.max(...parse.mock.calls.map(([t]) => String(t).length));
    parse.mockRestore();
    expect(longest).toBeLessThan(text.length / 4);
    expect(read.map((m) => m._id)).toEqual(history.map((m) => m._id));
    expect(read.map((m) => m.text)).toEqual(history.map((m) => m.text));
  });

  it('a poll reads its answer from the body a piece at a time, never with `text()` (the browser would hand a long one over in one task)', async () => {
    const history = Array.from({ length: 2000 }, (_, i) => message(`m${i}`, `message ${i} ${'é'.repeat(100)}`));
    const text = JSON.stringify(history);
    const grown = JSON.stringify([...history, message('new', 'again')]);
    const textCalls = vi.spyOn(Response.prototype, 'text');
    const { fetch } = scriptedFetch([text, grown]);
    const http = createHttp({ apiUrl, fetch });
    const read = await listMessages(http, 'JWT t', 'p', 'r1');
    expect(read.map((m) => m.text)).toEqual(history.map((m) => m.text));
    // With the answer held: compared with it, only the new message read.
    const next = await listMessages(http, 'JWT t', 'p', 'r1');
    expect(next.at(-1)!.text).toBe('again');
    expect(next.slice(0, -1)).toEqual(read);
    expect(textCalls).not.toHaveBeenCalled();
    textCalls.mockRestore();
  });

  it("sends a long answer's ETag itself, so an unchanged one is a 304 it sees (the browser's cached copy is never read) and the same array", async () => {
    const history = JSON.stringify(Array.from({ length: 3000 }, (_, i) => message(`m${i}`, `message ${i} ${'x'.repeat(60)}`)));
    const etag = createRequire(import.meta.url)('etag') as (text: string, options: { weak: boolean }) => string;
    let current = history;
    const inits: RequestInit[] = [];
    const statuses: number[] = [];
    // Express: 304 when the request's tag is the answer's and it does not say no-cache.
    const fetch = vi.fn(async (_url: RequestInfo | URL, init: RequestInit = {}) => {
      inits.push(init);
      const sent = new Headers(init.headers);
      const fresh = sent.get('If-None-Match') === etag(current, { weak: true }) && !/no-cache/.test(sent.get('Cache-Control') ?? '');
      statuses.push(fresh ? 304 : 200);
      return fresh ? new Response(null, { status: 304 }) : new Response(current);
    });
    const http = createHttp({ apiUrl, fetch: fetch });
    const first = await listMessages(http, 'JWT t', 'p', 'r1');
    expect(first).toHaveLength(3000);
    expect(inits[0]!.cache).toBe('no-cache');
    expect(new Headers(inits[0]!.headers).has('If-None-Match')).toBe(false);
    // The tag is worked out after the answer is read (a chunk of its own, SubtleCrypto): polls go on meanwhile.
    await vi.waitFor(async () => {
      expect(await listMessages(http, 'JWT t', 'p', 'r1')).toBe(first);
      expect(statuses.at(-1)).toBe(304);
    }, 5000);
    const sent = inits.at(-1)!;
    expect(new Headers(sent.headers).get('Cache-Control')).toBe('max-age=0');
    expect(sent.cache).toBe('no-store');
    // A changed answer is read as before; a short one gets no tag of ours.
    current = one;
    // Past the time a long answer's tag is worked out (TAG_AFTER_MS), and its code and hash done.
    await afterFakeTime(10_000, async () => expect((await listMessages(http, 'JWT t', 'p', 'r1')).map((m) => m.text)).toEqual(['hello']));
    await vi.dynamicImportSettled();
    await nextTask();
    await listMessages(http, 'JWT t', 'p', 'r1');
    expect(new Headers(inits.at(-1)!.headers).has('If-None-Match')).toBe(false);
    expect(inits.at(-1)!.cache).toBe('no-cache');
  });
});
