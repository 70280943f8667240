import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectRealtime, defaultBackoff, type RealtimeOptions, socketUrlFor } from './realtime.ts';
import type { WireMessage } from './wire.ts';

/** A scriptable stand-in for the browser's WebSocket: the test plays the server. */
class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static instances: FakeSocket[] = [];

  readyState = FakeSocket.CONNECTING;
  sent: unknown[] = [];
  closeCalls = 0;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }

  send(data: string): void {
    if (this.readyState !== FakeSocket.OPEN) throw new Error('InvalidStateError');
    this.sent.push(JSON.parse(data));
  }

  close(): void {
    this.closeCalls += 1;
    if (this.readyState >= FakeSocket.CLOSING) return;
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.({ code: 1000 });
  }

  // ---- the server's side
  open(): void {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.({});
  }
  receive(frame: unknown): void {
    this.onmessage?.({ data: typeof frame === 'string' ? frame : JSON.stringify(frame) });
  }
  receiveRaw(data: unknown): void {
    this.onmessage?.({ data });
  }
  drop(code = 1006): void {
    this.readyState = FakeSocket.CLOSED;
    this.onerror?.({});
    this.onclose?.({ code });
  }
}

const TOPIC = '/p1/requests/r1/messages';
const msg = (id: string, text = id): WireMessage => ({ _id: id, text, type: 'text', sender: 's', senderFullname: '', recipient: 'r1', createdAt: '2024-01-01T00:00:00.000Z' });
const publish = (message: unknown, topic = TOPIC, method = 'CREATE') => ({ action: 'publish', payload: { topic, method, message } });

function latest(): FakeSocket {
  const socket = FakeSocket.instances[FakeSocket.instances.length - 1];
  if (!socket) throw new Error('no socket');
  return socket;
}

function setup(overrides: Partial<RealtimeOptions> = {}) {
  const received: Array<{ kind: 'snapshot' | 'live'; ids: string[] }> = [];
  const states: string[] = [];
  const onResync = vi.fn();
  const backoff = vi.fn((attempt: number) => attempt * 1000);
  const connection = connectRealtime({
    url: 'wss://api.test/v3/ws',
    token: 'JWT a.b c',
    topic: TOPIC,
    onMessages: (messages, kind) => received.push({ kind, ids: messages.map((m) => m._id) }),
    onStateChange: (state) => states.push(state),
    onResync,
    backoff,
    WebSocketImpl: FakeSocket as unknown as typeof WebSocket,
    ...overrides,
  });
  return { connection, received, states, onResync, backoff };
}

/** Opens the latest socket and answers the subscription with a snapshot. */
function goLive(snapshot: unknown[] = []): FakeSocket {
  const socket = latest();
  socket.open();
  socket.receive(publish(snapshot));
  return socket;
}

