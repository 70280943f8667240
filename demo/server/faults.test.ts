import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Kit, newRequestId, PID, send, setFaults, startKit, history } from './testkit.ts';

let kit: Kit;
beforeAll(async () => {
  kit = await startKit();
});
afterAll(() => kit.demo.close());
beforeEach(() => kit.reset());

const faults = async () => (await (await fetch(`${kit.demo.apiOrigin}/__demo/faults`)).json()) as Record<string, unknown>;

describe('fault switches', () => {
  it('starts with everything off and validates updates', async () => {
    expect(await faults()).toEqual({
      latencyMs: 0,
      status429: null,
      status5xx: null,
      dropAfterStore: null,
      revokeTokens: false,
      refuseGuests: null,
      refuseWebsocket: false,
      hangWebsocket: false,
      referenceSocket: false,
      disableTranscripts: false,
      badChat21Token: false,
    });
    const bad = await setFaults(kit, { latencyMs: -1 });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/latencyMs/);
    expect((await setFaults(kit, { nope: true })).status).toBe(400);
  });

  it('latencyMs delays widget-facing answers', async () => {
    await setFaults(kit, { latencyMs: 200 });
    const started = Date.now();
    await kit.call(`/${PID}/widgets`);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });

  it('status429 answers the given number of requests with Retry-After', async () => {
    await setFaults(kit, { status429: { count: 2, retryAfter: 3 } });
    for (let i = 0; i < 2; i++) {
      const res = await kit.call(`/${PID}/widgets`);
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBe('3');
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-expose-headers')).toBe('Retry-After');
      expect(await res.json()).toEqual({ message: 'Rate limit exceeded' });
    }
    expect((await kit.call(`/${PID}/widgets`)).status).toBe(200);
    expect((await faults()).status429).toBeNull();
  });

  it('status5xx can target a method and a path, and spares agent calls', async () => {
    const guest = await kit.guest();
    const agent = await kit.agent();
    await setFaults(kit, { status5xx: { count: 1, status: 503, method: 'POST', path: '/messages' } });
    expect((await kit.call(`/${PID}/widgets`)).status).toBe(200);
    expect((await send(kit, agent.token, newRequestId(), { text: 'agent' })).status).toBe(200);
    const failed = await send(kit, guest.token, newRequestId(), { text: 'guest' });
    expect(failed.status).toBe(503);
    expect(await failed.text()).toBe('Service Unavailable');
    await setFaults(kit, { status5xx: { count: 1 } });
    const generic = await kit.call(`/${PID}/widgets`);
    expect(generic.status).toBe(500);
    expect(await generic.json()).toEqual({ err: 'error' });
  });

  it('dropAfterStore stores the message and drops the connection', async () => {
    const guest = await kit.guest();
    const rid = newRequestId();
    await setFaults(kit, { dropAfterStore: { count: 1 } });
    await expect(send(kit, guest.token, rid, { text: 'lost answer', attributes: { tempUID: 'u1' } })).rejects.toThrow();
    const stored = await history(kit, guest.token, rid);
    expect(stored.filter((m) => m.sender !== 'system').map((m) => m.attributes?.tempUID)).toEqual(['u1']);
    expect((await send(kit, guest.token, rid, { text: 'fine' })).status).toBe(200);
  });

  it('revokeTokens invalidates every guest token issued so far (401), not new ones', async () => {
    const guest = await kit.guest();
    const path = `/${PID}/requests/${newRequestId()}/messages`;
    expect((await kit.call(path, { token: guest.token })).status).toBe(200);
    await setFaults(kit, { revokeTokens: true });
    expect((await faults()).revokeTokens).toBe(true);
    const revoked = await kit.call(path, { token: guest.token });
    expect(revoked.status).toBe(401);
    expect(await revoked.text()).toBe('Unauthorized');
    const fresh = await kit.guest();
    expect((await kit.call(path, { token: fresh.token })).status).toBe(200);
    await setFaults(kit, { revokeTokens: false });
    expect((await kit.call(path, { token: guest.token })).status).toBe(200);
  });

  it('referenceSocket takes a boolean; a demo started with it returns to it on reset', async () => {
    expect((await setFaults(kit, { referenceSocket: 'yes' })).status).toBe(400);
    const reference = await startKit({ referenceSocket: true });
    try {
      const state = async () => (await (await fetch(`${reference.demo.apiOrigin}/__demo/faults`)).json()) as { referenceSocket: boolean };
      expect((await state()).referenceSocket).toBe(true);
      await setFaults(reference, { referenceSocket: false });
      expect((await state()).referenceSocket).toBe(false);
      await reference.reset();
      expect((await state()).referenceSocket).toBe(true);
    } finally {
      await reference.demo.close();
    }
  });

  it('refuseGuests answers guest tokens issued so far as the reference refuses them: 403 membership or 400', async () => {
    const guest = await kit.guest();
    const agent = await kit.agent();
    const path = `/${PID}/requests/${newRequestId()}/messages`;
    await setFaults(kit, { refuseGuests: { as: 'membership' } });
    const refused = await kit.call(path, { token: guest.token });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
    expect(await refused.json()).toEqual({ success: false, msg: 'you dont belong to the project.' });
    const fresh = await kit.guest();
    expect((await kit.call(path, { token: fresh.token })).status).toBe(200);
    expect((await kit.call(path, { token: agent.token })).status).toBe(200);
    await setFaults(kit, { refuseGuests: { as: 'malformed' } });
    const malformed = await kit.call(path, { token: fresh.token });
    expect(malformed.status).toBe(400);
    expect(await malformed.text()).toBe('Bad Request');
    await setFaults(kit, { refuseGuests: { as: 'membership', all: true } });
    expect((await kit.call(path, { token: (await kit.guest()).token })).status).toBe(403);
    await setFaults(kit, { refuseGuests: null });
    expect((await kit.call(path, { token: guest.token })).status).toBe(200);
    expect((await setFaults(kit, { refuseGuests: { as: 'other' } })).status).toBe(400);
  });

  it('never applies to /__demo and is cleared by reset', async () => {
    await setFaults(kit, { status5xx: { count: 5 } });
    expect((await fetch(`${kit.demo.apiOrigin}/__demo/faults`)).status).toBe(200);
    await kit.reset();
    expect((await faults()).status5xx).toBeNull();
  });
});
