import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WireMessage } from '../../src/api/wire.ts';
import { DEMO_AGENT, DEMO_AGENT_2, DEPARTMENT_IDS } from './seed.ts';
import { type Kit, newRequestId, PID, putDemo, send, startKit, history as readHistory } from './testkit.ts';

let kit: Kit;
beforeAll(async () => {
  kit = await startKit();
});
afterAll(() => kit.demo.close());
beforeEach(() => kit.reset());

const history = (token: string, rid: string) => readHistory(kit, token, rid);
const keyOf = (m: WireMessage) => m.attributes?.messagelabel?.key;
const closeg = (token: string, rid: string) => kit.call(`/${PID}/requests/${rid}/closeg`, { method: 'PUT', token });

const CHAT_CLOSED = {
  sender: 'system',
  senderFullname: 'System',
  recipient: expect.any(String),
  text: 'Chat closed',
  type: 'text',
  status: 200,
  id_project: PID,
  attributes: { subtype: 'info/support', messagelabel: { key: 'CHAT_CLOSED', parameters: {} } },
};

function joined(agent: typeof DEMO_AGENT) {
  const [firstname] = agent.name.split(' ');
  return {
    sender: 'system',
    senderFullname: 'System',
    text: `${agent.name} joined the conversation`,
    type: 'text',
    status: 200,
    attributes: { subtype: 'info/support', messagelabel: { key: 'MEMBER_JOINED_GROUP', parameters: { member_id: agent.id, fullname: agent.name, firstname } } },
  };
}

/** Only Ann is available: new conversations of the default department are assigned to her. */
async function onlyAnn(): Promise<void> {
  await putDemo(kit, 'project', { agents: [{ email: DEMO_AGENT_2.email, user_available: false }] });
}

describe('CHAT_CLOSED info message', () => {
  it('is appended when the visitor closes (PUT closeg), exactly as the service writes it', async () => {
    const guest = await kit.guest();
    const rid = newRequestId();
    await send(kit, guest.token, rid, { text: 'bye', departmentid: DEPARTMENT_IDS.support });
    expect((await closeg(guest.token, rid)).status).toBe(200);
    const messages = await history(guest.token, rid);
    expect(messages.at(-1)).toEqual({
      ...CHAT_CLOSED,
      recipient: rid,
      _id: expect.any(String),
      channel_type: 'group',
      createdBy: 'system',
      channel: { name: 'chat21' },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      __v: 0,
    });
    // Closing again changes nothing: still one CHAT_CLOSED.
    expect((await closeg(guest.token, rid)).status).toBe(200);
    expect((await history(guest.token, rid)).filter((m) => keyOf(m) === 'CHAT_CLOSED')).toHaveLength(1);
  });

  it('is appended when an agent closes from the console', async () => {
    const guest = await kit.guest();
    const agent = await kit.agent();
    const rid = newRequestId();
    await send(kit, guest.token, rid, { text: 'hello' });
    await closeg(agent.token, rid);
    expect((await history(agent.token, rid)).at(-1)).toMatchObject(CHAT_CLOSED);
  });

  it('stays out of the transcript, which is written before it', async () => {
    const guest = await kit.guest();
    const rid = newRequestId();
    await send(kit, guest.token, rid, { text: 'hello', departmentid: DEPARTMENT_IDS.support });
    const closed = (await (await closeg(guest.token, rid)).json()) as { transcript?: string };
    expect(closed.transcript).toContain('hello');
    expect(closed.transcript).not.toContain('Chat closed');
  });
});

describe('MEMBER_JOINED_GROUP info message', () => {
  it('follows the first message when the request is assigned to an agent at creation', async () => {
    await onlyAnn();
    const guest = await kit.guest();
    const rid = newRequestId();
    await send(kit, guest.token, rid, { text: 'hello' });
    const messages = await history(guest.token, rid);
    expect(messages.map((m) => m.text)).toEqual(['hello', 'Ann Agent joined the conversation']);
    expect(messages[1]).toMatchObject(joined(DEMO_AGENT));
  });

  it('is written once per agent: the assigned agent replying adds nothing, another agent joins once', async () => {
    await onlyAnn();
    const guest = await kit.guest();
    const ann = await kit.agent();
    const bob = await kit.agent(DEMO_AGENT_2.email, DEMO_AGENT_2.password);
    const rid = newRequestId();
    await send(kit, guest.token, rid, { text: 'hello' });
    await send(kit, ann.token, rid, { text: 'Hi, Ann here' });
    await send(kit, bob.token, rid, { text: 'Bob here too' });
    await send(kit, bob.token, rid, { text: 'Still Bob' });
    expect((await history(guest.token, rid)).map((m) => m.text)).toEqual([
      'hello',
      'Ann Agent joined the conversation',
      'Hi, Ann here',
      'Bob Helper joined the conversation',
      'Bob here too',
      'Still Bob',
    ]);
  });

  it('comes with the first agent reply when nobody was assigned (pooled)', async () => {
    await putDemo(kit, 'departments', [{ _id: DEPARTMENT_IDS.default, name: 'Default Department', default: true, routing: 'pooled' }]);
    const guest = await kit.guest();
    const bob = await kit.agent(DEMO_AGENT_2.email, DEMO_AGENT_2.password);
    const rid = newRequestId();
    await send(kit, guest.token, rid, { text: 'anyone?' });
    expect((await history(guest.token, rid)).map((m) => m.text)).toEqual(['anyone?']);
    await send(kit, bob.token, rid, { text: 'Bob here' });
    const messages = await history(guest.token, rid);
    expect(messages.map((m) => m.text)).toEqual(['anyone?', 'Bob Helper joined the conversation', 'Bob here']);
    expect(messages[1]).toMatchObject(joined(DEMO_AGENT_2));
  });

  it('is not written for a bot, for visitors, for info messages an agent posts, nor after closing', async () => {
    const guest = await kit.guest();
    const ann = await kit.agent();
    const rid = newRequestId();
    await send(kit, guest.token, rid, { text: 'hi bot', departmentid: DEPARTMENT_IDS.support });
    await send(kit, guest.token, rid, { text: 'me again' });
    await send(kit, ann.token, rid, { text: 'note', attributes: { subtype: 'info', messagelabel: { key: 'LEAD_UPDATED' } } });
    expect((await history(guest.token, rid)).filter((m) => keyOf(m) === 'MEMBER_JOINED_GROUP')).toEqual([]);
    await closeg(guest.token, rid);
    await send(kit, ann.token, rid, { text: 'too late' });
    expect((await history(guest.token, rid)).filter((m) => keyOf(m) === 'MEMBER_JOINED_GROUP')).toEqual([]);
  });
});
