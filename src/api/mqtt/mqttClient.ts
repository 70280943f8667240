/**
 * One MQTT 3.1.1 connection over a WebSocket (subprotocol `mqtt`), as a push subscriber: CONNECT
 * with username and password, SUBSCRIBE one topic filter at QoS 1, hand every PUBLISH on (and
 * PUBACK the QoS 1 ones), PINGREQ to keep it alive. The broker of a real deployment is RabbitMQ's
 * web-MQTT (docs/service.md §12): it closes the socket with code 1002 on a bad token, and on a
 * SUBSCRIBE outside the token's scope.
 *
 * One attempt, no policy: when it ends, `onEnd` says how, once, and the caller decides whether to
 * renew the token, wait and try again, or go back to polling. Nothing here throws at the caller,
 * and nothing the caller's callbacks throw reaches the connection.
 */
import { encodeConnect, encodeDisconnect, encodePingreq, encodePuback, encodeSubscribe, type Packet, readPackets, SUBACK_FAILURE } from './packets.ts';

/**
 * - `refused`: the broker said no to these credentials or this subscription (a 1002 close, a
 *   CONNACK "bad user name or password" / "not authorized", a SUBACK failure): renew the token;
 * - `timeout`: no CONNACK and SUBACK in `connectTimeoutMs`, or silence past a ping;
 * - `lost`: the socket closed or failed (any other way, also a CONNACK "server unavailable");
 * - `malformed`: the broker sent bytes that break the protocol.
 */
export type MqttEndReason = 'refused' | 'timeout' | 'lost' | 'malformed';

export interface MqttEnd {
  reason: MqttEndReason;
  /** The subscription had been granted: the end of a live connection, not of an attempt. */
  wasUp: boolean;
  /** The WebSocket's close code, when it closed. */
  code?: number;
  /** The CONNACK's return code, when it was not 0. */
  returnCode?: number;
}

export interface MqttOptions {
  /** ws(s) URL of the broker's WebSocket endpoint */
  url: string;
  /** Chat21: the literal `JWT` */
  username: string;
  /** Chat21: the token of `createCustomToken` */
  password: string;
  /** The one topic filter subscribed (QoS 1) once connected. */
  topic: string;
  /** Every PUBLISH, as it came: the caller normalizes (src/api/normalize/chat21.ts). */
  onMessage(topic: string, payload: Uint8Array): void;
  /** CONNACK accepted and the subscription granted: from now on, what is published to the topic arrives. */
  onUp?(): void;
  /** Once, when the connection ends any way but `close()`. */
  onEnd?(end: MqttEnd): void;
  /** default: `porchlight-` and 12 random hex digits (23 characters, what every broker must accept) */
  clientId?: string;
  /**
   * Seconds, default 120: the broker drops a client it has not heard from in 1.5 times this. Far
   * above the ping interval, so a tab whose timers the browser slows to once a minute stays connected.
   */
  keepAliveS?: number;
  /** default 30,000: a PINGREQ this often; nothing at all heard back by the next one ends the connection (`timeout`). */
  pingEveryMs?: number;
  /** default 10,000: the CONNACK and the SUBACK must both come in this time (`timeout`). */
  connectTimeoutMs?: number;
  /** default 1 MiB: a larger packet is `malformed` */
  maxPacketBytes?: number;
  /** injected by tests, and by Node callers (`ws`) */
  WebSocketImpl?: typeof WebSocket;
}

export interface MqttConnection {
  /** The subscription is granted and the socket open. */
  readonly up: boolean;
  /** DISCONNECT and close the socket; no callback after this. Idempotent. */
  close(): void;
}

const CONNECTING = 0;
const OPEN = 1;
const SUBSCRIPTION_ID = 1;
/** RabbitMQ's close code for a bad token or a subscription outside its scope (docs/service.md §12.2). */
export const CLOSE_REFUSED = 1002;
/** CONNACK return codes: 4 bad user name or password, 5 not authorized (§3.2.2.3). */
const REFUSED_RETURN_CODES = [4, 5];

