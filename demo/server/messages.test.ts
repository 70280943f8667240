import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RequestListResponse, WireMessage, WireRequest } from '../../src/api/wire.ts';
import { DEMO_AGENT, DEMO_AGENT_2, DEMO_BOT_ID, DEPARTMENT_IDS } from './seed.ts';
import { type Kit, newRequestId, PID, putDemo, send, startKit, history as readHistory } from './testkit.ts';

let kit: Kit;
beforeAll(async () => {
  kit = await startKit();
});
afterAll(() => kit.demo.close());
beforeEach(() => kit.reset());

type Posted = WireMessage & { request: WireRequest & Record<string, unknown> };
const list = (token: string, rid: string) => readHistory(kit, token, rid);

describe('POST /:pid/requests/:rid/messages', () => {
  it('creates the request on the first message and answers the message with the populated request', async () => {
    const guest = await kit.guest();
    const rid = newRequestId();
    const res = await send(kit, guest.token, rid, {
      text: 'Hello!',
      attributes: { tempUID: 't-1' },
      departmentid: DEPARTMENT_IDS.sales,
      sourcePage: 'http://shop.test/lamps',
      language: 'it',
      userAgent: 'vitest',
    });
    expect(res.status).toBe(200);
    const message = (await res.json()) as Posted;
    expect(message).toMatchObject({
      sender: guest.user._id,
      senderFullname: guest.user.fullName,
      recipient: rid,
      type: 'text',
      channel_type: 'group',
      text: 'Hello!',
      id_project: PID,
      status: 0,
      channel: { name: 'chat21' },
      language: 'it',
      attributes: { tempUID: 't-1' },
    });
    expect(message.request).toMatchObject({
      request_id: rid,
      ticket_id: 1,
      first_text: 'Hello!',
      status: 200,
      hasBot: false,
      sourcePage: 'http://shop.test/lamps',
      language: 'it',
      userAgent: 'vitest',
      attributes: { tempUID: 't-1' },
      requester: { role: 'guest', roleType: 2, uuid_user: guest.user._id },
      lead: { lead_id: guest.user._id, fullname: guest.user.fullName },
      department: { _id: DEPARTMENT_IDS.sales, name: 'Sales' },
    });
    expect(message.request.participants).toHaveLength(1);
    expect([DEMO_AGENT.id, DEMO_AGENT_2.id]).toContain(message.request.participants?.[0]);
    expect(message.request.participatingAgents).toHaveLength(1);
  });

  it('needs text on the first message unless the type is not text', async () => {
    const guest = await kit.guest();
    const res = await send(kit, guest.token, newRequestId(), {});
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ errors: ['text field is required'] });
    const image = await send(kit, guest.token, newRequestId(), { type: 'image', metadata: { src: 'http://x.test/a.png', width: 10, height: 10 } });
    expect(image.status).toBe(200);
  });

  it('does not need text on later messages', async () => {
    const guest = await kit.guest();
    const rid = newRequestId();
    await send(kit, guest.token, rid, { text: 'first' });
    expect((await send(kit, guest.token, rid, {})).status).toBe(200);
  });

  it('answers 500 for an unknown or invalid departmentid, and creates nothing', async () => {
    const guest = await kit.guest();
    for (const departmentid of ['65f0c0ffee0000000000dead', 'sales']) {
      const rid = newRequestId();
      const res = await send(kit, guest.token, rid, { text: 'hi', departmentid });
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ success: false, msg: 'Error creating request', err: {} });
      expect(await list(guest.token, rid)).toEqual([]);
    }
  });

  it('routes the bot department to the bot (status 200, bot participant)', async () => {
    const guest = await kit.guest();
    const res = await send(kit, guest.token, newRequestId(), { text: 'hi bot', departmentid: DEPARTMENT_IDS.support });
    const { request } = (await res.json()) as Posted;
    expect(request).toMatchObject({ status: 200, hasBot: true, participants: [`bot_${DEMO_BOT_ID}`], participantsBots: [DEMO_BOT_ID], participantsAgents: [] });
    expect(request.participatingBots).toMatchObject([{ _id: DEMO_BOT_ID, name: 'Porch Bot' }]);
  });

  it('leaves the request unassigned (100) when no agent is available or the department is pooled', async () => {
    const guest = await kit.guest();
    await putDemo(kit, 'project', {
      agents: [
        { email: DEMO_AGENT.email, user_available: false },
        { email: DEMO_AGENT_2.email, user_available: false },
      ],
    });
    const nobody = (await (await send(kit, guest.token, newRequestId(), { text: 'anyone?' })).json()) as Posted;
    expect(nobody.request).toMatchObject({ status: 100, participants: [] });
    await putDemo(kit, 'project', { agents: [{ email: DEMO_AGENT.email, user_available: true }] });
    await putDemo(kit, 'departments', [{ _id: DEPARTMENT_IDS.default, name: 'Default Department', default: true, routing: 'pooled' }]);
    const pooled = (await (await send(kit, guest.token, newRequestId(), { text: 'pool' })).json()) as Posted;
    expect(pooled.request).toMatchObject({ status: 100, participants: [] });
  });

  it('assigns round-robin between available agents', async () => {
    const guest = await kit.guest();
    const first = (await (await send(kit, guest.token, newRequestId(), { text: 'one' })).json()) as Posted;
    const second = (await (await send(kit, guest.token, newRequestId(), { text: 'two' })).json()) as Posted;
    expect(second.request.participants?.[0]).not.toBe(first.request.participants?.[0]);
  });

  it('defaults senderFullname to the token fullName and keeps an explicit one', async () => {
    const guest = await kit.guest({ firstname: 'Vera' });
    const rid = newRequestId();
    const mine = (await (await send(kit, guest.token, rid, { text: 'a' })).json()) as Posted;
    expect(mine.senderFullname).toBe('Vera ');
    const named = (await (await send(kit, guest.token, rid, { text: 'b', senderFullname: 'V.' })).json()) as Posted;
    expect(named.senderFullname).toBe('V.');
  });

  it('answers 500 for a status that is not a number', async () => {
    const guest = await kit.guest();
    const rid = newRequestId();
    await send(kit, guest.token, rid, { text: 'a' });
    const res = await send(kit, guest.token, rid, { text: 'b', status: 'soon' });
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ success: false, msg: 'Error creating message' });
  });

  it('refuses an explicit sender that is not a member on a new conversation', async () => {
    const guest = await kit.guest();
    const res = await send(kit, guest.token, newRequestId(), { text: 'spoof', sender: 'someone-else' });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ success: false, msg: 'Unauthorized. Project_user not found with user id  : someone-else' });
  });
});

