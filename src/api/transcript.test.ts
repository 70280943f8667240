import { describe, expect, it } from 'vitest';
import { createFakeFetch, type Reply } from '../test/fakeFetch.ts';
import { createHttp } from './http.ts';
import { fetchTextTranscript, transcriptPath, transcriptUrl } from './transcript.ts';

const apiUrl = 'https://api.test/v3';
const rid = 'support-group-65f0c0ffee0000000000d3e0-0123456789abcdef0123456789abcdef';
const REFERENCE_TEXT = 'Chat transcript:\n[ 1/2/2024, 10:00:00 AM] Jane Doe: Hello\n';

function answering(reply: Reply) {
  const fake = createFakeFetch(apiUrl, () => reply);
  return { http: createHttp({ apiUrl, fetch: fake.fetch, timeoutMs: 50 }), calls: fake.calls };
}

describe('transcript URLs', () => {
  it('are the public routes under the API root, the id encoded', () => {
    expect(transcriptUrl(`${apiUrl}/`, rid, 'html')).toBe(`${apiUrl}/public/requests/${rid}/messages.html`);
    expect(transcriptUrl(apiUrl, rid, 'txt')).toBe(`${apiUrl}/public/requests/${rid}/messages.txt`);
    expect(transcriptPath('a/b?c', 'txt')).toBe('/public/requests/a%2Fb%3Fc/messages.txt');
  });
});

describe('fetchTextTranscript', () => {
  it('GETs the .txt without a token and gives its text (the reference sends it as text/html)', async () => {
    const { http, calls } = answering({ body: REFERENCE_TEXT, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
    expect(await fetchTextTranscript(http, rid)).toEqual({ served: true, text: REFERENCE_TEXT });
    expect(calls[0]).toMatchObject({ method: 'GET', path: `/public/requests/${rid}/messages.txt` });
    expect(calls[0]!.headers.Authorization).toBeUndefined();
  });

  it('reports "not served" for a 404, an Express HTML 404, the disabled route and an HTML page with 200', async () => {
    const cases: Array<[Reply, number]> = [
      [{ status: 404, body: { success: false, msg: 'Object not found.' } }, 404],
      [
        {
          status: 404,
          body: '<!DOCTYPE html>\n<html lang="en"><head><title>Error</title></head><body><pre>Cannot GET /public/requests/x/messages.txt</pre></body></html>',
        },
        404,
      ],
      [{ status: 400, body: { error: 'Invalid project id: public' } }, 400],
      [{ status: 200, body: '<!doctype html><html><body>Our app</body></html>' }, 200],
      [{ status: 200, body: { not: 'a transcript' } }, 200],
    ];
    for (const [reply, status] of cases) {
      expect(await fetchTextTranscript(answering(reply).http, rid)).toEqual({ served: false, reason: 'absent', status });
    }
  });

  it('reports a failure (5xx, offline, timeout) as "not served" too, never throwing', async () => {
    expect(await fetchTextTranscript(answering({ status: 500, body: { err: 'error' } }).http, rid)).toEqual({ served: false, reason: 'failed', status: 500 });
    expect(await fetchTextTranscript(answering('network-error').http, rid)).toEqual({ served: false, reason: 'failed', status: null });
    expect(await fetchTextTranscript(answering('hang').http, rid)).toEqual({ served: false, reason: 'failed', status: null });
  });
});
