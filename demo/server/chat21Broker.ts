/**
 * The demo's embedded MQTT broker (aedes) in place of a deployment's RabbitMQ web-MQTT, behind the
 * path stock deployments expose it at, `/mqws/ws` (docs/service.md §12.2), with RabbitMQ's rules:
 * - CONNECT with username `JWT` and a Chat21 token as password (chat21Tokens.ts); anything else:
 *   the WebSocket closes with code 1002 "unauthenticated", without a CONNACK;
 * - SUBSCRIBE and PUBLISH only within the token's scopes (a visitor: its own inbox); outside them
 *   the whole connection closes with 1002;
 * - MQTT 3.1.1 over WebSocket, subprotocol `mqtt`.
 * Reference mode (mode.ts) is a deployment without Chat21: the path answers 404.
 */
import type { IncomingMessage } from 'node:http';
import { Duplex } from 'node:stream';
import { Aedes, type Client } from 'aedes';
import { WebSocket, WebSocketServer } from 'ws';
import { type Grant, mayRead, mayWrite, verifyChat21Token } from './chat21Tokens.ts';
import type { DemoMode } from './mode.ts';

/** Where stock deployments' proxies expose the broker's WebSocket (mapped to RabbitMQ's `/ws`). */
export const MQTT_PATH = '/mqws/ws';
/** RabbitMQ's close for a bad token or a refused subscription. */
export const CLOSE_REFUSED = 1002;

export interface Chat21BrokerOptions {
  /** the Chat21 secret the tokens are signed with */
  secret: string;
  mode: DemoMode;
}

/**
 * The WebSocket as the stream aedes reads and writes. mqtt-packet writes a packet in pieces within
 * one cork: they leave as one WebSocket message (`writev`), one message per packet, as RabbitMQ
 * sends them (`ws`'s own stream would send each piece as a message of its own).
 */
function packetStream(ws: WebSocket): Duplex {
  const send = (data: Buffer, callback: (error?: Error | null) => void) => {
    // A socket on its way out drops what is still written to it, as a TCP socket would.
    if (ws.readyState !== WebSocket.OPEN) return callback();
    ws.send(data, callback);
  };
  const stream = new Duplex({
    read() {},
    write(chunk: Buffer, _encoding, callback) {
      send(chunk, callback);
    },
    writev(chunks, callback) {
      send(Buffer.concat(chunks.map(({ chunk }) => chunk as Buffer)), callback);
    },
    final(callback) {
      ws.close();
      callback();
    },
    destroy(error, callback) {
      if (ws.readyState === WebSocket.CONNECTING || ws.readyState === WebSocket.OPEN) ws.close();
      callback(error);
    },
  });
  ws.on('message', (data: Buffer) => stream.push(data));
  ws.on('close', () => stream.destroy());
  ws.on('error', () => stream.destroy());
  return stream;
}

function abort(socket: Duplex, status: number, text: string): void {
  socket.write(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`);
  socket.destroy();
}

export class Chat21Broker {
  private readonly wss = new WebSocketServer({
    noServer: true,
    handleProtocols: (protocols) => (protocols.has('mqtt') ? 'mqtt' : false),
  });
  /** The WebSocket under each client's stream: how a refusal becomes a 1002 close. */
  private readonly sockets = new WeakMap<object, WebSocket>();
  private readonly grants = new WeakMap<Client, Grant>();
  private readonly stopMode: () => void;

  private constructor(
    private readonly aedes: Aedes,
    private readonly options: Chat21BrokerOptions,
  ) {
    aedes.authenticate = (client, username, password, done) => {
      const grant = username === 'JWT' && password ? verifyChat21Token(options.secret, password.toString('utf8')) : null;
      if (!grant) return this.refuse(client, 'unauthenticated', () => done(null, false));
      this.grants.set(client, grant);
      done(null, true);
    };
    aedes.authorizeSubscribe = (client, subscription, done) => {
      const grant = this.grants.get(client);
      if (grant && mayRead(grant, subscription.topic)) return done(null, subscription);
      this.refuse(client, 'access refused', () => done(new Error('access refused')));
    };
    aedes.authorizePublish = (client, packet, done) => {
      const grant = client && this.grants.get(client);
      if (grant && mayWrite(grant, packet.topic)) return done(null);
      if (client) this.refuse(client, 'access refused', () => done(new Error('access refused')));
      else done(new Error('access refused'));
    };
    // A client that vanishes mid-packet is aedes's business, not a crash of the demo.
    aedes.on('clientError', () => {});
    aedes.on('connectionError', () => {});
    // Switched to reference mode: no Chat21 any more.
    this.stopMode = options.mode.onChange((reference) => {
      if (reference) this.closeAll(1001, 'going away');
    });
  }

  static async start(options: Chat21BrokerOptions): Promise<Chat21Broker> {
    return new Chat21Broker(await Aedes.createBroker(), options);
  }

  /** Is this upgrade the broker's? */
  handles(req: IncomingMessage): boolean {
    return new URL(req.url ?? '/', 'http://localhost').pathname === MQTT_PATH;
  }

  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on('error', () => socket.destroy());
    if (this.options.mode.isReference) return abort(socket, 404, 'Not Found');
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      const stream = packetStream(ws);
      stream.on('error', () => {});
      this.sockets.set(stream, ws);
      this.aedes.handle(stream, req);
    });
  }

  /** What Chat21's server does: a message into the broker, QoS 1, to whoever subscribed. */
  publish(topic: string, payload: string): Promise<void> {
    return new Promise((resolve) => {
      this.aedes.publish({ cmd: 'publish', topic, payload: Buffer.from(payload), qos: 1, dup: false, retain: false }, () => resolve());
    });
  }

  /** RabbitMQ's answer to a refused token or scope: close the WebSocket with 1002, no MQTT answer. */
  private refuse(client: Client, reason: string, then: () => void): void {
    this.sockets.get(client.conn)?.close(CLOSE_REFUSED, reason);
    // Closed before aedes answers: it sends no CONNACK or SUBACK to a closed client.
    client.close(then);
  }

  private closeAll(code: number, reason: string): void {
    for (const ws of this.wss.clients) ws.close(code, reason);
  }

  close(): Promise<void> {
    this.stopMode();
    for (const ws of this.wss.clients) ws.terminate();
    this.wss.close();
    return new Promise((resolve) => this.aedes.close(() => resolve()));
  }
}
