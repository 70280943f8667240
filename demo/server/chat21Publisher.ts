/**
 * Publishing into an external broker's web-MQTT (RabbitMQ, configured as a deployment configures
 * it: docs/service.md §12.5) as Chat21's server would: one long-lived MQTT connection over a
 * WebSocket with a privileged Chat21 token, QoS 1 PUBLISHes to the members' inboxes. It reconnects
 * (1 s) when the broker goes away, and keeps what it could not publish yet (up to 1,000 messages)
 * for when it is back. Built on the widget's own codec (src/api/mqtt/packets.ts).
 */
import { randomBytes } from 'node:crypto';
import { WebSocket } from 'ws';
import { encodeConnect, encodePingreq, encodePublish, readPackets } from '../../src/api/mqtt/packets.ts';

const RECONNECT_MS = 1000;
const KEEPALIVE_S = 30;
const MAX_QUEUED = 1000;

export class ExternalChat21Publisher {
  private socket: WebSocket | null = null;
  private connected = false;
  private closed = false;
  private nextId = 1;
  private pending: Uint8Array = new Uint8Array(0);
  private readonly queue: Array<{ topic: string; payload: string }> = [];
  private readonly waiting = new Map<number, () => void>();
  private readonly readyWaiters = new Set<() => void>();
  private retry: NodeJS.Timeout | undefined;
  private ping: NodeJS.Timeout | undefined;

  constructor(
    private readonly url: string,
    private readonly token: () => string,
    private readonly log: (line: string) => void = () => {},
  ) {
    this.connect();
  }

  /** Resolves once connected (CONNACK accepted). */
  ready(): Promise<void> {
    return this.connected ? Promise.resolve() : new Promise((resolve) => this.readyWaiters.add(resolve));
  }

  /** Resolves when the broker acknowledged it (PUBACK), or at once when it is queued or dropped. */
  publish(topic: string, payload: string): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (!this.connected || !this.socket) {
      if (this.queue.length < MAX_QUEUED) this.queue.push({ topic, payload });
      else this.log(`[demo] chat21: broker unreachable, dropped a message for ${topic}`);
      return Promise.resolve();
    }
    const id = this.nextId;
    this.nextId = (this.nextId % 0xffff) + 1;
    const socket = this.socket;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      socket.send(encodePublish(topic, payload, 1, id), (error) => {
        if (!error) return;
        this.waiting.delete(id);
        resolve();
      });
    });
  }

  private connect(): void {
    if (this.closed) return;
    const socket = new WebSocket(this.url, ['mqtt']);
    socket.binaryType = 'arraybuffer';
    this.socket = socket;
    socket.on('open', () => {
      socket.send(
        encodeConnect({ clientId: `porchlight-chat21-${randomBytes(4).toString('hex')}`, username: 'JWT', password: this.token(), keepAliveS: KEEPALIVE_S }),
      );
    });
    socket.on('message', (data: ArrayBuffer) => this.receive(socket, new Uint8Array(data)));
    socket.on('error', () => {});
    socket.on('close', (code) => {
      if (this.socket !== socket) return;
      if (this.connected) this.log(`[demo] chat21: broker connection closed (${code}), reconnecting`);
      this.socket = null;
      this.connected = false;
      this.pending = new Uint8Array(0);
      clearInterval(this.ping);
      // Whatever was in flight is the broker's loss now; the widget's REST fetch after reconnecting fills such gaps.
      for (const resolve of this.waiting.values()) resolve();
      this.waiting.clear();
      if (!this.closed) this.retry = setTimeout(() => this.connect(), RECONNECT_MS);
    });
  }

  private receive(socket: WebSocket, chunk: Uint8Array): void {
    const joined = new Uint8Array(this.pending.length + chunk.length);
    joined.set(this.pending);
    joined.set(chunk, this.pending.length);
    const { packets, rest, error } = readPackets(joined);
    this.pending = rest;
    for (const packet of packets) {
      if (packet.type === 'connack') {
        if (packet.returnCode !== 0) return socket.close();
        this.connected = true;
        this.ping = setInterval(() => socket.send(encodePingreq()), (KEEPALIVE_S * 1000) / 2);
        for (const resolve of this.readyWaiters) resolve();
        this.readyWaiters.clear();
        for (const { topic, payload } of this.queue.splice(0)) void this.publish(topic, payload);
      } else if (packet.type === 'puback') {
        this.waiting.get(packet.packetId)?.();
        this.waiting.delete(packet.packetId);
      }
    }
    if (error) socket.close();
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.retry);
    clearInterval(this.ping);
    this.socket?.close();
    this.socket = null;
    for (const resolve of this.waiting.values()) resolve();
    this.waiting.clear();
  }
}