describe('GET /:pid/requests/:rid/messages', () => {
  it('returns a plain array oldest first, [] for an unknown request, for any member', async () => {
    const guest = await kit.guest();
    const other = await kit.guest();
    const rid = newRequestId();
    for (const text of ['one', 'two', 'three']) await send(kit, guest.token, rid, { text });
    const messages = await list(guest.token, rid);
    // "<agent> joined the conversation" (assignment at creation) follows the first message.
    expect(messages.map((m) => m.text)).toEqual(['one', expect.stringMatching(/joined the conversation$/), 'two', 'three']);
    expect(messages[0]).not.toHaveProperty('request');
    expect((await list(other.token, rid)).length).toBe(4); // no ownership check (sic)
    expect(await list(guest.token, newRequestId())).toEqual([]);
  });

  it('reads one message by id', async () => {
    const guest = await kit.guest();
    const rid = newRequestId();
    const posted = (await (await send(kit, guest.token, rid, { text: 'find me' })).json()) as Posted;
    const res = await kit.call(`/${PID}/requests/${rid}/messages/${posted._id}`, { token: guest.token });
    expect(await res.json()).toMatchObject({ _id: posted._id, text: 'find me' });
    const missing = await kit.call(`/${PID}/requests/${rid}/messages/65f0c0ffee0000000000dead`, { token: guest.token });
    expect(missing.status).toBe(404);
  });

  it('lets the agent answer, visible to the visitor', async () => {
    const guest = await kit.guest();
    const agent = await kit.agent();
    const rid = newRequestId();
    await send(kit, guest.token, rid, { text: 'help' });
    const reply = (await (await send(kit, agent.token, rid, { text: 'On it!' })).json()) as Posted;
    expect(reply).toMatchObject({ sender: DEMO_AGENT.id, senderFullname: 'Ann Agent', status: 0 });
    const chat = (await list(guest.token, rid)).filter((m) => m.sender !== 'system');
    expect(chat.map((m) => m.text)).toEqual(['help', 'On it!']);
  });
});

