import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError, type Http } from '../../api/http.ts';
import { connectMqtt } from '../../api/mqtt/mqttClient.ts';
import { encodePublish } from '../../api/mqtt/packets.ts';
import { archivedTopic, messageTopic } from '../../api/chat21Topics.ts';
import type { WireMessage } from '../../api/wire.ts';
import { PAUSE_MS } from '../../state/pushPolicy.ts';
import { createMemoryStore, type KeyValueStore } from '../platform/storage.ts';
import { createChat21Push, PAUSE_KEY, pausedUntil, TOKEN_KEY, type Chat21PushOptions } from './chat21Push.ts';

/** A binary WebSocket the test plays the broker on (RabbitMQ's web-MQTT, docs/service.md §12). */
class BrokerSocket {
  static all: BrokerSocket[] = [];
  readyState = 0;
  binaryType = 'blob';
  sent: Uint8Array[] = [];
  closed = false;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: (() => void) | null = null;
  onclose: ((event: { code?: number }) => void) | null = null;
  constructor(readonly url: string) {
    BrokerSocket.all.push(this);
  }
  send(data: Uint8Array): void {
    this.sent.push(data);
  }
  close(): void {
    this.closed = true;
    this.readyState = 3;
  }
  /** The broker's side: the socket opens (the client sends CONNECT). */
  open(): this {
    this.readyState = 1;
    this.onopen?.();
    return this;
  }
  /** CONNACK 0, then SUBACK granted QoS 1. */
  accept(): void {
    if (this.readyState !== 1) this.open();
    this.receive(Uint8Array.of(0x20, 2, 0, 0));
    this.receive(Uint8Array.of(0x90, 3, 0, 1, 1));
  }
  receive(bytes: Uint8Array): void {
    this.onmessage?.({ data: bytes.slice().buffer });
  }
  closeWith(code: number): void {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  /** The CONNECT's password and the SUBSCRIBE's filter, as the bytes hold them. */
  get text(): string {
    return this.sent.map((packet) => new TextDecoder().decode(packet)).join('');
  }
}

const ENDPOINT = 'wss://api.test/mqws/ws';
const VISITOR = 'guest-1';
const JWT = 'JWT visitor.jwt.one';
const RID = 'support-group-p-1';
const T0 = Date.UTC(2026, 10, 28, 12);

/** A Chat21 token (a JWT whose `exp` is read, unverified, to renew it in time). */
function chat21Jwt(sig: string, expMs = T0 + 30 * 24 * 3600_000): string {
  const part = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'HS256' })}.${part({ sub: VISITOR, exp: Math.floor(expMs / 1000) })}.${sig}`;
}

/** What the token call answers, one call after the other (the last one for every call after); an Error is thrown. */
function setup(answers: unknown[] = [{ userid: VISITOR, token: chat21Jwt('a') }], overrides: Partial<Chat21PushOptions> & { store?: KeyValueStore } = {}) {
  /** The MQTT client's downloads (its chunk, here the module itself): a rejection is one that failed. */
  const mqttLoads = vi.fn(async () => connectMqtt);
  const calls: Array<{ method: string; path: string; token: unknown }> = [];
  const http = (async (method: string, path: string, options?: { token?: unknown }) => {
    calls.push({ method, path, token: options?.token });
    const answer = answers.length > 1 ? answers.shift() : answers[0];
    if (answer instanceof Error) throw answer;
    return answer;
  }) as Http;
  const events = { messages: [] as Array<[string, WireMessage]>, closed: [] as string[], unkeyed: [] as string[], ups: 0 };
  let online = true;
  const store = overrides.store ?? createMemoryStore();
  const push = createChat21Push({
    http,
    endpoint: ENDPOINT,
    store,
    onMessage: (requestId, message) => events.messages.push([requestId, message]),
    onClosed: (requestId) => events.closed.push(requestId),
    onUnkeyed: (requestId) => events.unkeyed.push(requestId),
    onUp: () => void (events.ups += 1),
    isOnline: () => online,
    random: () => 0,
    WebSocketImpl: BrokerSocket as unknown as typeof WebSocket,
    loadMqtt: mqttLoads,
    ...overrides,
  });
  return {
    push,
    calls,
    mqttLoads,
    events,
    store,
    setOnline: (value: boolean) => void (online = value),
    follow: (active = true, jwt: string | null = JWT, visitorId: string | null = VISITOR) => push.follow({ active, jwt, visitorId }),
  };
}

/** Lets the store and the token call answer (they are promises; the clock does not move). */
const settle = () => vi.advanceTimersByTimeAsync(0);
const latest = () => BrokerSocket.all.at(-1)!;
const publish = (topic: string, payload: unknown) => encodePublish(topic, JSON.stringify(payload), 1, 7);

beforeEach(() => {
  BrokerSocket.all = [];
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createChat21Push: connecting', () => {
  it('gets a token with the visitor JWT, connects as JWT/token to the inbox only, is live, and asks for one REST fetch', async () => {
    const { push, calls, events, follow, store } = setup();
    follow();
    await settle();
    expect(calls).toEqual([{ method: 'POST', path: '/chat21/native/auth/createCustomToken', token: JWT }]);
    const socket = latest();
    expect(socket.url).toBe(ENDPOINT);
    socket.accept();
    expect(socket.text).toContain(`JWT`);
    expect(socket.text).toContain(chat21Jwt('a'));
    expect(socket.text).toContain(`apps/tilechat/users/${VISITOR}/#`);
    expect(push.live.value).toBe(true);
    expect(events.ups).toBe(1);
    // Kept beside the JWT it was made for.
    expect(await store.get(TOKEN_KEY)).toEqual({ jwt: JWT, userid: VISITOR, token: chat21Jwt('a') });
    push.stop();
    expect(socket.closed).toBe(true);
    expect(push.live.value).toBe(false);
  });

  it('hands on messages under their REST _id, closes, and messages without a REST id; ignores other inboxes', async () => {
    const { events, follow } = setup();
    follow();
    await settle();
    const socket = latest();
    socket.accept();
    const pushed = {
      text: 'hi',
      sender: 'agent-1',
      sender_fullname: 'Ann',
      recipient: RID,
      type: 'text',
      timestamp: T0,
      attributes: { tiledesk_message_id: 'm1' },
    };
    socket.receive(publish(messageTopic(VISITOR, RID), pushed));
    socket.receive(publish(messageTopic(VISITOR, RID), { ...pushed, attributes: {} }));
    socket.receive(publish(archivedTopic(VISITOR, RID), {}));
    socket.receive(publish(messageTopic('someone-else', RID), pushed));
    expect(events.messages).toHaveLength(1);
    expect(events.messages[0]![0]).toBe(RID);
    expect(events.messages[0]![1]).toMatchObject({ _id: 'm1', text: 'hi', sender: 'agent-1', recipient: RID });
    expect(events.unkeyed).toEqual([RID]);
    expect(events.closed).toEqual([RID]);
  });

  it('reuses the stored token for the same visitor and JWT; ignores one for another JWT, another visitor, or about to expire', async () => {
    const store = createMemoryStore();
    await store.set(TOKEN_KEY, { jwt: JWT, userid: VISITOR, token: chat21Jwt('stored') });
    const same = setup(undefined, { store });
    same.follow();
    await settle();
    expect(same.calls).toHaveLength(0);
    expect(latest().open().text).toContain(chat21Jwt('stored'));
    same.push.stop();

    for (const stored of [
      { jwt: 'JWT another.jwt.x', userid: VISITOR, token: chat21Jwt('stored') },
      { jwt: JWT, userid: 'guest-2', token: chat21Jwt('stored') },
      { jwt: JWT, userid: VISITOR, token: chat21Jwt('stored', T0 + 3600_000) },
      { jwt: JWT, userid: VISITOR, token: 'not a jwt' },
    ]) {
      await store.set(TOKEN_KEY, stored);
      const other = setup(undefined, { store });
      other.follow();
      await settle();
      expect(other.calls).toHaveLength(1);
      expect(latest().open().text).toContain(chat21Jwt('a'));
      other.push.stop();
    }
  });

  it('not active: closes the connection; active again: connects again with the kept token', async () => {
    const { push, calls, follow, events } = setup();
    follow();
    await settle();
    const first = latest();
    first.accept();
    follow(false);
    expect(first.closed).toBe(true);
    expect(push.live.value).toBe(false);
    follow();
    await settle();
    expect(BrokerSocket.all).toHaveLength(2);
    latest().accept();
    expect(push.live.value).toBe(true);
    expect(calls).toHaveLength(1);
    expect(events.ups).toBe(2);
  });

  it('another visitor (a new JWT): closes, drops the token, starts over with a token for the new JWT', async () => {
    const { calls, follow, store } = setup([
      { userid: VISITOR, token: chat21Jwt('a') },
      { userid: 'guest-2', token: chat21Jwt('b') },
    ]);
    follow();
    await settle();
    const first = latest();
    first.accept();
    follow(true, 'JWT visitor.jwt.two', 'guest-2');
    expect(first.closed).toBe(true);
    await settle();
    expect(calls.map((call) => call.token)).toEqual([JWT, 'JWT visitor.jwt.two']);
    latest().accept();
    expect(latest().text).toContain(chat21Jwt('b'));
    expect(latest().text).toContain('apps/tilechat/users/guest-2/#');
    expect(await store.get(TOKEN_KEY)).toEqual({ jwt: 'JWT visitor.jwt.two', userid: 'guest-2', token: chat21Jwt('b') });
    // Signed out: closed, and the token is gone with the visitor.
    follow(true, null, null);
    await settle();
    expect(await store.get(TOKEN_KEY)).toBeUndefined();
  });
});

