import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RequestListResponse, WireMessage } from '../../src/api/wire.ts';
import { RequestStatus } from '../../src/api/wire.ts';
import { DEMO_AGENT, DEMO_AGENT_2, DEMO_BOT_ID, DEPARTMENT_IDS } from './seed.ts';
import { eventually, history, type Kit, newRequestId, PID, putDemo, send, startKit } from './testkit.ts';

/**
 * A department with a bot (the seed's "Support"), as on the real service (docs/service.md §6, §8):
 * the bot takes the conversation first, and hands it to the department's agents when the visitor
 * asks for a person; the agents see it in their list all along.
 */
let kit: Kit;
beforeAll(async () => {
  kit = await startKit();
});
afterAll(() => kit.demo.close());
beforeEach(() => kit.reset());

const BOT = `bot_${DEMO_BOT_ID}`;

async function agentList(email: string, query = 'status=all'): Promise<RequestListResponse> {
  const agent = await kit.agent(email, 'demo');
  return (await (await kit.call(`/${PID}/requests?${query}`, { token: agent.token })).json()) as RequestListResponse;
}

async function requestOf(rid: string) {
  const list = await agentList(DEMO_AGENT.email);
  return list.requests.find((r) => r.request_id === rid);
}

/** A visitor's conversation with "Support": the bot answers the first message. */
async function supportConversation() {
  const guest = await kit.guest();
  const rid = newRequestId();
  await send(kit, guest.token, rid, { text: 'My lamp flickers', departmentid: DEPARTMENT_IDS.support });
  const [reply] = await eventually(async () => {
    const replies = (await history(kit, guest.token, rid)).filter((m) => m.sender === BOT);
    return replies.length ? replies : undefined;
  });
  return { guest, rid, reply: reply! };
}

const ids = (list: RequestListResponse) => list.requests.map((r) => r.request_id);

describe('a department answered by a bot', () => {
  it("lists its conversations for the console's agents (owner and agent), filtered by hasBot only when asked", async () => {
    const { rid } = await supportConversation();
    const guest = await kit.guest();
    const sales = newRequestId();
    await send(kit, guest.token, sales, { text: 'A quote please', departmentid: DEPARTMENT_IDS.sales });
    for (const email of [DEMO_AGENT.email, DEMO_AGENT_2.email]) {
      expect(ids(await agentList(email))).toEqual(expect.arrayContaining([rid, sales]));
    }
    expect(ids(await agentList(DEMO_AGENT.email, 'status=all&hasBot=true'))).toEqual([rid]);
    expect(ids(await agentList(DEMO_AGENT.email, 'status=all&hasBot=false'))).toEqual([sales]);
  });

  it("lists them in the visitor's own conversations (requests/me) too", async () => {
    const { guest, rid } = await supportConversation();
    const mine = (await (await kit.call(`/${PID}/requests/me?status=all`, { token: guest.token })).json()) as RequestListResponse;
    expect(ids(mine)).toEqual([rid]);
  });

  it('the bot answers with a way to a person: a "Talk to a human" action button', async () => {
    const { reply } = await supportConversation();
    expect(reply.attributes?.attachment?.buttons).toEqual(expect.arrayContaining([{ type: 'action', value: 'Talk to a human', action: 'handoff' }]));
  });

  it('hands off to an available agent of the department: the bot leaves, the agent joins, the bot says nothing more', async () => {
    const { guest, rid } = await supportConversation();
    expect(await requestOf(rid)).toMatchObject({ status: RequestStatus.ASSIGNED, hasBot: true, participants: [BOT] });
    // What the widget sends for the action button (no show_echo: a hidden echo).
    await send(kit, guest.token, rid, { text: 'Talk to a human', attributes: { action: 'handoff', subtype: 'info' } });
    const request = await eventually(async () => {
      const r = await requestOf(rid);
      return r && !r.hasBot ? r : undefined;
    });
    expect(request).toMatchObject({ status: RequestStatus.ASSIGNED, hasBot: false, participantsBots: [] });
    const [agent, ...others] = request.participants ?? [];
    expect(others).toEqual([]);
    expect([DEMO_AGENT.id, DEMO_AGENT_2.id]).toContain(agent);
    expect(request.participantsAgents).toEqual(request.participants);
    const messages = await history(kit, guest.token, rid);
    const texts = messages.map((m: WireMessage) => m.text);
    expect(texts).toContain('Connecting you to a person…');
    const joined = messages.find((m) => m.attributes?.messagelabel?.key === 'MEMBER_JOINED_GROUP');
    expect(joined?.attributes?.messagelabel?.parameters).toMatchObject({ member_id: agent });
    // The agent has it now: the bot no longer answers every message.
    const botReplies = messages.filter((m) => m.sender === BOT).length;
    await send(kit, guest.token, rid, { text: 'Hello?' });
    await new Promise((r) => setTimeout(r, 120));
    expect((await history(kit, guest.token, rid)).filter((m) => m.sender === BOT)).toHaveLength(botReplies);
  });

  it('with nobody available, the hand-off leaves the conversation unassigned (pooled) for any agent to take', async () => {
    const { guest, rid } = await supportConversation();
    await putDemo(kit, 'project', {
      agents: [
        { email: DEMO_AGENT.email, user_available: false },
        { email: DEMO_AGENT_2.email, user_available: false },
      ],
    });
    await send(kit, guest.token, rid, { text: 'Talk to a human', attributes: { action: 'handoff' } });
    const request = await eventually(async () => {
      const r = await requestOf(rid);
      return r && !r.hasBot ? r : undefined;
    });
    expect(request).toMatchObject({ status: RequestStatus.UNASSIGNED, participants: [], participantsAgents: [], participantsBots: [] });
    expect(ids(await agentList(DEMO_AGENT_2.email))).toContain(rid);
  });

  it('a hand-off asked for outside a bot conversation changes nobody', async () => {
    const guest = await kit.guest();
    const rid = newRequestId();
    await send(kit, guest.token, rid, { text: 'Hi', departmentid: DEPARTMENT_IDS.sales });
    const before = await requestOf(rid);
    await send(kit, guest.token, rid, { text: 'Talk to a human', attributes: { action: 'handoff' } });
    await eventually(async () => ((await history(kit, guest.token, rid)).some((m) => m.text === 'Connecting you to a person…') ? true : undefined));
    expect(await requestOf(rid)).toMatchObject({ status: before?.status, participants: before?.participants });
  });
});
