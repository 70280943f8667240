import jwt from 'jsonwebtoken';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { archivedTopic, inboxFilter, messageTopic } from '../../src/api/chat21Topics.ts';
import { normalizePush } from '../../src/api/normalize/chat21.ts';
import { normalizeMessage } from '../../src/api/normalize/message.ts';
import { encodeConnect, encodePublish, encodeSubscribe, type Packet, readPackets } from '../../src/api/mqtt/packets.ts';
import type { Chat21TokenResponse, WireMessage } from '../../src/api/wire.ts';
import { WebSocket } from 'ws';
import { CHAT21_TOKEN_TTL_S, signChat21Token, visitorScopes } from './chat21Tokens.ts';
import { DEMO_AGENT_2, DEPARTMENT_IDS } from './seed.ts';
import { history, type Kit, mqttProbe, type MqttProbe, newRequestId, PID, pushedMessages, putDemo, send, setFaults, startKit } from './testkit.ts';

let kit: Kit;
beforeAll(async () => {
  kit = await startKit();
});
afterAll(() => kit.demo.close());
beforeEach(() => kit.reset());

const probes: MqttProbe[] = [];
afterEach(() => {
  for (const probe of probes.splice(0)) probe.close();
});

/** A hand-driven MQTT session (the codec, no client): `onPacket` answers each packet the broker sends. */
function rawSession(password: string, onPacket: (packet: Packet, ws: WebSocket) => void): Promise<number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(kit.demo.chat21.mqttUrl, ['mqtt']);
    ws.binaryType = 'arraybuffer';
    let pending: Uint8Array = new Uint8Array(0);
    ws.on('open', () => ws.send(encodeConnect({ clientId: `raw-${Math.random()}`.slice(0, 20), username: 'JWT', password, keepAliveS: 30 })));
    ws.on('message', (data: ArrayBuffer) => {
      const joined = new Uint8Array([...pending, ...new Uint8Array(data)]);
      const { packets, rest } = readPackets(joined);
      pending = rest;
      for (const packet of packets) onPacket(packet, ws);
    });
    ws.on('close', (code) => resolve(code));
  });
}

const tokenCall = (authorization?: string) =>
  kit.call('/chat21/native/auth/createCustomToken', { method: 'POST', json: {}, headers: authorization ? { authorization } : {} });

async function chat21Token(visitorJwt: string): Promise<Chat21TokenResponse> {
  const res = await tokenCall(visitorJwt);
  expect(res.status).toBe(200);
  return (await res.json()) as Chat21TokenResponse;
}

/** A visitor's own subscriber on the demo's broker, up. */
async function subscribed(visitorJwt: string): Promise<{ probe: MqttProbe; userid: string }> {
  const { userid, token } = await chat21Token(visitorJwt);
  const probe = mqttProbe(kit.demo.chat21.mqttUrl, token, inboxFilter(userid));
  probes.push(probe);
  await probe.up;
  return { probe, userid };
}

