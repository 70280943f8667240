import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectRealtime, type RealtimeOptions, socketUrlFor } from './realtime.ts';
import type { WireMessage } from './wire.ts';
import { FakeSocket } from '../test/fakeSocket.ts';

const TOPIC = '/p1/requests/r1/messages';
const msg = (id: string, text = id): WireMessage => ({
  _id: id,
  text,
  type: 'text',
  sender: 's',
  senderFullname: '',
  recipient: 'r1',
  createdAt: '2024-01-01T00:00:00.000Z',
});
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
  const onUnreachable = vi.fn();
  const connection = connectRealtime({
    url: 'wss://api.test/v3/',
    token: 'JWT a.b c',
    topic: TOPIC,
    onMessages: (messages, kind) => received.push({ kind, ids: messages.map((m) => m._id) }),
    onStateChange: (state) => states.push(state),
    onResync,
    onUnreachable,
    backoff,
    WebSocketImpl: FakeSocket as unknown as typeof WebSocket,
    ...overrides,
  });
  return { connection, received, states, onResync, onUnreachable, backoff };
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
    expect(socket.url).toBe('wss://api.test/v3/?token=JWT%20a.b%20c');
    expect(connection.state).toBe('connecting');
    expect(socket.sent).toEqual([]);
    socket.open();
    expect(socket.sent).toEqual([{ action: 'subscribe', payload: { topic: TOPIC } }]);
    connection.close();
  });

  it('subscribes to the typing topic too, and passes its frames on normalised once live', () => {
    const TYPING = '/p1/requests/r1/typing';
    const typing: unknown[] = [];
    const { connection } = setup({ typingTopic: TYPING, onTyping: (signal) => typing.push(signal) });
    const socket = latest();
    socket.open();
    expect(socket.sent).toEqual([
      { action: 'subscribe', payload: { topic: TOPIC } },
      { action: 'subscribe', payload: { topic: TYPING } },
    ]);
    socket.receive({ action: 'publish', payload: { topic: TYPING, message: { typing: true, sender: 'early' } } });
    socket.receive(publish([]));
    socket.receive({ action: 'publish', payload: { topic: TYPING, message: { typing: true, sender: 'a1', senderFullname: 'Ann' } } });
    socket.receive({ action: 'publish', payload: { topic: TYPING, message: { typing: true } } });
    socket.receive({ action: 'publish', payload: { topic: TYPING, method: 'CREATE', message: { typing: false, sender: 'a1' } } });
    expect(typing).toEqual([
      { typing: true, sender: 'a1', senderFullname: 'Ann' },
      { typing: false, sender: 'a1' },
    ]);
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

  it('abandons a hanging handshake after connectTimeoutMs and stops for good: no second attempt', () => {
    const { connection, states, backoff, onUnreachable } = setup({ connectTimeoutMs: 500 });
    const first = latest();
    vi.advanceTimersByTime(499);
    expect(first.closeCalls).toBe(0);
    vi.advanceTimersByTime(1);
    expect(first.closeCalls).toBe(1);
    expect(connection.state).toBe('down');
    expect(states).toEqual(['down']);
    expect(onUnreachable).toHaveBeenCalledTimes(1);
    expect(backoff).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(24 * 60 * 60_000);
    expect(FakeSocket.instances).toHaveLength(1);
    // The late open of the abandoned socket changes nothing.
    first.open();
    expect(first.sent).toEqual([]);
    connection.reconnectNow(); // stopped is stopped
    expect(FakeSocket.instances).toHaveLength(1);
    expect(onUnreachable).toHaveBeenCalledTimes(1);
  });

  it('stops for good on a refused handshake (the reference answers 400 off its root)', () => {
    const { connection, states, onUnreachable } = setup();
    latest().drop(); // error + close of one socket: one report
    expect(connection.state).toBe('down');
    expect(states).toEqual(['down']);
    expect(onUnreachable).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10 * 60_000);
    expect(FakeSocket.instances).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('counts a subscription that is never confirmed as unreachable too', () => {
    const { connection, onUnreachable } = setup({ connectTimeoutMs: 500 });
    const socket = latest();
    vi.advanceTimersByTime(400);
    socket.open(); // the subscription gets its own 500 ms
    vi.advanceTimersByTime(499);
    expect(connection.state).toBe('connecting');
    vi.advanceTimersByTime(1);
    expect(socket.closeCalls).toBe(1);
    expect(connection.state).toBe('down');
    expect(onUnreachable).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10 * 60_000);
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it('reconnects a live socket that drops, backing off more with each drop', () => {
    const { connection, states, backoff, onUnreachable } = setup();
    goLive().drop();
    expect(backoff).toHaveBeenLastCalledWith(1);
    expect(connection.state).toBe('down');
    vi.advanceTimersByTime(999);
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(2);
    goLive().drop();
    expect(backoff).toHaveBeenLastCalledWith(2);
    vi.advanceTimersByTime(2000);
    expect(FakeSocket.instances).toHaveLength(3);
    expect(states).toEqual(['live', 'down', 'connecting', 'live', 'down', 'connecting']);
    expect(onUnreachable).not.toHaveBeenCalled();
    connection.close();
  });

  it('stops for good when the reconnection after a drop fails', () => {
    const { connection, onUnreachable } = setup({ connectTimeoutMs: 500 });
    goLive().drop();
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(500); // the new handshake hangs
    expect(connection.state).toBe('down');
    expect(onUnreachable).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10 * 60_000);
    expect(FakeSocket.instances).toHaveLength(2);
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
    goLive().drop();
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
    goLive().drop();
    a.connection.close();
    expect(vi.getTimerCount()).toBe(0);
    const b = setup();
    b.connection.close();
    // Closed while it connects, Chromium would warn in the page's console: it closes once open.
    expect(latest().closeCalls).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    latest().open();
    expect(latest().closeCalls).toBe(1);
    expect(b.states).toEqual([]);
  });

  it('never throws into the caller: a throwing constructor, send or callback', () => {
    class Throwing {
      constructor() {
        throw new DOMException('blocked', 'SecurityError');
      }
    }
    const t = setup({ WebSocketImpl: Throwing as unknown as typeof WebSocket });
    expect(t.connection.state).toBe('connecting');
    vi.advanceTimersByTime(1); // a zero delay set inside a fake tick runs one tick later
    expect(t.connection.state).toBe('down');
    expect(t.states).toEqual(['down']);
    expect(t.onUnreachable).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);

    const boom = () => {
      throw new Error('caller bug');
    };
    const c = setup({ onMessages: boom, onStateChange: boom, onResync: boom, onUnreachable: boom, heartbeatMs: 100 });
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
      const { connection } = setup({ WebSocketImpl: undefined });
      vi.advanceTimersByTime(0);
      expect(connection.state).toBe('down');
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.unstubAllGlobals();
    }
    expect(globalThis.WebSocket).toBe(original);
  });

  it('may be closed from inside its own callbacks', () => {
    // `let`, not `const`: a callback that ran during construction would otherwise hit the TDZ.
    let connection: ReturnType<typeof connectRealtime> | undefined;
    const onResync = vi.fn();
    // eslint-disable-next-line prefer-const -- see above
    connection = connectRealtime({
      url: 'ws://h/ws',
      token: 'JWT t',
      topic: TOPIC,
      onMessages: () => connection?.close(),
      backoff: () => 1000,
      onResync,
      WebSocketImpl: FakeSocket as unknown as typeof WebSocket,
    });
    goLive([msg('m1')]);
    expect(onResync).not.toHaveBeenCalled();
    expect(connection.state).toBe('down');
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('socketUrlFor', () => {
  it('is the API root, where the reference listens: ws(s), the path prefix, a trailing slash', () => {
    expect(socketUrlFor('https://api.example.com/v3')).toBe('wss://api.example.com/v3/');
    expect(socketUrlFor('https://api.example.com/v3/')).toBe('wss://api.example.com/v3/');
    expect(socketUrlFor('http://127.0.0.1:3000/v3')).toBe('ws://127.0.0.1:3000/v3/');
    expect(socketUrlFor('https://api.example.com')).toBe('wss://api.example.com/');
    expect(socketUrlFor('https://host/base/api/v3?x=1#f')).toBe('wss://host/base/api/v3/');
    expect(socketUrlFor('wss://host/v3')).toBe('wss://host/v3/');
  });

  it('resolves a relative apiUrl against the page', () => {
    expect(socketUrlFor('/v3')).toBe(`${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/v3/`);
  });
});
