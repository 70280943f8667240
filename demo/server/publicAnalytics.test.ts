import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_AGENT, DEMO_BOT_ID } from './seed.ts';
import { eventually, type Kit, newRequestId, PID, send, startKit } from './testkit.ts';

let kit: Kit;
beforeAll(async () => {
  kit = await startKit();
});
afterAll(() => kit.demo.close());
beforeEach(() => kit.reset());

const waiting = async () => {
  const res = await kit.call(`/${PID}/publicanalytics/waiting/current`);
  expect(res.status).toBe(200);
  return (await res.json()) as Array<{ _id: string; waiting_time_avg: number }>;
};

describe('GET /:pid/publicanalytics/waiting/current', () => {
  it('needs no auth: [] until a recent request is answered, then the average wait in ms', async () => {
    expect(await waiting()).toEqual([]);
    const guest = await kit.guest();
    const rid = newRequestId();
    const first = await send(kit, guest.token, rid, { text: 'Hello?' });
    expect(first.status).toBe(200);
    // The first answer from a participant sets the request's waiting_time: answer as the one that
    // routing chose (an agent at random, or the bot), so the test never waits on chance.
    const routed = (await first.json()) as { request?: { participants?: string[] } };
    const participant = routed.request?.participants?.[0] ?? DEMO_AGENT.id;
    const agent = await kit.agent();
    await send(kit, agent.token, rid, { text: 'Hi, how can I help?', sender: participant });
    const answer = await eventually(async () => {
      const list = await waiting();
      return list.length ? list : undefined;
    }, 10_000);
    expect(answer).toEqual([{ _id: PID, waiting_time_avg: expect.any(Number) }]);
    expect(answer[0]!.waiting_time_avg).toBeGreaterThanOrEqual(0);
  });
});

describe('agent photos', () => {
  it('are served where the official widget looks, for the agents and the bot (without bot_)', async () => {
    for (const id of [DEMO_AGENT.id, DEMO_BOT_ID]) {
      const res = await kit.call(`/files?path=${encodeURIComponent(`uploads/users/${id}/images/photo.jpg`)}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect([...new Uint8Array(await res.arrayBuffer()).slice(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
    }
    expect((await kit.call(`/files?path=${encodeURIComponent('uploads/users/nobody/images/photo.jpg')}`)).status).toBe(404);
  });
});
