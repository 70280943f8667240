import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WireMessage } from '../../src/api/wire.ts';
import { type Kit, history, newRequestId, PID, send, startKit } from './testkit.ts';

let kit: Kit;
beforeAll(async () => {
  kit = await startKit();
});
afterAll(() => kit.demo.close());

const seed = (body: unknown, project = '') =>
  fetch(`${kit.demo.apiOrigin}/__demo/seed-conversation${project ? `?project=${project}` : ''}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('POST /__demo/seed-conversation', () => {
  it('without a requestId: a new guest and a conversation of count messages, readable with the returned token', async () => {
    const started = Date.now();
    const res = await seed({ count: 5000 });
    expect(res.status).toBe(201);
    const answer = (await res.json()) as { requestId: string; token: string; count: number; total: number };
    expect(answer).toMatchObject({ count: 5000, total: 5000 });
    expect(answer.requestId).toMatch(new RegExp(`^support-group-${PID}-[0-9a-f]{32}$`));
    const messages = await history(kit, answer.token, answer.requestId);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(messages).toHaveLength(5000);
    expect(messages[0]!.text).toBe('Message 1 of 5000');
    expect(messages.at(-1)!.text).toBe('Message 5000 of 5000');
    // Both sides speak, oldest first, each with its own id.
    expect(new Set(messages.map((m) => m.sender)).size).toBe(2);
    expect(new Set(messages.map((m) => m._id)).size).toBe(5000);
    const times = messages.map((m) => Date.parse(m.createdAt));
    expect(times.every((t, i) => i === 0 || t > times[i - 1]!)).toBe(true);
    // The conversation is the guest's: it is among their requests.
    const mine = (await (await kit.call(`/${PID}/requests/me`, { token: answer.token })).json()) as { requests: Array<{ request_id: string }> };
    expect(mine.requests.map((r) => r.request_id)).toContain(answer.requestId);
  });

  it("with a requestId: older history goes in before the visitor's own first message, which stays last", async () => {
    const guest = await kit.guest();
    const rid = newRequestId();
    expect((await send(kit, guest.token, rid, { text: 'my question' })).status).toBe(200);
    const res = await seed({ requestId: rid, count: 200 });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ requestId: rid, count: 200 });
    const messages: WireMessage[] = (await history(kit, guest.token, rid)).filter((m) => m.sender !== 'system');
    expect(messages).toHaveLength(201);
    expect(messages.at(-1)!.text).toBe('my question');
    expect(messages[0]!.text).toBe('Message 1 of 200');
    // The visitor's seeded lines are theirs (same sender as the message they wrote).
    expect(messages[0]!.sender).toBe(messages.at(-1)!.sender);
  });

  it('answers 400 for a bad count or an unknown conversation, 404 for an unknown project', async () => {
    expect((await seed({ count: 0 })).status).toBe(400);
    expect((await seed({ count: 'many' })).status).toBe(400);
    expect((await seed({ count: 50_000 })).status).toBe(400);
    expect((await seed({ count: 3, requestId: newRequestId() })).status).toBe(400);
    expect((await seed({ count: 3 }, '65f0c0ffee00000000000bad')).status).toBe(404);
  });

  it('an unchanged history answers 304 to If-None-Match (weak ETag), compressed when it is not', async () => {
    const { requestId, token } = (await (await seed({ count: 1000 })).json()) as { requestId: string; token: string };
    const first = await kit.call(`/${PID}/requests/${requestId}/messages`, { token, headers: { 'accept-encoding': 'gzip' } });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-encoding')).toBe('gzip');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\//);
    await first.arrayBuffer();
    // node:http, not fetch: fetch adds `Cache-Control: no-cache` to a request carrying its own
    // If-None-Match (as the Fetch standard says), and Express then never answers 304.
    const again = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        `${kit.demo.apiUrl}/${PID}/requests/${requestId}/messages`,
        { headers: { authorization: token, 'if-none-match': etag! } },
        (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(again).toEqual({ status: 304, body: '' });
  });
});