beforeEach(() => {
  FakeSocket.instances = [];
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('connectRealtime', () => {
  it('connects with the URL-encoded token and subscribes to the topic on open', () => {
    const { connection } = setup();
    const socket = latest();
    expect(socket.url).toBe('wss://api.test/v3/ws?token=JWT%20a.b%20c');
    expect(connection.state).toBe('connecting');
    expect(socket.sent).toEqual([]);
    socket.open();
    expect(socket.sent).toEqual([{ action: 'subscribe', payload: { topic: TOPIC } }]);
    connection.close();
  });

  it('appends the token to a URL that already has a query', () => {
    setup({ url: 'ws://h/ws?x=1' });
    expect(latest().url).toBe('ws://h/ws?x=1&token=JWT%20a.b%20c');
  });

  it('passes the first array as the snapshot and later objects as live messages', () => {
    const { connection, received, states, onResync } = setup();
    const socket = latest();
    socket.open();
    expect(connection.state).toBe('connecting');
    socket.receive(publish([msg('m1'), msg('m2')]));
    expect(received).toEqual([{ kind: 'snapshot', ids: ['m1', 'm2'] }]);
    expect(connection.state).toBe('live');
    expect(states).toEqual(['live']);
    expect(onResync).toHaveBeenCalledTimes(1);
    socket.receive(publish(msg('m3')));
    expect(received[1]).toEqual({ kind: 'live', ids: ['m3'] });
    // A second array is not a new snapshot.
    socket.receive(publish([msg('m9')]));
    expect(received).toHaveLength(2);
    connection.close();
  });

  it('passes a live message on normalised, without the populated request the widget does not use', () => {
    const seen: WireMessage[] = [];
    const { connection } = setup({ onMessages: (messages) => seen.push(...messages) });
    const socket = goLive();
    socket.receive(publish({ ...msg('m1'), senderFullname: 7, request: { _id: 'x', request_id: 'r1', status: 200, createdAt: 'c' } }));
    expect(seen).toEqual([{ ...msg('m1'), senderFullname: '7' }]);
    connection.close();
  });

  it('ignores other topics, other methods, malformed JSON, binary data and messages without a string _id', () => {
    const { connection, received } = setup();
    const socket = goLive([msg('a'), { text: 'no id' }, null, 'str', 42, [msg('nested')], { _id: 7 }, { _id: '' }, msg('b')]);
    expect(received).toEqual([{ kind: 'snapshot', ids: ['a', 'b'] }]);
    socket.receive(publish(msg('other'), '/p1/requests/r2/messages'));
    socket.receive(publish(msg('other'), '/p1/requests/r1'));
    socket.receive(publish(msg('upd'), TOPIC, 'UPDATE'));
    socket.receive('{not json');
    socket.receive('null');
    socket.receive('"publish"');
    socket.receive('[1,2]');
    socket.receive({ action: 'publish' });
    socket.receive({ action: 'publish', payload: 'x' });
    socket.receive({ action: 'me', payload: { id: 'x', userId: null } });
    socket.receive({ action: 'heartbeat', payload: { message: { text: 'ping' } } });
    socket.receive(publish(null));
    socket.receive(publish('text'));
    socket.receive(publish(12));
    socket.receive(publish({ text: 'no id' }));
    socket.receive(publish({ _id: { $oid: 'x' } }));
    socket.receiveRaw(new ArrayBuffer(4));
    socket.receiveRaw(undefined);
    expect(received).toEqual([{ kind: 'snapshot', ids: ['a', 'b'] }]);
    expect(connection.state).toBe('live');
    connection.close();
  });

  it('ignores a snapshot for another topic (the subscription is not confirmed by it)', () => {
    const { connection, received } = setup();
    const socket = latest();
    socket.open();
    socket.receive(publish([msg('x')], '/p1/requests/other/messages'));
    expect(received).toEqual([]);
    expect(connection.state).toBe('connecting');
    connection.close();
  });

  it('sends an application heartbeat every heartbeatMs', () => {
    const { connection } = setup({ heartbeatMs: 1000, staleMs: 60_000 });
    const socket = goLive();
    const heartbeats = () => socket.sent.filter((f) => (f as { action: string }).action === 'heartbeat');
    vi.advanceTimersByTime(999);
    expect(heartbeats()).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(heartbeats()).toEqual([{ action: 'heartbeat', payload: { message: { text: 'ping' } } }]);
    vi.advanceTimersByTime(3000);
    expect(heartbeats()).toHaveLength(4);
    connection.close();
    vi.advanceTimersByTime(5000);
    expect(heartbeats()).toHaveLength(4);
  });

  it('uses the default heartbeat of 20 s (under the server tick of 30 s)', () => {
    const { connection } = setup();
    const socket = goLive();
    vi.advanceTimersByTime(19_999);
    expect(socket.sent).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(socket.sent).toHaveLength(2);
    connection.close();
  });

  it('abandons a hanging handshake after connectTimeoutMs, backs off, then retries', () => {
    const { connection, states, backoff } = setup({ connectTimeoutMs: 500 });
    const first = latest();
    vi.advanceTimersByTime(499);
    expect(first.closeCalls).toBe(0);
    vi.advanceTimersByTime(1);
    expect(first.closeCalls).toBe(1);
    expect(connection.state).toBe('down');
    expect(backoff).toHaveBeenCalledWith(1);
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(999);
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(2);
    expect(connection.state).toBe('connecting');
    expect(states).toEqual(['down', 'connecting']);
    // The late open of the abandoned socket changes nothing.
    first.open();
    expect(first.sent).toEqual([]);
    goLive();
    expect(connection.state).toBe('live');
    connection.close();
  });

  it('counts a subscription that is never confirmed as a failure', () => {
    const { connection } = setup({ connectTimeoutMs: 500 });
    const socket = latest();
    vi.advanceTimersByTime(400);
    socket.open(); // the subscription gets its own 500 ms
    vi.advanceTimersByTime(499);
    expect(connection.state).toBe('connecting');
    vi.advanceTimersByTime(1);
    expect(socket.closeCalls).toBe(1);
    expect(connection.state).toBe('down');
    connection.close();
  });

  it('backs off after errors and closes, with growing attempts, and gives up after maxAttempts', () => {
    const { connection, states, backoff } = setup({ maxAttempts: 3 });
    latest().drop();
    expect(backoff).toHaveBeenLastCalledWith(1);
    vi.advanceTimersByTime(1000);
    latest().drop(); // error + close of one socket: one failure
    expect(backoff).toHaveBeenCalledTimes(2);
    expect(backoff).toHaveBeenLastCalledWith(2);
    vi.advanceTimersByTime(2000);
    expect(FakeSocket.instances).toHaveLength(3);
    latest().drop();
    expect(backoff).toHaveBeenCalledTimes(2);
    expect(connection.state).toBe('down');
    expect(states).toEqual(['down', 'connecting', 'down', 'connecting', 'down']);
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(10 * 60_000);
    expect(FakeSocket.instances).toHaveLength(3);
    connection.reconnectNow(); // given up is given up
    expect(FakeSocket.instances).toHaveLength(3);
  });

  it('gives up after 8 consecutive failures by default', () => {
    const { connection } = setup({ connectTimeoutMs: 100 });
    for (let i = 0; i < 20; i++) vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(8);
    expect(connection.state).toBe('down');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('resets the failure count once live', () => {
    const { connection, backoff } = setup({ maxAttempts: 2 });
    latest().drop();
    vi.advanceTimersByTime(1000);
    goLive().drop(); // a live connection lost: failure 1 of a new run
    expect(backoff).toHaveBeenLastCalledWith(1);
    expect(connection.state).toBe('down');
    vi.advanceTimersByTime(1000);
    expect(connection.state).toBe('connecting');
    connection.close();
  });

  it('reconnects when the server stays silent for staleMs; any frame keeps it alive', () => {
    const { connection } = setup({ staleMs: 5000, heartbeatMs: 60_000 });
    const socket = goLive();
    vi.advanceTimersByTime(4000);
    socket.receive({ action: 'heartbeat', payload: { message: { text: 'ping' } } });
    vi.advanceTimersByTime(4000);
    socket.receive('garbage still counts as a sign of life');
    vi.advanceTimersByTime(4999);
    expect(connection.state).toBe('live');
    vi.advanceTimersByTime(1);
    expect(socket.closeCalls).toBe(1);
    expect(connection.state).toBe('down');
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.instances).toHaveLength(2);
    connection.close();
  });

  it('calls onResync after each (re)connection once subscribed', () => {
    const { connection, onResync, received, states } = setup();
    goLive([msg('m1')]);
    expect(onResync).toHaveBeenCalledTimes(1);
    latest().drop();
    vi.advanceTimersByTime(1000);
    const second = latest();
    second.open();
    expect(onResync).toHaveBeenCalledTimes(1); // not before the subscription is confirmed
    second.receive(publish([msg('m1'), msg('m2')]));
    expect(onResync).toHaveBeenCalledTimes(2);
    expect(received.map((r) => r.kind)).toEqual(['snapshot', 'snapshot']);
    expect(states).toEqual(['live', 'down', 'connecting', 'live']);
    connection.close();
  });

  it('reconnectNow skips the backoff wait, and does nothing while connecting or live', () => {
    const { connection } = setup();
    connection.reconnectNow(); // connecting: no second socket
    expect(FakeSocket.instances).toHaveLength(1);
    latest().drop();
    expect(connection.state).toBe('down');
    connection.reconnectNow();
    expect(FakeSocket.instances).toHaveLength(2);
    expect(connection.state).toBe('connecting');
    goLive();
    connection.reconnectNow();
    expect(FakeSocket.instances).toHaveLength(2);
    expect(connection.state).toBe('live');
    // The skipped backoff timer (1 s) does not fire later.
    vi.advanceTimersByTime(10_000);
    expect(FakeSocket.instances).toHaveLength(2);
    connection.close();
  });

  it('close() stops everything: socket, timers, callbacks', () => {
    const { connection, received, states, onResync } = setup();
    const socket = goLive([msg('m1')]);
    const before = { received: received.length, states: states.length, resync: onResync.mock.calls.length };
    connection.close();
    expect(socket.closeCalls).toBe(1);
    expect(connection.state).toBe('down');
    expect(vi.getTimerCount()).toBe(0);
    socket.receive(publish(msg('late')));
    socket.drop();
    vi.advanceTimersByTime(10 * 60_000);
    expect(FakeSocket.instances).toHaveLength(1);
    expect({ received: received.length, states: states.length, resync: onResync.mock.calls.length }).toEqual(before);
    connection.close(); // idempotent
    connection.reconnectNow();
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it('close() during a backoff wait or a handshake leaks no timer', () => {
    const a = setup();
    latest().drop();
    a.connection.close();
    expect(vi.getTimerCount()).toBe(0);
    const b = setup();
    b.connection.close();
    expect(latest().closeCalls).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('never throws into the caller: a throwing constructor, send or callback', () => {
    class Throwing {
      constructor() {
        throw new DOMException('blocked', 'SecurityError');
      }
    }
    const t = setup({ WebSocketImpl: Throwing as unknown as typeof WebSocket, maxAttempts: 2 });
    expect(t.connection.state).toBe('connecting');
    vi.advanceTimersByTime(1); // a zero delay set inside a fake tick runs one tick later
    expect(t.connection.state).toBe('down');
    vi.advanceTimersByTime(1001);
    expect(t.connection.state).toBe('down');
    expect(t.states).toEqual(['down', 'connecting', 'down']);
    expect(vi.getTimerCount()).toBe(0);

    const boom = () => {
      throw new Error('caller bug');
    };
    const c = setup({ onMessages: boom, onStateChange: boom, onResync: boom, heartbeatMs: 100 });
    const socket = latest();
    socket.open();
    socket.send = () => {
      throw new Error('InvalidStateError');
    };
    expect(() => socket.receive(publish([msg('m1')]))).not.toThrow();
    expect(c.connection.state).toBe('live');
    expect(() => socket.receive(publish(msg('m2')))).not.toThrow();
    expect(() => vi.advanceTimersByTime(300)).not.toThrow();
    expect(() => socket.drop()).not.toThrow();
    c.connection.close();
  });

  it('without any WebSocket implementation it just stays down', () => {
    const original = globalThis.WebSocket;
    vi.stubGlobal('WebSocket', undefined);
    try {
      const { connection } = setup({ WebSocketImpl: undefined, maxAttempts: 1 });
      vi.advanceTimersByTime(0);
      expect(connection.state).toBe('down');
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.unstubAllGlobals();
    }
    expect(globalThis.WebSocket).toBe(original);
  });

  it('may be closed from inside its own callbacks', () => {
    let connection: ReturnType<typeof connectRealtime> | undefined;
    const onResync = vi.fn();
    connection = connectRealtime({
      url: 'ws://h/ws',
      token: 'JWT t',
      topic: TOPIC,
      onMessages: () => connection?.close(),
      onResync,
      WebSocketImpl: FakeSocket as unknown as typeof WebSocket,
    });
    goLive([msg('m1')]);
    expect(onResync).not.toHaveBeenCalled();
    expect(connection.state).toBe('down');
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('defaultBackoff', () => {
  it('grows exponentially from 1 s, with jitter, capped at 60 s', () => {
    const random = vi.spyOn(Math, 'random');
    random.mockReturnValue(0);
    expect([1, 2, 3, 4, 5, 6, 7, 8, 50].map(defaultBackoff)).toEqual([1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000, 60_000]);
    random.mockReturnValue(0.999);
    expect(defaultBackoff(1)).toBeGreaterThan(1000);
    expect(defaultBackoff(1)).toBeLessThanOrEqual(1500);
    expect(defaultBackoff(6)).toBeLessThanOrEqual(60_000);
    random.mockRestore();
  });
});

describe('socketUrlFor', () => {
  it('maps http(s) to ws(s), keeps the path prefix and appends /ws', () => {
    expect(socketUrlFor('https://api.example.com/v3')).toBe('wss://api.example.com/v3/ws');
    expect(socketUrlFor('https://api.example.com/v3/')).toBe('wss://api.example.com/v3/ws');
    expect(socketUrlFor('http://127.0.0.1:3000/v3')).toBe('ws://127.0.0.1:3000/v3/ws');
    expect(socketUrlFor('https://api.example.com')).toBe('wss://api.example.com/ws');
    expect(socketUrlFor('https://host/base/api/v3?x=1#f')).toBe('wss://host/base/api/v3/ws');
    expect(socketUrlFor('wss://host/v3')).toBe('wss://host/v3/ws');
  });

  it('resolves a relative apiUrl against the page', () => {
    expect(socketUrlFor('/v3')).toBe(`${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/v3/ws`);
  });
});
