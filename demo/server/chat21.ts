/**
 * The demo's stand-in for Chat21 (docs/service.md §12), the messaging layer a real deployment runs
 * beside the REST API:
 * - `POST /chat21/native/auth/createCustomToken` (basic or jwt, then validtoken): the visitor's
 *   Chat21 token, `{userid, fullname, firstname, lastname, token}` (chat21Tokens.ts);
 * - every message stored in a conversation (visitor, agent, bot, info messages: the same
 *   `message.create` the REST history and the websocket follow) is published to every member's
 *   inbox, `apps/tilechat/users/<uid>/messages/<rid>/clientadded`, in Chat21's shape (docs/service.md §12.4) with
 *   the REST `_id` as `attributes.tiledesk_message_id`; the visitor gets its own messages back
 *   (the echo). So what is pushed is what `GET …/messages` returns, message for message.
 * - when a conversation closes: `conversations/<rid>/clientdeleted` and
 *   `archived_conversations/<rid>/clientadded` to every member, before the "Chat closed" message.
 * The members are the visitor and the request's participants (agents, `bot_<id>`).
 * Reference mode (mode.ts) is a deployment without Chat21: no token route (the path falls through
 * to the project catch-all, `400 {"error":"Invalid project id: chat21"}`, as on the reference) and
 * nothing is published.
 */
import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { archivedTopic, CHAT21_APP_ID, messageTopic } from '../../src/api/chat21Topics.ts';
import type { Chat21Message, Chat21TokenResponse } from '../../src/api/wire.ts';
import { MessageStatus, RequestStatus } from '../../src/api/wire.ts';
import { signChat21Token, visitorScopes } from './chat21Tokens.ts';
import { type AuthDeps, authenticate, validToken } from './credentials.ts';
import type { Faults } from './faults.ts';
import { principalOf, str } from './httpContext.ts';
import type { DemoMode } from './mode.ts';
import type { Store } from './store.ts';
import type { MessageDoc, RequestDoc } from './types.ts';

/** Where Chat21 publishes: the embedded broker, or an external one (RabbitMQ). */
export interface Chat21Sink {
  publish(topic: string, payload: string): Promise<void>;
}

export interface Chat21Deps extends AuthDeps {
  mode: DemoMode;
  faults: Faults;
  /** The Chat21 secret (`CHAT21_JWT_SECRET`): the broker's signing key. */
  chat21Secret: string;
}

/** `createCustomToken`, mounted at `/chat21/native/auth` like the reference's native engine. */
export function chat21AuthRouter(deps: Chat21Deps): Router {
  const router = Router();
  router.use((_req, _res, next) => next(deps.mode.isReference ? 'router' : undefined));
  router.post('/createCustomToken', authenticate(deps), validToken, (req, res) => {
    const principal = principalOf(req);
    const userid = principal._id;
    // The `badChat21Token` fault: a token the broker cannot verify (it closes the socket with 1002).
    const secret = deps.faults.state.badChat21Token ? `${deps.chat21Secret}-not-the-broker's` : deps.chat21Secret;
    const answer: Chat21TokenResponse = {
      userid,
      fullname: principal.fullName,
      firstname: str(principal.json.firstname),
      lastname: str(principal.json.lastname),
      token: signChat21Token(secret, userid, visitorScopes(userid)),
    };
    res.status(200).json(answer);
  });
  return router;
}

/** Who is in the conversation's Chat21 group: the visitor, and the participants (agents, bots). */
export function membersOf(store: Store, request: RequestDoc): string[] {
  const visitor = store.projectUser(request.requester)?.uuid_user;
  return [...new Set([...(visitor ? [visitor] : []), ...request.participants])];
}

/** The name Chat21 gives the conversation: its subject, else the lead's name, else "Guest" (chat21Handler). */
function conversationName(store: Store, request: RequestDoc): string {
  return request.subject || store.lead(request.lead)?.fullname || 'Guest';
}

/** A stored message as Chat21 pushes it (docs/service.md §12.4). */
export function chat21MessageOf(store: Store, message: MessageDoc, request: RequestDoc): Chat21Message {
  const clientTime = message.attributes?.clienttimestamp;
  return {
    text: message.text ?? '',
    type: message.type,
    recipient_fullname: conversationName(store, request),
    sender_fullname: message.senderFullname,
    channel_type: 'group',
    attributes: { ...structuredClone(message.attributes ?? {}), tiledesk_message_id: message._id, projectId: message.id_project },
    ...(message.metadata ? { metadata: structuredClone(message.metadata) } : {}),
    // chat21Handler sends the client's own time when the message carries one.
    timestamp: typeof clientTime === 'number' && Number.isFinite(clientTime) ? clientTime : Date.parse(message.createdAt),
    message_id: randomUUID(),
    sender: message.sender,
    recipient: request.request_id,
    app_id: CHAT21_APP_ID,
    status: MessageStatus.DELIVERED,
  };
}

/** The conversation as Chat21 keeps it per member (the widget reads none of it: the topic says "closed"). */
function conversationOf(store: Store, request: RequestDoc): Record<string, unknown> {
  return {
    recipient: request.request_id,
    recipient_fullname: conversationName(store, request),
    channel_type: 'group',
    timestamp: Date.parse(request.closed_at ?? request.updatedAt),
    app_id: CHAT21_APP_ID,
    is_new: false,
    archived: true,
  };
}

/** Fans the store's messages and closes out to the members' inboxes. */
export class Chat21Fanout {
  /** Conversations already announced as archived (a rating of a closed one is no second close). */
  private readonly archived = new Set<string>();
  private readonly stops: Array<() => void>;

  constructor(
    private readonly store: Store,
    private readonly sink: Chat21Sink,
    private readonly mode: DemoMode,
  ) {
    this.stops = [
      store.on('message.create', (message, request) => this.message(message, request)),
      store.on('request.update', (request) => this.update(request)),
      store.on('reset', () => this.archived.clear()),
    ];
  }

  private message(message: MessageDoc, request: RequestDoc): void {
    if (this.mode.isReference) return;
    const payload = JSON.stringify(chat21MessageOf(this.store, message, request));
    for (const member of membersOf(this.store, request)) void this.sink.publish(messageTopic(member, request.request_id), payload);
  }

  private update(request: RequestDoc): void {
    if (this.mode.isReference || request.status !== RequestStatus.CLOSED || this.archived.has(request.request_id)) return;
    this.archived.add(request.request_id);
    const payload = JSON.stringify(conversationOf(this.store, request));
    for (const member of membersOf(this.store, request)) {
      void this.sink.publish(`apps/${CHAT21_APP_ID}/users/${member}/conversations/${request.request_id}/clientdeleted`, payload);
      void this.sink.publish(archivedTopic(member, request.request_id), payload);
    }
  }

  close(): void {
    for (const stop of this.stops) stop();
  }
}
