/**
 * Realtime push with the reference's websocket frame protocol (docs/service.md §10): subscribe
 * to `/<pid>/requests/<rid>/messages` (a `CREATE` snapshot array, then one `CREATE` per new
 * message) or `/<pid>/requests/<rid>` (the request, then `UPDATE`s); application heartbeats,
 * and a 30 s server tick that terminates a client which sent nothing since the previous tick.
 *
 * It listens where the reference does: at the API root (`WS_SERVER_PATH` '/'), here `/` and the
 * same under `/v3`; any other path gets 400.
 *
 * Deliberate departure: the reference hangs a visitor's upgrade; the demo accepts guest tokens, and
 * lets a visitor follow only the conversations they started. A visitor may subscribe before their
 * first message: the snapshot is then `[]` and messages flow once the conversation exists and is
 * theirs. The `referenceSocket` switch (`/__demo/faults`) and reference mode (mode.ts) turn the departure
 * off.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import type { WsClientFrame, WsServerFrame } from '../../src/api/wire.ts';
import type { Faults } from './faults.ts';
import type { DemoMode } from './mode.ts';
import { uuid } from './ids.ts';
import type { AuthDeps, Principal } from './credentials.ts';
import { findMembership, verifyToken } from './credentials.ts';
import { messageJson, requestJson } from './serialize.ts';
import type { MessageDoc, ProjectUserDoc, RequestDoc } from './types.ts';

/** The API roots: where the widget's `realtime: true` looks (`{apiUrl}/`) and the reference listens. */
export const WS_PATHS = ['/', '/v3', '/v3/'];
export const WS_HISTORY_LIMIT = 300;

export interface WsOptions extends AuthDeps {
  faults: Faults;
  /** reference mode: its socket part is the same as the `referenceSocket` switch */
  mode?: DemoMode;
  /** server tick; 30 s like the reference */
  heartbeatMs?: number;
}

interface Subscription {
  topic: string;
  projectId: string;
  requestId: string;
  kind: 'messages' | 'request' | 'typing';
}

interface Client {
  id: string;
  socket: WebSocket;
  principal: Principal;
  subscriptions: Map<string, Subscription>;
  /** any client frame since the last server tick */
  active: boolean;
}

function parseTopic(topic: unknown): Subscription | undefined {
  if (typeof topic !== 'string') return undefined;
  const match = /^\/([^/]+)\/requests\/([^/]+)(?:\/(messages|typing))?$/.exec(topic);
  if (!match?.[1] || !match[2]) return undefined;
  return { topic, projectId: match[1], requestId: match[2], kind: match[3] === 'messages' ? 'messages' : match[3] === 'typing' ? 'typing' : 'request' };
}