describe('createCustomToken (docs/service.md §12.1)', () => {
  it('answers the visitor {userid, fullname, firstname, lastname, token}, under /v3 and at the root', async () => {
    const guest = await kit.guest({ firstname: 'Ada', lastname: 'Lovelace' });
    const answer = await chat21Token(guest.token);
    expect(answer).toEqual({ userid: guest.user._id, fullname: 'Ada Lovelace', firstname: 'Ada', lastname: 'Lovelace', token: expect.any(String) });
    const root = await fetch(`${kit.demo.apiOrigin}/chat21/native/auth/createCustomToken`, { method: 'POST', headers: { authorization: guest.token } });
    expect(root.status).toBe(200);
  });

  it('signs the token as the reference: HS256 with the Chat21 secret, sub = user_id = client_id = userid, app tilechat, aud [rabbitmq, userid], 30 days, own inbox only', async () => {
    const guest = await kit.guest();
    const { userid, token } = await chat21Token(guest.token);
    const header = jwt.decode(token, { complete: true })?.header;
    expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });
    const claims = jwt.verify(token, kit.demo.chat21.secret, { algorithms: ['HS256'] }) as jwt.JwtPayload;
    expect(claims).toMatchObject({ sub: userid, user_id: userid, client_id: userid, app_id: 'tilechat', aud: ['rabbitmq', userid], kid: 'tiledesk-key' });
    expect(claims.exp! - claims.iat!).toBe(CHAT21_TOKEN_TTL_S);
    expect(Math.abs(claims.iat! - Date.now() / 1000)).toBeLessThan(60);
    expect(claims.scope).toEqual([
      `rabbitmq.read:*/*/apps.tilechat.users.${userid}.*`,
      `rabbitmq.write:*/*/apps.tilechat.users.${userid}.*`,
      `rabbitmq.write:*/*/apps.tilechat.outgoing.users.${userid}.*`,
      'rabbitmq.configure:*/*/*',
    ]);
  });

  it('401 without a valid visitor JWT (passport), 403 for a header of three words (validtoken)', async () => {
    const none = await tokenCall();
    expect(none.status).toBe(401);
    expect(await none.text()).toBe('Unauthorized');
    expect((await tokenCall('JWT not.a.token')).status).toBe(401);
    const guest = await kit.guest();
    expect((await tokenCall(`${guest.token} extra`)).status).toBe(403);
  });

  it('reference mode has no Chat21: the path falls into the project catch-all, and the broker path is 404', async () => {
    const guest = await kit.guest();
    await putDemo(kit, 'mode', { reference: true });
    try {
      const res = await tokenCall(guest.token);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: 'Invalid project id: chat21' });
      const upgrade = await new Promise<number>((resolve) => {
        const ws = new WebSocket(kit.demo.chat21.mqttUrl, ['mqtt']);
        ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.on('error', () => {});
      });
      expect(upgrade).toBe(404);
    } finally {
      await putDemo(kit, 'mode', { reference: false });
    }
  });
});

describe('the embedded broker: RabbitMQ web-MQTT’s rules (docs/service.md §12.2)', () => {
  it('takes CONNECT with username JWT and the token as password, and a SUBSCRIBE to the visitor’s own inbox', async () => {
    const guest = await kit.guest();
    const { probe } = await subscribed(guest.token);
    expect(probe.received).toEqual([]);
  });

  it('closes the WebSocket with 1002 on a bad token, before any CONNACK', async () => {
    const probe = mqttProbe(kit.demo.chat21.mqttUrl, 'not-a-token', inboxFilter('someone'));
    probes.push(probe);
    expect(await probe.ended).toEqual({ reason: 'refused', wasUp: false, code: 1002 });
  });

  it('closes with 1002 on a token signed with another key, an expired one, and a username other than JWT', async () => {
    const guest = await kit.guest();
    const { userid, token } = await chat21Token(guest.token);
    const expired = signChat21Token(kit.demo.chat21.secret, userid, visitorScopes(userid), Math.floor(Date.now() / 1000) - 31 * 24 * 3600);
    const cases = [
      mqttProbe(kit.demo.chat21.mqttUrl, signChat21Token('another key', userid, visitorScopes(userid)), inboxFilter(userid)),
      mqttProbe(kit.demo.chat21.mqttUrl, expired, inboxFilter(userid)),
      mqttProbe(kit.demo.chat21.mqttUrl, token, inboxFilter(userid), 'guest'),
    ];
    probes.push(...cases);
    for (const probe of cases) expect(await probe.ended).toMatchObject({ reason: 'refused', code: 1002 });
  });

  it.each([
    ['another visitor’s inbox', (_: string) => inboxFilter('another-visitor')],
    ['every inbox', () => 'apps/tilechat/users/#'],
    ['every inbox by a single-level wildcard', () => 'apps/tilechat/users/+/messages/#'],
    ['everything', () => '#'],
  ])('closes the whole connection with 1002 on a SUBSCRIBE to %s', async (_, filter) => {
    const guest = await kit.guest();
    const { userid, token } = await chat21Token(guest.token);
    const probe = mqttProbe(kit.demo.chat21.mqttUrl, token, filter(userid));
    probes.push(probe);
    expect(await probe.ended).toEqual({ reason: 'refused', wasUp: false, code: 1002 });
  });

  it('closes with 1002 on a PUBLISH outside the token’s write scope (another visitor’s inbox)', async () => {
    const guest = await kit.guest();
    const { userid, token } = await chat21Token(guest.token);
    const code = await rawSession(token, (packet, ws) => {
      if (packet.type !== 'connack') return;
      // Its own inbox is allowed (and delivered nowhere); another's is not.
      ws.send(encodePublish(messageTopic(userid, 'support-group-x'), '{}', 0));
      ws.send(encodePublish(messageTopic('another-visitor', 'support-group-x'), '{}', 0));
    });
    expect(code).toBe(1002);
  });

  it('the badChat21Token fault: the token endpoint answers a token the broker refuses with 1002', async () => {
    const guest = await kit.guest();
    await setFaults(kit, { badChat21Token: true });
    try {
      const { userid, token } = await chat21Token(guest.token);
      const probe = mqttProbe(kit.demo.chat21.mqttUrl, token, inboxFilter(userid));
      probes.push(probe);
      expect(await probe.ended).toMatchObject({ reason: 'refused', code: 1002 });
    } finally {
      await setFaults(kit, { badChat21Token: false });
    }
  });

  it('the subprotocol is mqtt', async () => {
    const protocol = await new Promise<string>((resolve) => {
      const ws = new WebSocket(kit.demo.chat21.mqttUrl, ['mqtt']);
      ws.on('open', () => {
        resolve(ws.protocol);
        ws.close();
      });
    });
    expect(protocol).toBe('mqtt');
  });
});