describe('createChat21Push: the policy obeyed', () => {
  it.each([400, 401, 403, 404])(
    'token call answered %i: no socket, polling; the pause outlives a reload, and the socket is tried again after the hour',
    async (status) => {
      const store = createMemoryStore();
      const { calls, follow, push, mqttLoads } = setup([new ApiError(status, null, null)], { store });
      follow();
      await settle();
      expect(BrokerSocket.all).toHaveLength(0);
      // A deployment that refuses the token: its visitors never download the MQTT client.
      expect(mqttLoads).not.toHaveBeenCalled();
      expect(calls).toHaveLength(1);
      expect(await store.get(PAUSE_KEY)).toEqual({ endpoint: ENDPOINT, until: T0 + PAUSE_MS });
      push.stop();
      // A reload (a new instance on the same store) does not call again within the hour…
      const reloaded = setup(undefined, { store });
      reloaded.follow();
      await vi.advanceTimersByTimeAsync(PAUSE_MS - 1);
      expect(reloaded.calls).toHaveLength(0);
      // …and does once it has passed.
      await vi.advanceTimersByTimeAsync(1);
      expect(reloaded.calls).toHaveLength(1);
      expect(BrokerSocket.all).toHaveLength(1);
    },
  );

  it("the MQTT client's code not downloaded (offline, a deploy in between): tried again as a failed connection, then connects", async () => {
    const { follow, mqttLoads, calls, push } = setup();
    mqttLoads.mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'));
    follow();
    await settle();
    expect(mqttLoads).toHaveBeenCalledTimes(1);
    expect(BrokerSocket.all).toHaveLength(0);
    // random 0: after the first backoff, 1 s, with the token it already has.
    await vi.advanceTimersByTimeAsync(1000);
    expect(mqttLoads).toHaveBeenCalledTimes(2);
    expect(calls).toHaveLength(1);
    latest().accept();
    expect(push.live.value).toBe(true);
  });

  it('stopped while the MQTT client downloads: no socket is opened after', async () => {
    let arrive: (connect: typeof connectMqtt) => void = () => undefined;
    const { follow, push } = setup(undefined, { loadMqtt: () => new Promise((resolve) => (arrive = resolve)) });
    follow();
    await settle();
    push.stop();
    arrive(connectMqtt);
    await settle();
    expect(BrokerSocket.all).toHaveLength(0);
    expect(push.live.value).toBe(false);
  });

  it('a token for another user id: not used, polling', async () => {
    const { follow, store } = setup([{ userid: 'someone-else', token: chat21Jwt('a') }]);
    follow();
    await settle();
    expect(BrokerSocket.all).toHaveLength(0);
    expect(await store.get(TOKEN_KEY)).toBeUndefined();
    expect(await store.get(PAUSE_KEY)).toEqual({ endpoint: ENDPOINT, until: T0 + PAUSE_MS });
  });

  it('a 1002 close: a new token at once and a new connection; a second 1002 in a row: polling for an hour', async () => {
    const { calls, follow, store, push } = setup([
      { userid: VISITOR, token: chat21Jwt('a') },
      { userid: VISITOR, token: chat21Jwt('b') },
    ]);
    follow();
    await settle();
    latest().closeWith(1002);
    await settle();
    expect(calls).toHaveLength(2);
    expect(BrokerSocket.all).toHaveLength(2);
    expect(latest().open().text).toContain(chat21Jwt('b'));
    expect(await store.get(TOKEN_KEY)).toMatchObject({ token: chat21Jwt('b') });
    latest().closeWith(1002);
    await vi.advanceTimersByTimeAsync(PAUSE_MS - 1);
    expect(BrokerSocket.all).toHaveLength(2);
    expect(push.live.value).toBe(false);
    expect(await store.get(PAUSE_KEY)).toEqual({ endpoint: ENDPOINT, until: T0 + PAUSE_MS });
  });

  it('a live connection lost: reconnects after the backoff with the same token, and asks for a REST fetch again', async () => {
    const { calls, follow, events, push } = setup();
    follow();
    await settle();
    latest().accept();
    latest().closeWith(1006);
    expect(push.live.value).toBe(false);
    // random 0: the first backoff is 1 s (half of 2 s fixed).
    await vi.advanceTimersByTimeAsync(999);
    expect(BrokerSocket.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(BrokerSocket.all).toHaveLength(2);
    latest().accept();
    expect(push.live.value).toBe(true);
    expect(events.ups).toBe(2);
    expect(calls).toHaveLength(1);
  });

  it('no connection within 10 s (a socket that never opens): polling for an hour', async () => {
    const { follow, store } = setup();
    follow();
    await settle();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(latest().closed).toBe(true);
    expect(await store.get(PAUSE_KEY)).toEqual({ endpoint: ENDPOINT, until: T0 + 10_000 + PAUSE_MS });
    await vi.advanceTimersByTimeAsync(PAUSE_MS - 1);
    expect(BrokerSocket.all).toHaveLength(1);
  });

  it('the token call failing on the network: tried again after the backoff', async () => {
    const { calls, follow } = setup([new NetworkError(null, false), { userid: VISITOR, token: chat21Jwt('a') }]);
    follow();
    await settle();
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(2);
    expect(BrokerSocket.all).toHaveLength(1);
  });

  it('offline: failures are not counted and nothing is retried until wake, which starts a new run', async () => {
    const { calls, follow, push, setOnline, store } = setup([new NetworkError(null, false), { userid: VISITOR, token: chat21Jwt('a') }]);
    setOnline(false);
    follow();
    await settle();
    expect(calls).toHaveLength(0);
    // Online, the call fails as the network drops again.
    setOnline(true);
    push.wake();
    setOnline(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(1);
    expect(BrokerSocket.all).toHaveLength(0);
    setOnline(true);
    push.wake();
    await settle();
    latest().accept();
    // A live connection lost offline: no reconnect until wake.
    setOnline(false);
    latest().closeWith(1006);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(BrokerSocket.all).toHaveLength(1);
    setOnline(true);
    push.wake();
    await settle();
    expect(BrokerSocket.all).toHaveLength(2);
    expect(await store.get(PAUSE_KEY)).toBeUndefined();
  });

  it("a first connection that times out while offline is not the broker's: no hour of polling; wake connects", async () => {
    const { follow, push, setOnline, store } = setup();
    follow();
    await settle();
    setOnline(false);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(latest().closed).toBe(true);
    expect(await store.get(PAUSE_KEY)).toBeUndefined();
    setOnline(true);
    push.wake();
    await settle();
    expect(BrokerSocket.all).toHaveLength(2);
    latest().accept();
    expect(push.live.value).toBe(true);
  });
});

describe('pausedUntil', () => {
  it('counts a record for this endpoint within the hour; not another endpoint, a past one, one from a clock far ahead, or junk', () => {
    expect(pausedUntil({ endpoint: ENDPOINT, until: T0 + 5 }, ENDPOINT, T0)).toBe(T0 + 5);
    expect(pausedUntil({ endpoint: 'wss://other.test/', until: T0 + 5 }, ENDPOINT, T0)).toBe(0);
    expect(pausedUntil({ endpoint: ENDPOINT, until: T0 }, ENDPOINT, T0)).toBe(0);
    expect(pausedUntil({ endpoint: ENDPOINT, until: T0 + PAUSE_MS + 1 }, ENDPOINT, T0)).toBe(0);
    for (const junk of [undefined, null, 'x', 3, { until: '9' }]) expect(pausedUntil(junk, ENDPOINT, T0)).toBe(0);
  });
});
