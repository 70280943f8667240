/** The widget's realtime client (`src/api/realtime.ts`) against the demo's real websocket server. */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { connectRealtime, type RealtimeConnection, type RealtimeOptions, socketUrlFor } from '../../src/api/realtime.ts';
import type { WireMessage } from '../../src/api/wire.ts';
import { reconnectDelay } from '../../src/state/backoff.ts';
import { eventually, type Kit, newRequestId, PID, send, setFaults, startKit } from './testkit.ts';

let kit: Kit;
beforeAll(async () => {
  // A fast server tick: a client without its own heartbeat would be terminated within ~300 ms.
  kit = await startKit({ wsHeartbeatMs: 150 });
});
afterAll(() => kit.demo.close());
beforeEach(() => kit.reset());

const open: RealtimeConnection[] = [];
afterEach(() => {
  for (const connection of open.splice(0)) connection.close();
});

const topic = (rid: string) => `/${PID}/requests/${rid}/messages`;

function connect(token: string, rid: string, overrides: Partial<RealtimeOptions> = {}) {
  const snapshots: WireMessage[][] = [];
  const live: WireMessage[] = [];
  const states: string[] = [];
  let resyncs = 0;
  let unreachable = 0;
  const connection = connectRealtime({
    url: socketUrlFor(kit.demo.apiUrl),
    token,
    topic: topic(rid),
    onMessages: (messages, kind) => (kind === 'snapshot' ? snapshots.push(messages) : live.push(...messages)),
    onStateChange: (state) => states.push(state),
    onResync: () => (resyncs += 1),
    onUnreachable: () => (unreachable += 1),
    heartbeatMs: 50,
    backoff: reconnectDelay,
    WebSocketImpl: WebSocket as unknown as typeof globalThis.WebSocket,
    ...overrides,
  });
  open.push(connection);
  return { connection, snapshots, live, states, resyncs: () => resyncs, unreachable: () => unreachable };
}

const chat = (messages: WireMessage[]) => messages.filter((m) => m.sender !== 'system').map((m) => m.text);

describe('realtime client against the demo', () => {
  it('derives the demo socket URL from the apiUrl', () => {
    expect(socketUrlFor(kit.demo.apiUrl)).toBe(`${kit.demo.apiOrigin.replace(/^http/, 'ws')}/v3/`);
  });

  it('receives the snapshot, then an agent reply live, and stays up thanks to its heartbeat', async () => {
    const guest = await kit.guest();
    const agent = await kit.agent();
    const rid = newRequestId();
    expect((await send(kit, guest.token, rid, { text: 'first' })).status).toBe(200);

    const client = connect(guest.token, rid);
    const snapshot = await eventually(() => client.snapshots[0]);
    expect(chat(snapshot)).toEqual(['first']);
    expect(client.connection.state).toBe('live');
    expect(client.resyncs()).toBe(1);

    expect((await send(kit, agent.token, rid, { text: 'agent reply' })).status).toBe(200);
    const reply = await eventually(() => client.live.find((m) => m.text === 'agent reply'));
    // The client hands messages on normalised: the populated request (ws.test.ts checks the frame) is dropped.
    expect(reply).toMatchObject({ _id: expect.any(String), text: 'agent reply', recipient: rid });

    // Several server ticks (150 ms each): a silent client would have been terminated.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(client.connection.state).toBe('live');
    expect(client.states).toEqual(['live']);
    expect(client.resyncs()).toBe(1);

    client.connection.close();
    expect(client.connection.state).toBe('down');
    await send(kit, agent.token, rid, { text: 'after close' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(client.live.some((m) => m.text === 'after close')).toBe(false);
  });

  it('subscribes before the first message (snapshot []) and hears the visitor own first message', async () => {
    const guest = await kit.guest();
    const rid = newRequestId();
    const client = connect(guest.token, rid);
    expect(await eventually(() => client.snapshots[0])).toEqual([]);
    await send(kit, guest.token, rid, { text: 'hello' });
    expect(await eventually(() => client.live.find((m) => m.text === 'hello'))).toBeTruthy();
  });

  it('reconnects after the server drops the socket, and asks for a re-sync each time', async () => {
    const guest = await kit.guest();
    const rid = newRequestId();
    await send(kit, guest.token, rid, { text: 'first' });
    // Too slow a heartbeat for this server's 150 ms tick: it terminates the client, which comes back.
    const client = connect(guest.token, rid, { heartbeatMs: 10_000, backoff: () => 50 });
    await eventually(() => (client.resyncs() >= 2 ? true : undefined));
    expect(client.states.slice(0, 4)).toEqual(['live', 'down', 'connecting', 'live']);
    expect(client.snapshots.length).toBeGreaterThanOrEqual(2);
    for (const snapshot of client.snapshots) expect(chat(snapshot)).toEqual(['first']);
  });

  it('gives up a hanging handshake after connectTimeoutMs, for good', async () => {
    const guest = await kit.guest();
    await setFaults(kit, { hangWebsocket: true });
    const started = Date.now();
    const client = connect(guest.token, newRequestId(), { connectTimeoutMs: 200, backoff: () => 50 });
    await eventually(() => (client.states.length >= 1 ? true : undefined));
    expect(client.states).toEqual(['down']);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(client.unreachable()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(client.states).toEqual(['down']);
    expect(client.snapshots).toEqual([]);
  });

  it('against the reference-like socket a visitor hangs at the API root and is given up once', async () => {
    const guest = await kit.guest();
    await setFaults(kit, { referenceSocket: true });
    const client = connect(guest.token, newRequestId(), { connectTimeoutMs: 200, backoff: () => 50 });
    await eventually(() => (client.unreachable() ? true : undefined));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(client.states).toEqual(['down']);
    expect(client.unreachable()).toBe(1);
  });

  it('stops at once when the handshake is refused (503, 401, 400 off the root)', async () => {
    const guest = await kit.guest();
    const rid = newRequestId();
    await setFaults(kit, { refuseWebsocket: true });
    const refused = connect(guest.token, rid, { backoff: () => 20 });
    const badToken = connect('JWT not-a-token', rid, { backoff: () => 20 });
    const offRoot = connect(guest.token, rid, { url: `${socketUrlFor(kit.demo.apiUrl)}ws`, backoff: () => 20 });
    for (const client of [refused, badToken, offRoot]) await eventually(() => (client.unreachable() ? true : undefined));
    await setFaults(kit, { refuseWebsocket: false });
    await new Promise((resolve) => setTimeout(resolve, 150));
    for (const client of [refused, badToken, offRoot]) {
      expect(client.states).toEqual(['down']);
      expect(client.unreachable()).toBe(1);
      expect(client.snapshots).toEqual([]);
    }
  });
});