describe('what Chat21 pushes (docs/service.md §12.3, §12.4)', () => {
  const withoutDates = (messages: WireMessage[]) => messages.map((m) => ({ ...m, createdAt: undefined }));

  it('the visitor’s own message comes back (the echo) in Chat21’s shape, with the REST _id as tiledesk_message_id', async () => {
    const guest = await kit.guest({ firstname: 'Ada' });
    const { probe, userid } = await subscribed(guest.token);
    const rid = newRequestId();
    const posted = (await (
      await send(kit, guest.token, rid, { text: 'hello', departmentid: DEPARTMENT_IDS.support, attributes: { tempUID: 't-1' } })
    ).json()) as WireMessage;
    const echo = await probe.next((p) => p.topic === messageTopic(userid, rid) && JSON.parse(p.payload).text === 'hello');
    expect(JSON.parse(echo.payload)).toEqual({
      text: 'hello',
      type: 'text',
      recipient_fullname: expect.any(String),
      sender_fullname: 'Ada ',
      channel_type: 'group',
      attributes: expect.objectContaining({ tiledesk_message_id: posted._id, projectId: PID, tempUID: 't-1' }),
      timestamp: Date.parse(posted.createdAt),
      message_id: expect.any(String),
      sender: userid,
      recipient: rid,
      app_id: 'tilechat',
      status: 150,
    });
  });

  it('an agent’s reply reaches the visitor’s inbox', async () => {
    const guest = await kit.guest();
    const { probe, userid } = await subscribed(guest.token);
    const rid = newRequestId();
    await send(kit, guest.token, rid, { text: 'hi', departmentid: DEPARTMENT_IDS.support });
    const agent = await kit.agent();
    await send(kit, agent.token, rid, { text: 'On it!' });
    const reply = await probe.next((p) => JSON.parse(p.payload).text === 'On it!');
    expect(reply.topic).toBe(messageTopic(userid, rid));
    expect(JSON.parse(reply.payload)).toMatchObject({ sender: agent.user._id, recipient: rid });
  });

  it('every message of the REST history is pushed once, and reads as the same message (info messages and the close included)', async () => {
    const guest = await kit.guest();
    const { probe, userid } = await subscribed(guest.token);
    const rid = newRequestId();
    await send(kit, guest.token, rid, { text: 'first', departmentid: DEPARTMENT_IDS.support });
    const agent = await kit.agent();
    await send(kit, agent.token, rid, { text: 'reply' });
    await kit.call(`/${PID}/requests/${rid}/closeg`, { method: 'PUT', token: guest.token });
    const stored = await history(kit, guest.token, rid);
    expect(stored.map((m) => m.text)).toEqual(expect.arrayContaining(['first', 'reply', 'Chat closed']));
    await probe.next((p) => JSON.parse(p.payload).text === 'Chat closed');
    const polled = stored.map((m) => normalizeMessage(m)!);
    expect(withoutDates(pushedMessages(probe, userid, rid))).toEqual(withoutDates(polled));
    // Dated as stored (no client time was given).
    expect(pushedMessages(probe, userid, rid)).toEqual(polled);
  });

  it('a close: the conversation is archived for the visitor, before the "Chat closed" message', async () => {
    const guest = await kit.guest();
    const { probe, userid } = await subscribed(guest.token);
    const rid = newRequestId();
    await send(kit, guest.token, rid, { text: 'bye', departmentid: DEPARTMENT_IDS.support });
    await kit.call(`/${PID}/requests/${rid}/closeg`, { method: 'PUT', token: guest.token });
    await probe.next((p) => p.topic === messageTopic(userid, rid) && JSON.parse(p.payload).text === 'Chat closed');
    const topics = probe.received.map((p) => p.topic);
    const archived = topics.indexOf(archivedTopic(userid, rid));
    expect(archived).toBeGreaterThan(-1);
    expect(topics.indexOf(`apps/tilechat/users/${userid}/conversations/${rid}/clientdeleted`)).toBe(archived - 1);
    expect(topics.lastIndexOf(messageTopic(userid, rid))).toBeGreaterThan(archived);
    expect(normalizePush(archivedTopic(userid, rid), probe.received[archived]!.payload, userid)).toEqual({ kind: 'closed', requestId: rid });
    // A rating afterwards is no second close.
    await kit.call(`/${PID}/requests/${rid}/rating`, { method: 'PATCH', token: guest.token, json: { rating: 5 } });
    await send(kit, guest.token, newRequestId(), { text: 'next', departmentid: DEPARTMENT_IDS.support });
    await probe.next((p) => JSON.parse(p.payload).text === 'next');
    expect(probe.received.filter((p) => p.topic === archivedTopic(userid, rid))).toHaveLength(1);
  });

  it('each member gets its own copy: the assigned agent’s inbox too, and never another visitor’s', async () => {
    // Only Ann is available: the conversation is assigned to her, she is a member.
    await putDemo(kit, 'project', { agents: [{ email: DEMO_AGENT_2.email, user_available: false }] });
    const guest = await kit.guest();
    const other = await kit.guest();
    const { probe: otherProbe } = await subscribed(other.token);
    const rid = newRequestId();
    await send(kit, guest.token, rid, { text: 'mine', departmentid: DEPARTMENT_IDS.sales });
    const agent = await kit.agent();
    const agentToken = await chat21Token(agent.token);
    expect(agentToken.userid).toBe(agent.user._id);
    const agentProbe = mqttProbe(kit.demo.chat21.mqttUrl, agentToken.token, inboxFilter(agentToken.userid));
    probes.push(agentProbe);
    await agentProbe.up;
    await send(kit, agent.token, rid, { text: 'answer' });
    const copy = await agentProbe.next((p) => JSON.parse(p.payload).text === 'answer');
    expect(copy.topic).toBe(messageTopic(agent.user._id, rid));
    // The other visitor's subscriber heard nothing of it (a message of its own would have come first).
    await send(kit, other.token, newRequestId(), { text: 'other', departmentid: DEPARTMENT_IDS.sales });
    await otherProbe.next((p) => JSON.parse(p.payload).text === 'other');
    expect(otherProbe.received.map((p) => JSON.parse(p.payload).recipient)).not.toContain(rid);
  });

  it('reference mode publishes nothing', async () => {
    const guest = await kit.guest();
    const { probe, userid } = await subscribed(guest.token);
    await putDemo(kit, 'mode', { reference: true });
    try {
      expect(await probe.ended).toMatchObject({ wasUp: true });
      await send(kit, guest.token, newRequestId(), { text: 'unheard', departmentid: DEPARTMENT_IDS.support });
    } finally {
      await putDemo(kit, 'mode', { reference: false });
    }
    const again = await subscribed(guest.token);
    await send(kit, guest.token, newRequestId(), { text: 'heard', departmentid: DEPARTMENT_IDS.support });
    await again.probe.next((p) => JSON.parse(p.payload).text === 'heard');
    const own = (p: { payload: string }) => JSON.parse(p.payload).sender === userid;
    expect([...probe.received, ...again.probe.received].filter(own).map((p) => JSON.parse(p.payload).text)).toEqual(['heard']);
    expect(userid).toBe(again.userid);
  });

  it('a visitor’s SUBSCRIBE to its own inbox at QoS 1 is granted QoS 1', async () => {
    const guest = await kit.guest();
    const { userid, token } = await chat21Token(guest.token);
    let granted: number[] = [];
    await rawSession(token, (packet, ws) => {
      if (packet.type === 'connack') ws.send(encodeSubscribe(1, inboxFilter(userid), 1));
      if (packet.type === 'suback') {
        granted = packet.granted;
        ws.close();
      }
    });
    expect(granted).toEqual([1]);
  });
});