describe('requests', () => {
  async function conversation(text = 'hello') {
    const guest = await kit.guest();
    const rid = newRequestId();
    await send(kit, guest.token, rid, { text });
    return { guest, rid };
  }

  it('GET /:pid/requests lists open requests for agents, status=all includes closed ones', async () => {
    const agent = await kit.agent();
    const a = await conversation('a');
    await conversation('b');
    await kit.call(`/${PID}/requests/${a.rid}/closeg`, { method: 'PUT', token: a.guest.token });
    const open = (await (await kit.call(`/${PID}/requests`, { token: agent.token })).json()) as RequestListResponse;
    expect(open.perPage).toBe(40);
    expect(open.count).toBe(1);
    expect(open.requests[0]?.first_text).toBe('b');
    const all = (await (await kit.call(`/${PID}/requests?status=all`, { token: agent.token })).json()) as RequestListResponse;
    expect(all.count).toBe(2);
    const closed = (await (await kit.call(`/${PID}/requests?status=1000`, { token: agent.token })).json()) as RequestListResponse;
    expect(closed.requests.map((r) => r.request_id)).toEqual([a.rid]);
  });

  it('GET /:pid/requests/:rid is for agents: 404 body when missing', async () => {
    const agent = await kit.agent();
    const { rid } = await conversation();
    expect(await (await kit.call(`/${PID}/requests/${rid}`, { token: agent.token })).json()).toMatchObject({
      request_id: rid,
      lead: { fullname: expect.any(String) },
    });
    const missing = await kit.call(`/${PID}/requests/${newRequestId()}`, { token: agent.token });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ success: false, msg: 'Object not found.' });
  });

  it('GET /:pid/requests/me lists the visitor own requests', async () => {
    const { guest, rid } = await conversation();
    await conversation('someone else');
    const mine = (await (await kit.call(`/${PID}/requests/me`, { token: guest.token })).json()) as RequestListResponse;
    expect(mine.requests.map((r) => r.request_id)).toEqual([rid]);
  });

  it('PATCH rating: own request only, falsy fields ignored, 404 body otherwise', async () => {
    const { guest, rid } = await conversation();
    const rated = await kit.call(`/${PID}/requests/${rid}/rating`, { method: 'PATCH', token: guest.token, json: { rating: 4, rating_message: 'nice' } });
    expect(rated.status).toBe(200);
    expect(await rated.json()).toMatchObject({ request_id: rid, rating: 4, rating_message: 'nice' });
    const zero = await kit.call(`/${PID}/requests/${rid}/rating`, { method: 'PATCH', token: guest.token, json: { rating: 0, rating_message: '' } });
    expect(await zero.json()).toMatchObject({ rating: 4, rating_message: 'nice' });
    const stranger = await kit.guest();
    const foreign = await kit.call(`/${PID}/requests/${rid}/rating`, { method: 'PATCH', token: stranger.token, json: { rating: 1 } });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ success: false, msg: 'Request not found' });
    const invalid = await kit.call(`/${PID}/requests/${rid}/rating`, { method: 'PATCH', token: guest.token, json: { rating: 'abc' } });
    expect(invalid.status).toBe(500);
  });

  it('PUT closeg closes (status 1000, closed_at), for the visitor or an agent; 500 when unknown', async () => {
    const { guest, rid } = await conversation();
    const res = await kit.call(`/${PID}/requests/${rid}/closeg`, { method: 'PUT', token: guest.token });
    expect(res.status).toBe(200);
    const closed = (await res.json()) as WireRequest;
    expect(closed.status).toBe(1000);
    expect(typeof closed.closed_at).toBe('string');
    const other = await conversation();
    const agent = await kit.agent();
    expect(await (await kit.call(`/${PID}/requests/${other.rid}/closeg`, { method: 'PUT', token: agent.token })).json()).toMatchObject({ status: 1000 });
    const unknown = await kit.call(`/${PID}/requests/${newRequestId()}/closeg`, { method: 'PUT', token: guest.token });
    expect(unknown.status).toBe(500);
    expect(await unknown.json()).toEqual({ success: false, error: 'Error closing request' });
  });

  it('an agent (role agent) sees the requests it could take, not the others', async () => {
    const bob = await kit.agent(DEMO_AGENT_2.email, DEMO_AGENT_2.password);
    await conversation('visible to Bob');
    await putDemo(kit, 'project', { agents: [{ email: DEMO_AGENT_2.email, user_available: false }] });
    const list = (await (await kit.call(`/${PID}/requests`, { token: bob.token })).json()) as RequestListResponse;
    // Bob is in the snapshot of every request created while he is an active agent.
    expect(list.count).toBe(1);
  });
});