/** The handshake's raw-socket answers, as `ws`'s `abortHandshake` writes them. */
function abort(socket: Duplex, status: number, text: string): void {
  socket.write(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: text/html\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`);
  socket.destroy();
}

function tokenOf(req: IncomingMessage): string | undefined {
  const raw = new URL(req.url ?? '/', 'http://localhost').searchParams.get('token');
  return raw?.replace(/^JWT\s+/i, '') || undefined;
}

export class RealtimeServer {
  private readonly wss = new WebSocketServer({ noServer: true });
  private readonly clients = new Set<Client>();
  private readonly hanging = new Set<Duplex>();
  private readonly stops: Array<() => void> = [];
  private readonly ticker: NodeJS.Timeout;

  constructor(private readonly options: WsOptions) {
    this.ticker = setInterval(() => this.tick(), options.heartbeatMs ?? 30_000);
    this.ticker.unref();
    const { store } = options;
    this.stops.push(
      store.on('message.create', (message, request) => this.publishMessage(message, request)),
      store.on('request.update', (request) => this.publishRequest(request)),
      store.on('reset', () => this.closeAll(4000, 'demo reset')),
      options.faults.onRevoke(() => this.closeGuests()),
    );
  }

  /** Every upgrade of the API origin but the Chat21 broker's (index.ts dispatches). */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    // A client may vanish mid-handshake; an unhandled socket error would crash the demo.
    socket.on('error', () => socket.destroy());
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (!WS_PATHS.includes(path)) return abort(socket, 400, 'Bad Request');
    const faults = this.options.faults.state;
    if (faults.hangWebsocket) return this.hang(socket);
    if (faults.refuseWebsocket) return abort(socket, 503, 'Service Unavailable');
    const token = tokenOf(req);
    const verified = token ? verifyToken(this.options, token) : undefined;
    if (!verified || !('ok' in verified)) return abort(socket, 401, 'Unauthorized');
    const principal = verified.ok;
    if ((faults.referenceSocket || this.options.mode?.referenceSocket) && principal.kind === 'guest') {
      // The reference's `User.findOne` with a guest's uuid `_id` throws and `verifyClient` never answers.
      this.hang(socket);
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => this.connect(ws, principal));
  }

  /** The upgrade is never answered (the client gives up, or `close()` ends it). */
  private hang(socket: Duplex): void {
    this.hanging.add(socket);
    socket.on('close', () => this.hanging.delete(socket));
  }

  private connect(socket: WebSocket, principal: Principal): void {
    const client: Client = { id: uuid(), socket, principal, subscriptions: new Map(), active: true };
    this.clients.add(client);
    socket.on('message', (data) => this.receive(client, data.toString()));
    socket.on('close', () => this.clients.delete(client));
    socket.on('error', () => this.clients.delete(client));
  }

  private send(client: Client, frame: WsServerFrame): void {
    if (client.socket.readyState === WebSocket.OPEN) client.socket.send(JSON.stringify(frame));
  }

  private receive(client: Client, text: string): void {
    client.active = true;
    let frame: WsClientFrame;
    try {
      frame = JSON.parse(text) as WsClientFrame;
    } catch {
      return;
    }
    switch (frame?.action) {
      case 'heartbeat':
        if ((frame.payload?.message as { text?: string } | undefined)?.text === 'ping') {
          this.send(client, { action: 'heartbeat', payload: { message: { text: 'pong' } } });
        }
        return;
      case 'me': {
        // `userId` is null on the reference too.
        const payload = { id: client.id, userId: null };
        this.send(client, { action: 'me', payload });
        return;
      }
      case 'subscribe':
        return this.subscribe(client, frame.payload?.topic);
      case 'publish':
        return this.relayTyping(client, frame.payload);
      case 'unsubscribe':
        if (typeof frame.payload?.topic === 'string') client.subscriptions.delete(frame.payload.topic);
        return;
      default:
        // broadcast is not relayed, nor any publish but typing: with visitors connected that would let anyone inject frames.
        return;
    }
  }

  private membership(client: Client, projectId: string): ProjectUserDoc | undefined {
    const project = this.options.store.activeProject(projectId);
    return project ? findMembership(this.options.store, projectId, client.principal) : undefined;
  }

  /** The reference's visibility rule, plus the demo's visitor rule (see the module comment). */
  private canSee(client: Client, membership: ProjectUserDoc, request: RequestDoc | undefined): boolean {
    const principal = client.principal;
    if (principal.kind === 'guest') {
      if (!request) return true;
      return this.options.store.projectUser(request.requester)?.uuid_user === principal._id;
    }
    if (!request) return false;
    if (membership.role === 'owner' || membership.role === 'admin') return true;
    if (membership.role === 'agent' && request.snapshot.agents.some((a) => a.id_user === principal.id)) return true;
    return request.participants.includes(principal.id);
  }

  /** Failures are silent, as on the reference: no frame, no subscription. */
  private subscribe(client: Client, topic: unknown): void {
    const subscription = parseTopic(topic);
    if (!subscription) return;
    const membership = this.membership(client, subscription.projectId);
    if (!membership) return;
    const request = this.options.store.request(subscription.requestId, subscription.projectId);
    if (!this.canSee(client, membership, request)) return;
    if (subscription.kind === 'request' && !request && client.principal.kind !== 'guest') return;
    client.subscriptions.set(subscription.topic, subscription);
    // Typing frames are fleeting: no snapshot (nothing to confirm; the messages topic does that).
    if (subscription.kind === 'typing') return;
    const snapshot =
      subscription.kind === 'messages'
        ? this.options.store.messagesOf(subscription.requestId, subscription.projectId).slice(0, WS_HISTORY_LIMIT).map(messageJson)
        : request
          ? requestJson(this.options.store, request)
          : null;
    this.send(client, { action: 'publish', payload: { topic: subscription.topic, method: 'CREATE', message: snapshot } });
  }

  /**
   * The reference relays a `publish` to the topic's subscribers; the demo only on a typing topic, from
   * someone who can see the conversation, with the sender stamped from the token (never taken from
   * the frame) and the message reduced to `{typing, sender, senderFullname}`.
   */
  private relayTyping(client: Client, payload: WsClientFrame['payload']): void {
    const subscription = parseTopic(payload?.topic);
    if (subscription?.kind !== 'typing') return;
    const membership = this.membership(client, subscription.projectId);
    const request = this.options.store.request(subscription.requestId, subscription.projectId);
    if (!membership || !request || !this.canSee(client, membership, request)) return;
    const raw = (payload?.message ?? {}) as { typing?: unknown; senderFullname?: unknown };
    const name =
      typeof raw.senderFullname === 'string' && raw.senderFullname.trim() ? raw.senderFullname.trim().slice(0, 200) : client.principal.fullName.trim();
    const message = { typing: raw.typing !== false, sender: client.principal.id, senderFullname: name };
    this.deliver('typing', request, 'CREATE', message, client);
  }

  private deliver(kind: Subscription['kind'], request: RequestDoc, method: 'CREATE' | 'UPDATE', message: unknown, from?: Client): void {
    for (const client of this.clients) {
      if (client === from) continue;
      for (const subscription of client.subscriptions.values()) {
        if (subscription.kind !== kind || subscription.requestId !== request.request_id || subscription.projectId !== request.id_project) continue;
        // A visitor who subscribed early only hears a conversation once it is theirs.
        if (client.principal.kind === 'guest' && this.options.store.projectUser(request.requester)?.uuid_user !== client.principal._id) continue;
        this.send(client, { action: 'publish', payload: { topic: subscription.topic, method, message } });
      }
    }
  }

  private publishMessage(message: MessageDoc, request: RequestDoc): void {
    this.deliver('messages', request, 'CREATE', { ...messageJson(message), request: requestJson(this.options.store, request) });
  }

  private publishRequest(request: RequestDoc): void {
    this.deliver('request', request, 'UPDATE', requestJson(this.options.store, request));
  }

  /** Every tick: drop clients silent since the last one, ping the others. */
  private tick(): void {
    for (const client of this.clients) {
      if (!client.active) {
        client.socket.terminate();
        this.clients.delete(client);
        continue;
      }
      client.active = false;
      this.send(client, { action: 'heartbeat', payload: { message: { text: 'ping' } } });
    }
  }

  /** The `revokeTokens` fault: visitors' sockets close; reconnecting then fails with 401. */
  private closeGuests(): void {
    for (const client of this.clients) if (client.principal.kind === 'guest') client.socket.close(4001, 'token revoked');
  }

  private closeAll(code: number, reason: string): void {
    for (const client of this.clients) client.socket.close(code, reason);
  }

  close(): void {
    clearInterval(this.ticker);
    for (const stop of this.stops) stop();
    for (const client of this.clients) client.socket.terminate();
    this.clients.clear();
    for (const socket of this.hanging) socket.destroy();
    this.hanging.clear();
    this.wss.close();
  }
}
