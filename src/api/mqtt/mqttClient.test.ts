import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectMqtt, type MqttEnd, type MqttOptions } from './mqttClient.ts';
import { encodePublish, encodeRemainingLength } from './packets.ts';

/** A scriptable binary WebSocket: the test plays the broker, byte by byte. */
class FakeBinarySocket {
  static instances: FakeBinarySocket[] = [];
  readyState = 0;
  binaryType = 'blob';
  sent: number[][] = [];
  closed = false;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: (() => void) | null = null;
  onclose: ((event: { code?: number }) => void) | null = null;

  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {
    FakeBinarySocket.instances.push(this);
  }
  send(data: Uint8Array): void {
    if (this.readyState !== 1) throw new Error('InvalidStateError');
    this.sent.push(Array.from(data));
  }
  close(): void {
    this.closed = true;
    this.readyState = 3;
  }
  // ---- the broker's side
  open(): void {
    this.readyState = 1;
    this.onopen?.();
  }
  /** One WebSocket message, as an ArrayBuffer (what `binaryType = 'arraybuffer'` delivers). */
  receive(...bytes: number[]): void {
    this.onmessage?.({ data: Uint8Array.from(bytes).buffer });
  }
  closeWith(code: number): void {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

const CONNACK_OK = [0x20, 2, 0, 0];
const SUBACK_OK = [0x90, 3, 0, 1, 1];
const INBOX = 'apps/tilechat/users/u1/#';
const TOPIC = 'apps/tilechat/users/u1/messages/support-group-p-1/clientadded';

function latest(): FakeBinarySocket {
  const socket = FakeBinarySocket.instances.at(-1);
  if (!socket) throw new Error('no socket');
  return socket;
}

function setup(overrides: Partial<MqttOptions> = {}) {
  const messages: Array<{ topic: string; text: string }> = [];
  const ends: MqttEnd[] = [];
  const onUp = vi.fn();
  const connection = connectMqtt({
    url: 'wss://broker.test/mqws/ws',
    username: 'JWT',
    password: 'the.token',
    topic: INBOX,
    clientId: 'client-1',
    onMessage: (topic, payload) => messages.push({ topic, text: new TextDecoder().decode(payload) }),
    onUp,
    onEnd: (end) => ends.push(end),
    WebSocketImpl: FakeBinarySocket as unknown as typeof WebSocket,
    ...overrides,
  });
  return { connection, messages, ends, onUp, socket: latest() };
}

/** Opens the socket and answers CONNECT and SUBSCRIBE. */
function goUp(socket: FakeBinarySocket): void {
  socket.open();
  socket.receive(...CONNACK_OK);
  socket.receive(...SUBACK_OK);
}

beforeEach(() => {
  FakeBinarySocket.instances = [];
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('connectMqtt: the handshake', () => {
  it('opens the socket with subprotocol mqtt, binary, and sends CONNECT (username JWT, the token, clean session, keepalive 120 s)', () => {
    const { socket } = setup();
    expect(socket.url).toBe('wss://broker.test/mqws/ws');
    expect(socket.protocols).toEqual(['mqtt']);
    expect(socket.binaryType).toBe('arraybuffer');
    expect(socket.sent).toEqual([]);
    socket.open();
    const ascii = (t: string) => Array.from(t, (c) => c.charCodeAt(0));
    const body = [0, 4, ...ascii('MQTT'), 4, 0xc2, 0, 120, 0, 8, ...ascii('client-1'), 0, 3, ...ascii('JWT'), 0, 9, ...ascii('the.token')];
    expect(socket.sent).toEqual([[0x10, body.length, ...body]]);
  });

  it('subscribes to the one topic filter at QoS 1 after CONNACK, and is up after SUBACK', () => {
    const { socket, connection, onUp } = setup();
    socket.open();
    socket.receive(...CONNACK_OK);
    expect(socket.sent[1]).toEqual([0x82, 2 + 2 + INBOX.length + 1, 0, 1, 0, INBOX.length, ...Array.from(INBOX, (c) => c.charCodeAt(0)), 1]);
    expect(connection.up).toBe(false);
    expect(onUp).not.toHaveBeenCalled();
    socket.receive(...SUBACK_OK);
    expect(connection.up).toBe(true);
    expect(onUp).toHaveBeenCalledTimes(1);
  });

  it('a random client id per connection when none is given', () => {
    setup({ clientId: undefined });
    setup({ clientId: undefined });
    const ids = FakeBinarySocket.instances.map((socket) => {
      socket.open();
      const connect = socket.sent[0]!;
      const at = 12; // fixed header (2 bytes), variable header (10 bytes)
      const length = (connect[at]! << 8) | connect[at + 1]!;
      return String.fromCharCode(...connect.slice(at + 2, at + 2 + length));
    });
    expect(ids[0]).toMatch(/^porchlight-[0-9a-f]{12}$/);
    expect(ids[1]).toMatch(/^porchlight-[0-9a-f]{12}$/);
    expect(ids[0]).not.toBe(ids[1]);
  });
});

describe('connectMqtt: messages', () => {
  it('hands on a QoS 0 PUBLISH without an answer', () => {
    const { socket, messages } = setup();
    goUp(socket);
    const sentBefore = socket.sent.length;
    socket.receive(...encodePublish(TOPIC, '{"text":"hi"}', 0));
    expect(messages).toEqual([{ topic: TOPIC, text: '{"text":"hi"}' }]);
    expect(socket.sent.length).toBe(sentBefore);
  });

  it('answers a QoS 1 PUBLISH with a PUBACK of its packet id, after handing it on', () => {
    const order: string[] = [];
    const { socket } = setup({ onMessage: () => order.push(`message, ${socket.sent.length} sent`) });
    goUp(socket);
    socket.receive(...encodePublish(TOPIC, 'x', 1, 0x0102));
    expect(order).toEqual(['message, 2 sent']);
    expect(socket.sent.at(-1)).toEqual([0x40, 2, 0x01, 0x02]);
  });

  it('still acknowledges when the caller throws', () => {
    const { socket } = setup({
      onMessage: () => {
        throw new Error('caller bug');
      },
    });
    goUp(socket);
    socket.receive(...encodePublish(TOPIC, 'x', 1, 7));
    expect(socket.sent.at(-1)).toEqual([0x40, 2, 0, 7]);
  });

  it('reads packets cut across WebSocket messages and several in one', () => {
    const { socket, messages } = setup();
    socket.open();
    const publish = Array.from(encodePublish(TOPIC, 'y'.repeat(200), 1, 3));
    socket.receive(...CONNACK_OK, ...SUBACK_OK, ...publish.slice(0, 2));
    expect(messages).toEqual([]);
    socket.receive(...publish.slice(2, 50));
    socket.receive(...publish.slice(50), ...encodePublish(TOPIC, 'z', 0));
    expect(messages.map((m) => m.text)).toEqual(['y'.repeat(200), 'z']);
  });

  it('takes a typed array view as well as an ArrayBuffer (Node `ws`)', () => {
    const { socket, messages } = setup();
    goUp(socket);
    const inside = new Uint8Array(256);
    const publish = encodePublish(TOPIC, 'v', 0);
    inside.set(publish, 10);
    socket.onmessage?.({ data: inside.subarray(10, 10 + publish.length) });
    expect(messages.map((m) => m.text)).toEqual(['v']);
  });
});

describe('connectMqtt: refusals (docs/service.md §12.2)', () => {
  it('a 1002 close before any CONNACK (a bad token on RabbitMQ) is `refused`', () => {
    const { socket, ends, onUp } = setup();
    socket.open();
    socket.closeWith(1002);
    expect(ends).toEqual([{ reason: 'refused', wasUp: false, code: 1002 }]);
    expect(onUp).not.toHaveBeenCalled();
  });

  it('a 1002 close after SUBSCRIBE (a foreign inbox) is `refused`, and only told once', () => {
    const { socket, ends } = setup();
    socket.open();
    socket.receive(...CONNACK_OK);
    socket.closeWith(1002);
    socket.onerror?.();
    vi.runAllTimers();
    expect(ends).toEqual([{ reason: 'refused', wasUp: false, code: 1002 }]);
  });

  it('CONNACK 4 (bad user name or password) and 5 (not authorized) are `refused`; 3 (server unavailable) is `lost`', () => {
    for (const [code, reason] of [
      [4, 'refused'],
      [5, 'refused'],
      [3, 'lost'],
    ] as const) {
      const { socket, ends } = setup();
      socket.open();
      socket.receive(0x20, 2, 0, code);
      expect(ends).toEqual([{ reason, wasUp: false, returnCode: code }]);
      expect(socket.closed).toBe(true);
    }
  });

  it('a SUBACK failure (0x80) is `refused`', () => {
    const { socket, ends, onUp } = setup();
    socket.open();
    socket.receive(...CONNACK_OK);
    socket.receive(0x90, 3, 0, 1, 0x80);
    expect(ends).toEqual([{ reason: 'refused', wasUp: false }]);
    expect(onUp).not.toHaveBeenCalled();
  });
});

describe('connectMqtt: timeouts and keepalive', () => {
  it('no CONNACK and SUBACK within 10 s is `timeout`', () => {
    const { socket, ends } = setup();
    socket.open();
    socket.receive(...CONNACK_OK);
    vi.advanceTimersByTime(9_999);
    expect(ends).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(ends).toEqual([{ reason: 'timeout', wasUp: false }]);
    expect(socket.closed).toBe(true);
  });

  it('sends PINGREQ every 30 s; an answer keeps it up, silence until the next ping ends it', () => {
    const { socket, ends } = setup();
    goUp(socket);
    const sent = socket.sent.length;
    vi.advanceTimersByTime(30_000);
    expect(socket.sent.slice(sent)).toEqual([[0xc0, 0]]);
    socket.receive(0xd0, 0);
    vi.advanceTimersByTime(30_000);
    expect(socket.sent.slice(sent)).toEqual([
      [0xc0, 0],
      [0xc0, 0],
    ]);
    expect(ends).toEqual([]);
    vi.advanceTimersByTime(30_000);
    expect(ends).toEqual([{ reason: 'timeout', wasUp: true }]);
  });

  it('any packet counts as being heard, not only PINGRESP', () => {
    const { socket, ends } = setup();
    goUp(socket);
    vi.advanceTimersByTime(30_000);
    socket.receive(...encodePublish(TOPIC, 'x', 0));
    vi.advanceTimersByTime(30_000);
    expect(ends).toEqual([]);
  });
});

describe('connectMqtt: drops and broken brokers', () => {
  it('a close after being up is `lost`, wasUp, with its code', () => {
    const { socket, ends } = setup();
    goUp(socket);
    socket.closeWith(1006);
    expect(ends).toEqual([{ reason: 'lost', wasUp: true, code: 1006 }]);
  });

  it('an error with no close event after it ends as `lost`', () => {
    const { socket, ends } = setup();
    goUp(socket);
    socket.onerror?.();
    expect(ends).toEqual([]);
    vi.advanceTimersByTime(0);
    expect(ends).toEqual([{ reason: 'lost', wasUp: true }]);
  });

  it.each([
    ['a text frame', (s: FakeBinarySocket) => s.onmessage?.({ data: 'hello' })],
    ['bytes that are no packet', (s: FakeBinarySocket) => s.receive(0xf0, 0)],
    ['a second CONNACK', (s: FakeBinarySocket) => s.receive(...CONNACK_OK)],
    ['a PUBACK for nothing we sent', (s: FakeBinarySocket) => s.receive(0x40, 2, 0, 1)],
    ['a QoS 2 PUBLISH (more than the QoS 1 subscribed)', (s: FakeBinarySocket) => s.receive(0x34, 5, 0, 1, 0x74, 0, 9)],
    ['a packet over the size limit', (s: FakeBinarySocket) => s.receive(0x30, ...encodeRemainingLength(2 << 20))],
  ])('%s is `malformed` and closes the socket', (_, act) => {
    const { socket, ends } = setup();
    goUp(socket);
    act(socket);
    expect(ends).toEqual([{ reason: 'malformed', wasUp: true }]);
    expect(socket.closed).toBe(true);
  });

  it('a PUBLISH before CONNACK is `malformed`', () => {
    const { socket, ends, messages } = setup();
    socket.open();
    socket.receive(...encodePublish(TOPIC, 'x', 0));
    expect(ends).toEqual([{ reason: 'malformed', wasUp: false }]);
    expect(messages).toEqual([]);
  });

  it('a WebSocket that cannot be made (a bad URL, a CSP refusal) ends as `lost`, told asynchronously', () => {
    const ends: MqttEnd[] = [];
    connectMqtt({
      url: 'not a url',
      username: 'JWT',
      password: 't',
      topic: INBOX,
      onMessage: () => {},
      onEnd: (end) => ends.push(end),
      WebSocketImpl: function () {
        throw new Error('SyntaxError');
      } as unknown as typeof WebSocket,
    });
    expect(ends).toEqual([]);
    vi.advanceTimersByTime(0);
    expect(ends).toEqual([{ reason: 'lost', wasUp: false }]);
  });
});

describe('connectMqtt: close()', () => {
  it('sends DISCONNECT, closes the socket, and tells nothing afterwards', () => {
    const { socket, connection, ends, messages } = setup();
    goUp(socket);
    connection.close();
    expect(socket.sent.at(-1)).toEqual([0xe0, 0]);
    expect(socket.closed).toBe(true);
    expect(connection.up).toBe(false);
    socket.receive(...encodePublish(TOPIC, 'late', 0));
    socket.closeWith(1000);
    vi.runAllTimers();
    expect(ends).toEqual([]);
    expect(messages).toEqual([]);
    connection.close();
  });

  it('before the socket opens, closes it once it opens (closed while it connects, Chromium warns in the console), sending nothing', () => {
    const { socket, connection, ends } = setup();
    connection.close();
    expect(socket.closed).toBe(false);
    socket.open();
    expect(socket.sent).toEqual([]);
    expect(socket.closed).toBe(true);
    vi.runAllTimers();
    expect(ends).toEqual([]);
  });
});
