/**
 * What the reference's Express stack answers by construction (docs/service.md §0, §9, §11):
 * ETags and 304 on JSON answers, cors() preflights, body-parser's 413 and 500, multer's limits.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expressEtag } from '../../src/api/answerTag.ts';
import { type Kit, newRequestId, PID, send, startKit } from './testkit.ts';

let kit: Kit;
let token: string;
beforeAll(async () => {
  kit = await startKit();
});
afterAll(() => kit.demo.close());
beforeEach(async () => {
  await kit.reset();
  token = (await kit.guest()).token;
});

/**
 * A revalidation as a browser's cache sends it. (A fetch() given If-None-Match by hand also
 * sends `Cache-Control: no-cache`, which makes Express answer in full, unless told otherwise.)
 */
const revalidate = (etag: string | null, headers: Record<string, string> = {}) => ({ 'If-None-Match': etag ?? '', 'Cache-Control': 'max-age=0', ...headers });

describe('ETag / If-None-Match', () => {
  it('answers an unchanged message list with 304 and no body, a changed one with 200 and a new ETag', async () => {
    const rid = newRequestId();
    await send(kit, token, rid, { text: 'first' });
    const first = await kit.call(`/${PID}/requests/${rid}/messages`, { token });
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/"[\w+/=-]+"$/);
    const again = await kit.call(`/${PID}/requests/${rid}/messages`, { token, headers: revalidate(etag) });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    await send(kit, token, rid, { text: 'second' });
    const changed = await kit.call(`/${PID}/requests/${rid}/messages`, { token, headers: revalidate(etag) });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(((await changed.json()) as Array<{ text?: string }>).map((m) => m.text)).toContain('second');
  });

  it('answers a long history with the ETag the widget works out from its text (api/answerTag.ts), and 304 to that tag sent as the widget sends it', async () => {
    const rid = newRequestId();
    await send(kit, token, rid, { text: 'héllo 👋 },{ "quoted"' });
    const first = await kit.call(`/${PID}/requests/${rid}/messages`, { token });
    const text = await first.text();
    expect(await expressEtag(text)).toBe(first.headers.get('etag'));
    // cache: 'no-store' makes the browser add `Pragma: no-cache`; the widget's own Cache-Control keeps it from adding no-cache.
    const again = await kit.call(`/${PID}/requests/${rid}/messages`, {
      token,
      headers: { 'If-None-Match': (await expressEtag(text))!, 'Cache-Control': 'max-age=0', Pragma: 'no-cache' },
    });
    expect(again.status).toBe(304);
  });

  it('answers an unchanged /widgets with 304, and 200 once the project changes', async () => {
    const first = await kit.call(`/${PID}/widgets`, { headers: { 'X-Forwarded-For': '203.0.113.7' } });
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^W\//);
    const same = await kit.call(`/${PID}/widgets`, { headers: revalidate(etag, { 'X-Forwarded-For': '203.0.113.7' }) });
    expect(same.status).toBe(304);
    kit.demo.store.project(PID)!.widget.themeColor = '#123456';
    const changed = await kit.call(`/${PID}/widgets`, { headers: revalidate(etag, { 'X-Forwarded-For': '203.0.113.7' }) });
    expect(changed.status).toBe(200);
  });
});

describe('CORS (cors() defaults)', () => {
  it('answers a preflight with 204, any origin, the default methods and the requested headers', async () => {
    const res = await kit.call(`/${PID}/requests/${newRequestId()}/messages`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://shop.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,content-type' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toBe('GET,HEAD,PUT,PATCH,POST,DELETE');
    expect(res.headers.get('access-control-allow-headers')).toBe('authorization,content-type');
    expect(res.headers.get('vary')).toContain('Access-Control-Request-Headers');
    expect(await res.text()).toBe('');
  });

  it('marks answers readable by any origin, refusals included', async () => {
    const res = await kit.call(`/${PID}/requests/${newRequestId()}/messages`, { headers: { Origin: 'https://shop.example' } });
    expect(res.status).toBe(401);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('bodies (body-parser, then the final error handler)', () => {
  it('answers a JSON body over 512000 bytes with 413 and the limit, before CORS', async () => {
    const res = await send(kit, token, newRequestId(), { text: 'x'.repeat(512_001) });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ err: 'Request entity too large', limit: 512000 });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('accepts a body just under the limit', async () => {
    const res = await send(kit, token, newRequestId(), { text: 'x'.repeat(511_000) });
    expect(res.status).toBe(200);
  });

  it('answers malformed JSON with 500 {"err":"error"}', async () => {
    const res = await kit.call(`/${PID}/requests/${newRequestId()}/messages`, {
      method: 'POST',
      token,
      headers: { 'content-type': 'application/json' },
      body: '{"text":',
    });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ err: 'error' });
  });
});

describe('uploads (multer)', () => {
  const png = () => new Blob([new Uint8Array(readFileSync(new URL('../assets/sample.png', import.meta.url)))], { type: 'image/png' });
  const post = (form: FormData) => kit.call(`/${PID}/files/chat`, { method: 'POST', body: form, token });

  it('refuses a second file in the field: single("file") takes one', async () => {
    const form = new FormData();
    form.append('file', png(), 'a.png');
    form.append('file', png(), 'b.png');
    const res = await post(form);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ success: false, error: 'Unexpected field', code: 'LIMIT_UNEXPECTED_FILE' });
  });

  it('takes the text fields beside the file, and a file of exactly the limit', async () => {
    const form = new FormData();
    form.append('note', 'hello');
    form.append('file', new Blob([new Uint8Array(1_024_000).fill(0x61)], { type: 'text/plain' }), 'limit.txt');
    const res = await post(form);
    expect(res.status).toBe(201);
    expect(((await res.json()) as { filename: string }).filename).toMatch(/\/limit\.txt$/);
  });

  it('keeps a non-ASCII file name, and offers it for download with an RFC 5987 fallback', async () => {
    const form = new FormData();
    form.append('file', png(), 'фонарь.png');
    const { filename } = (await (await post(form)).json()) as { filename: string };
    expect(filename).toMatch(/\/фонарь\.png$/);
    const download = await kit.call(`/files/download?path=${encodeURIComponent(filename)}`);
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="??????.png"; filename*=UTF-8''${encodeURIComponent('фонарь')}.png`);
    expect(download.headers.get('content-type')).toBe('image/png');
  });
});
