/**
 * The demo's Chat21 against the real broker (issue 24 §7): a private RabbitMQ configured as a
 * deployment configures it (e2e/rabbitmq.ts), the demo publishing into it as Chat21 would
 * (`chat21Broker`), and the widget's own MQTT client in Node as the visitor. Skipped only where
 * Debian's rabbitmq-server is not installed and this is not CI (`.ci/run` installs it).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { archivedTopic, inboxFilter, messageTopic } from '../../src/api/chat21Topics.ts';
import { normalizePush } from '../../src/api/normalize/chat21.ts';
import { normalizeMessage } from '../../src/api/normalize/message.ts';
import type { Chat21TokenResponse, WireMessage } from '../../src/api/wire.ts';
import { type RabbitMq, rabbitMqInstalled, startRabbitMq } from '../../e2e/rabbitmq.ts';
import { DEMO_AGENT_2, DEPARTMENT_IDS } from './seed.ts';
import { history, type Kit, mqttProbe, type MqttProbe, newRequestId, PID, pushedMessages, putDemo, send, setFaults, startKit } from './testkit.ts';

const SECRET = 'porchlight-chat21-test-secret';

describe.skipIf(!rabbitMqInstalled() && !process.env.CI)('Chat21 push through RabbitMQ (web-MQTT + OAuth 2, docs/service.md §12.5)', () => {
  let rabbit: RabbitMq;
  let kit: Kit;
  const probes: MqttProbe[] = [];

  beforeAll(async () => {
    rabbit = await startRabbitMq({ secret: SECRET });
    console.info(`RabbitMQ ready in ${rabbit.startedInMs} ms`);
    kit = await startKit({ chat21Secret: SECRET, chat21Broker: rabbit.wsUrl });
    await kit.demo.chat21.ready();
    // Only Ann is available: conversations of the Sales department are hers.
    await putDemo(kit, 'project', { agents: [{ email: DEMO_AGENT_2.email, user_available: false }] });
  }, 120_000);
  afterAll(async () => {
    await kit?.demo.close();
    await rabbit?.stop();
  }, 60_000);
  afterEach(() => {
    for (const probe of probes.splice(0)) probe.close();
  });

  async function visitor(): Promise<{ token: string; chat21: Chat21TokenResponse }> {
    const guest = await kit.guest();
    const res = await kit.call('/chat21/native/auth/createCustomToken', { method: 'POST', json: {}, token: guest.token });
    expect(res.status).toBe(200);
    return { token: guest.token, chat21: (await res.json()) as Chat21TokenResponse };
  }

  function probe(password: string, topic: string): MqttProbe {
    const made = mqttProbe(rabbit.wsUrl, password, topic);
    probes.push(made);
    return made;
  }

  it('the visitor connects with the demo’s token, subscribes to its inbox, and receives an agent’s reply the demo publishes', async () => {
    const { token, chat21 } = await visitor();
    const inbox = probe(chat21.token, inboxFilter(chat21.userid));
    await inbox.up;
    const rid = newRequestId();
    await send(kit, token, rid, { text: 'hello rabbit', departmentid: DEPARTMENT_IDS.sales });
    const agent = await kit.agent();
    await send(kit, agent.token, rid, { text: 'agent reply' });
    const reply = await inbox.next((p) => JSON.parse(p.payload).text === 'agent reply', 5000);
    expect(reply.topic).toBe(messageTopic(chat21.userid, rid));
    // The same message as its polled copy (echo and info messages too), in order.
    const stored = await history(kit, token, rid);
    expect(pushedMessages(inbox, chat21.userid, rid)).toEqual(stored.map((m: WireMessage) => normalizeMessage(m)));
  });

  it('a close reaches the visitor as an archived conversation', async () => {
    const { token, chat21 } = await visitor();
    const inbox = probe(chat21.token, inboxFilter(chat21.userid));
    await inbox.up;
    const rid = newRequestId();
    await send(kit, token, rid, { text: 'bye', departmentid: DEPARTMENT_IDS.sales });
    await kit.call(`/${PID}/requests/${rid}/closeg`, { method: 'PUT', token });
    const archived = await inbox.next((p) => p.topic === archivedTopic(chat21.userid, rid), 5000);
    expect(normalizePush(archived.topic, archived.payload, chat21.userid)).toEqual({ kind: 'closed', requestId: rid });
  });

  it('a bad token: RabbitMQ closes the WebSocket with 1002 (a garbage token, and the badChat21Token fault)', async () => {
    const garbage = probe('not-a-token', inboxFilter('nobody'));
    expect(await garbage.ended).toEqual({ reason: 'refused', wasUp: false, code: 1002 });
    await setFaults(kit, { badChat21Token: true });
    try {
      const { chat21 } = await visitor();
      const refused = probe(chat21.token, inboxFilter(chat21.userid));
      expect(await refused.ended).toEqual({ reason: 'refused', wasUp: false, code: 1002 });
    } finally {
      await setFaults(kit, { badChat21Token: false });
    }
  });

  it('a SUBSCRIBE to another visitor’s inbox: RabbitMQ closes the whole connection with 1002', async () => {
    const { chat21 } = await visitor();
    const other = await visitor();
    const foreign = probe(chat21.token, inboxFilter(other.chat21.userid));
    expect(await foreign.ended).toEqual({ reason: 'refused', wasUp: false, code: 1002 });
  });

  it('a broker restart: connections drop, the demo reconnects and publishes again, the visitor reconnects and hears it', async () => {
    const { token, chat21 } = await visitor();
    const before = probe(chat21.token, inboxFilter(chat21.userid));
    await before.up;
    await rabbit.restart();
    expect(await before.ended).toMatchObject({ reason: 'lost', wasUp: true });
    await kit.demo.chat21.ready();
    const after = probe(chat21.token, inboxFilter(chat21.userid));
    await after.up;
    const rid = newRequestId();
    await send(kit, token, rid, { text: 'after the restart', departmentid: DEPARTMENT_IDS.sales });
    await after.next((p) => JSON.parse(p.payload).text === 'after the restart', 10_000);
  }, 120_000);
});
