import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RequestListResponse } from '../../src/api/wire.ts';
import { type Kit, newRequestId, PID, send, startKit } from './testkit.ts';

let kit: Kit;
beforeAll(async () => {
  kit = await startKit();
});
afterAll(() => kit.demo.close());
beforeEach(() => kit.reset());

async function me(token: string, query = ''): Promise<{ status: number; body: RequestListResponse }> {
  const res = await kit.call(`/${PID}/requests/me${query}`, { token });
  return { status: res.status, body: (await res.json()) as RequestListResponse };
}

const ids = (list: RequestListResponse) => list.requests.map((r) => r.request_id).sort();

describe('GET /:pid/requests/me (docs/service.md §7)', () => {
  it('answers {perPage, count, requests} with the visitor own open, non-preflight requests by default', async () => {
    const guest = await kit.guest();
    const other = await kit.guest();
    const open = newRequestId();
    const closed = newRequestId();
    const preflight = newRequestId();
    await send(kit, guest.token, open, { text: 'open' });
    await send(kit, guest.token, closed, { text: 'closed' });
    await send(kit, guest.token, preflight, { text: 'preflight', preflight: true });
    await send(kit, other.token, newRequestId(), { text: 'not mine' });
    await kit.call(`/${PID}/requests/${closed}/closeg`, { method: 'PUT', token: guest.token });

    const byDefault = await me(guest.token);
    expect(byDefault.status).toBe(200);
    expect(Object.keys(byDefault.body).sort()).toEqual(['count', 'perPage', 'requests']);
    expect(byDefault.body).toMatchObject({ perPage: 40, count: 1 });
    expect(ids(byDefault.body)).toEqual([open]);
    expect(byDefault.body.requests[0]).toMatchObject({ request_id: open, status: 200, requester: { uuid_user: guest.user._id } });

    expect(ids((await me(guest.token, '?status=1000')).body)).toEqual([closed]);
    const all = (await me(guest.token, '?status=all')).body;
    expect(all.count).toBe(2);
    expect(ids(all)).toEqual([open, closed].sort());
    expect(ids((await me(guest.token, '?status=all&preflight=true')).body)).toEqual([open, closed, preflight].sort());
    expect(ids((await me(guest.token, '?preflight=true')).body)).toEqual([open, preflight].sort());
    expect(ids((await me(other.token)).body)).toHaveLength(1);
  });

  it('paginates like the reference: limit (above 100 → 40), 0-based page, newest first', async () => {
    const guest = await kit.guest();
    const rids = [newRequestId(), newRequestId(), newRequestId()];
    for (const rid of rids) {
      await send(kit, guest.token, rid, { text: rid });
      await new Promise((r) => setTimeout(r, 5));
    }
    const first = (await me(guest.token, '?limit=2')).body;
    expect(first).toMatchObject({ perPage: 2, count: 3 });
    expect(first.requests.map((r) => r.request_id)).toEqual([rids[2], rids[1]]);
    expect((await me(guest.token, '?limit=2&page=1')).body.requests.map((r) => r.request_id)).toEqual([rids[0]]);
    expect((await me(guest.token, '?limit=500')).body.perPage).toBe(40);
  });

  it("keeps each request's last message from the second message on (`attributes.last_message`), as the conversation list shows it", async () => {
    const guest = await kit.guest();
    const agent = await kit.agent();
    const rid = newRequestId();
    await send(kit, guest.token, rid, { text: 'first' });
    let [only] = (await me(guest.token)).body.requests;
    expect(only).toMatchObject({ request_id: rid, first_text: 'first' });
    expect(only?.attributes?.last_message).toBeUndefined();
    await send(kit, agent.token, rid, { text: 'an answer' });
    [only] = (await me(guest.token)).body.requests;
    expect(only?.attributes?.last_message).toMatchObject({ text: 'an answer', recipient: rid, sender: agent.user._id });
    expect(Date.parse(only!.updatedAt!)).toBeGreaterThanOrEqual(Date.parse(only!.createdAt));
  });

  it('needs a token', async () => {
    const res = await kit.call(`/${PID}/requests/me`);
    expect(res.status).toBe(401);
  });
});