function randomClientId(): string {
  const random = new Uint8Array(6);
  globalThis.crypto.getRandomValues(random);
  return `porchlight-${Array.from(random, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

function positive(value: number | undefined, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback;
}

/** A WebSocket message's bytes, whatever the implementation hands over; null for a text frame. */
function bytesOf(data: unknown): Uint8Array | null {
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  return null;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

export function connectMqtt(options: MqttOptions): MqttConnection {
  const Impl = options.WebSocketImpl ?? (globalThis as { WebSocket?: typeof WebSocket }).WebSocket;
  const keepAliveS = Math.min(Math.round(positive(options.keepAliveS, 120)), 0xffff);
  const pingEveryMs = positive(options.pingEveryMs, 30_000);
  const maxPacketBytes = positive(options.maxPacketBytes, 1 << 20);

  let socket: WebSocket | null = null;
  let ended = false;
  let connacked = false;
  let up = false;
  /** Bytes of a packet still arriving. */
  let pending: Uint8Array = new Uint8Array(0);
  /** Anything arrived since the last PINGREQ. */
  let heard = true;
  let connectTimer: ReturnType<typeof setTimeout> | undefined;
  let errorTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;

  function guard(run: () => void): void {
    try {
      run();
    } catch {
      /* the caller's failure is not the connection's */
    }
  }

  /** `quietly`: closed by our caller (a sign-out, another visitor, this tab no longer leading), not ended by a failure. */
  function stop(quietly = false): void {
    ended = true;
    clearTimeout(connectTimer);
    clearTimeout(errorTimer);
    clearInterval(pingTimer);
    const old = socket;
    socket = null;
    up = false;
    // Chromium warns in the page's console of a socket closed while it connects: closed by our
    // caller, that one closes once open. (One that failed or hangs is aborted: it may never open.)
    if (old) guard(() => (quietly && old.readyState === CONNECTING ? (old.onopen = () => old.close()) : old.close()));
  }

  function end(reason: MqttEndReason, extra: { code?: number; returnCode?: number } = {}): void {
    if (ended) return;
    const wasUp = up;
    stop();
    guard(() => options.onEnd?.({ reason, wasUp, ...extra }));
  }

  function send(packet: () => Uint8Array): void {
    const current = socket;
    if (!current || current.readyState !== OPEN) return;
    try {
      current.send(packet());
    } catch {
      // A send on a socket that just failed, or fields too long for MQTT: the connection cannot go on.
      end('lost');
    }
  }

  function onPacket(packet: Packet): void {
    switch (packet.type) {
      case 'connack':
        if (connacked) return end('malformed');
        connacked = true;
        if (packet.returnCode !== 0) return end(REFUSED_RETURN_CODES.includes(packet.returnCode) ? 'refused' : 'lost', { returnCode: packet.returnCode });
        send(() => encodeSubscribe(SUBSCRIPTION_ID, options.topic, 1));
        pingTimer = setInterval(ping, pingEveryMs);
        return;
      case 'suback':
        if (!connacked || packet.packetId !== SUBSCRIPTION_ID || up) return end('malformed');
        if (packet.granted[0] === SUBACK_FAILURE) return end('refused');
        clearTimeout(connectTimer);
        up = true;
        guard(() => options.onUp?.());
        return;
      case 'publish': {
        // QoS 2 is more than we subscribed for (and would want PUBREC, not PUBACK).
        if (!connacked || packet.qos === 2) return end('malformed');
        const { topic, payload, packetId } = packet;
        guard(() => options.onMessage(topic, payload));
        // Acknowledged once handed on: the message is the caller's now, whatever it does with it.
        if (packetId !== undefined) send(() => encodePuback(packetId));
        return;
      }
      case 'pingresp':
        return;
      case 'puback':
        // We publish nothing: a broker acknowledging something we never sent breaks the protocol.
        return end('malformed');
    }
  }

  function onBytes(data: unknown): void {
    heard = true;
    const chunk = bytesOf(data);
    if (!chunk) return end('malformed'); // MQTT over WebSocket is binary frames only (§6)
    const { packets, rest, error } = readPackets(concat(pending, chunk), maxPacketBytes);
    pending = rest;
    for (const packet of packets) {
      if (ended) return;
      onPacket(packet);
    }
    if (error && !ended) end('malformed');
  }

  function ping(): void {
    if (!heard) return end('timeout');
    heard = false;
    send(encodePingreq);
  }

  function open(): void {
    if (ended) return;
    send(() => encodeConnect({ clientId: options.clientId ?? randomClientId(), username: options.username, password: options.password, keepAliveS }));
  }

  try {
    if (!Impl) throw new Error('no WebSocket');
    const current = new Impl(options.url, ['mqtt']);
    socket = current;
    current.binaryType = 'arraybuffer';
    current.onopen = () => {
      if (socket === current) open();
    };
    current.onmessage = (event: MessageEvent) => {
      if (socket === current) onBytes((event as { data?: unknown } | undefined)?.data);
    };
    current.onerror = () => {
      // The close event that follows says how (its code); this is for an implementation that sends none.
      if (socket === current) errorTimer ??= setTimeout(() => end('lost'), 0);
    };
    current.onclose = (event: CloseEvent) => {
      if (socket !== current) return;
      const code = (event as { code?: unknown } | undefined)?.code;
      const closeCode = typeof code === 'number' ? code : undefined;
      end(closeCode === CLOSE_REFUSED ? 'refused' : 'lost', closeCode === undefined ? {} : { code: closeCode });
    };
    connectTimer = setTimeout(() => end('timeout'), positive(options.connectTimeoutMs, 10_000));
  } catch {
    // A bad URL, a page's CSP, no WebSocket at all: an end like any other, told asynchronously.
    connectTimer = setTimeout(() => end('lost'), 0);
  }

  return {
    get up() {
      return up;
    },
    close() {
      if (ended) return;
      send(encodeDisconnect);
      stop(true);
    },
  };
}
