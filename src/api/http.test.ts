import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError, createHttp, joinUrl } from './http.ts';
import { parseRetryAfter } from './retryAfter.ts';
import { createFakeFetch } from '../test/fakeFetch.ts';

const apiUrl = 'https://api.test/v3';

describe('createHttp', () => {
  it('appends paths without /v3, sends the token verbatim, JSON bodies and no credentials', async () => {
    const { fetch, calls } = createFakeFetch(apiUrl, () => ({ body: { ok: true } }));
    const http = createHttp({ apiUrl: `${apiUrl}/`, fetch });
    const answer = await http('POST', '/p1/requests/r1/messages', { token: 'JWT abc', body: { text: 'hi' } });
    expect(answer).toEqual({ ok: true });
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: 'https://api.test/v3/p1/requests/r1/messages',
      credentials: 'omit',
      body: { text: 'hi' },
      headers: { Authorization: 'JWT abc', 'Content-Type': 'application/json', Accept: 'application/json' },
    });
  });

  it('sends no Authorization or Content-Type when there is no token or body', async () => {
    const { fetch, calls } = createFakeFetch(apiUrl, () => ({ body: [] }));
    await createHttp({ apiUrl, fetch })('GET', '/p1/widgets');
    expect(calls[0]!.headers.Authorization).toBeUndefined();
    expect(calls[0]!.headers['Content-Type']).toBeUndefined();
  });

  it("turns the reference server's plain-text 401 into an ApiError", async () => {
    const { fetch } = createFakeFetch(apiUrl, () => ({ status: 401, body: 'Unauthorized' }));
    const error = await createHttp({ apiUrl, fetch })('GET', '/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).body).toBe('Unauthorized');
  });

  it('reads Retry-After on 429', async () => {
    const { fetch } = createFakeFetch(apiUrl, () => ({ status: 429, body: { message: 'Rate limit exceeded' }, headers: { 'Retry-After': '7' } }));
    const error = (await createHttp({ apiUrl, fetch })('POST', '/x', { body: {} }).catch((e: unknown) => e)) as ApiError;
    expect(error.retryAfter).toBe('7');
    expect(error.body).toEqual({ message: 'Rate limit exceeded' });
  });

  it('reports a network failure and a timeout as NetworkError', async () => {
    const down = createFakeFetch(apiUrl, () => 'network-error');
    const e1 = await createHttp({ apiUrl, fetch: down.fetch })('GET', '/x').catch((e: unknown) => e);
    expect(e1).toBeInstanceOf(NetworkError);
    expect((e1 as NetworkError).timedOut).toBe(false);
    const hang = createFakeFetch(apiUrl, () => 'hang');
    const e2 = await createHttp({ apiUrl, fetch: hang.fetch, timeoutMs: 20 })('GET', '/x').catch((e: unknown) => e);
    expect(e2).toBeInstanceOf(NetworkError);
    expect((e2 as NetworkError).timedOut).toBe(true);
  });
});

describe('parseRetryAfter and joinUrl', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('3')).toBe(3);
    expect(parseRetryAfter(null)).toBeNull();
    expect(parseRetryAfter('soon')).toBeNull();
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4_000)).toBe(6);
  });
  it('joins without doubling slashes', () => {
    expect(joinUrl('https://a/v3/', '/auth/x')).toBe('https://a/v3/auth/x');
    expect(joinUrl('https://a/v3', 'auth/x')).toBe('https://a/v3/auth/x');
  });
});

describe('the time limit', () => {
  it('holds even when the page fetch ignores the AbortSignal and never settles', async () => {
    const deaf = (() => new Promise<Response>(() => {})) as typeof fetch;
    const started = Date.now();
    const error = await createHttp({ apiUrl, fetch: deaf, timeoutMs: 30 })('GET', '/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).timedOut).toBe(true);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('holds when the headers arrive but the body never ends', async () => {
    const endless = (() => Promise.resolve(new Response(new ReadableStream({ start() {} }), { status: 200 }))) as typeof fetch;
    const error = await createHttp({ apiUrl, fetch: endless, timeoutMs: 30 })('GET', '/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).timedOut).toBe(true);
  });
});
