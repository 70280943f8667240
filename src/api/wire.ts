/**
 * Every shape that crosses the wire between the widget and the service, written from
 * the service's API v3 and what its reference server (tiledesk-server 2.19) really sends:
 * docs/service.md.
 * The demo service imports these too, so both ends agree by construction.
 *
 * What the service sends is untrusted: every answer passes through `src/api/normalize/` before
 * the widget sees it. The answer types below describe that normalised output: a field marked
 * required is always there with its type (the normaliser fills it or skips the record), an
 * optional one is either absent or of its type. The demo service builds the same shapes.
 */

/** Message status (docs/service.md §6). REST posts come back with SENDING (0). */
export const MessageStatus = {
  FAILED: -100,
  SENDING: 0,
  SENT: 100,
  DELIVERED: 150,
  RECEIVED: 200,
  RETURN_RECEIPT: 250,
  SEEN: 300,
} as const;

/** Request status (docs/service.md §6, `models/requestConstants.js`). */
export const RequestStatus = {
  TEMP: 50,
  UNASSIGNED: 100,
  ABANDONED: 150,
  ASSIGNED: 200,
  SERVED: 300,
  CLOSED: 1000,
} as const;

// ---------------------------------------------------------------- auth

export interface SignInAnonymouslyBody {
  id_project: string;
  firstname?: string;
  lastname?: string;
  email?: string;
  attributes?: Record<string, unknown>;
}

export interface SignInUser {
  _id: string;
  id?: string;
  firstname?: string;
  lastname?: string;
  email?: string;
  fullName?: string;
  attributes?: Record<string, unknown>;
}

export interface SignInResponse {
  success: boolean;
  /** `"JWT <jwt>"`, sent verbatim as `Authorization`. */
  token: string;
  user: SignInUser;
}

/** Agent sign-in (`POST /auth/signin`), used by the demo agent console only. */
export interface SignInBody {
  email: string;
  password: string;
}

// ---------------------------------------------------------------- messages

export type MessageType = 'text' | 'image' | 'file' | (string & {});

export interface AttachmentButton {
  type: 'text' | 'url' | 'action' | (string & {});
  value?: string;
  link?: string;
  target?: 'blank' | 'parent' | 'self' | (string & {});
  action?: string;
  show_echo?: boolean;
}

/** A card of `attachment.gallery[]`. */
export interface GalleryCard {
  title?: string;
  description?: string;
  preview?: { src: string };
  buttons?: AttachmentButton[];
}

export interface Attachment {
  type?: string;
  buttons?: AttachmentButton[];
  gallery?: GalleryCard[];
}

/** One part of a bot's split message (`attributes.commands[]`). */
export interface MessagePart {
  text: string;
  type: string;
  metadata?: MessageMetadata;
  attributes?: MessageAttributes;
}

export type MessageCommand = { type: 'message'; message: MessagePart } | { type: 'wait'; time: number };

/** `attributes` keys that switch on widget behaviour (docs/public-api.md §3). */
export interface MessageAttributes {
  tempUID?: string;
  clienttimestamp?: number;
  attachment?: Attachment;
  subtype?: string;
  disableInputMessage?: boolean;
  inputMessagePlaceholder?: string;
  updateUserEmail?: string;
  updateUserFullname?: string;
  /** Normalised, the parameters are texts (numbers become strings, other values are dropped). */
  messagelabel?: { key?: string; parameters?: Record<string, unknown> };
  action?: string;
  /**
   * Not typed here because the demo's bots write it freely; normalised, `commands` is an array of
   * `MessageCommand` (invalid entries dropped).
   */
  [key: string]: unknown;
}

export interface MessageMetadata {
  src?: string;
  width?: number;
  height?: number;
  name?: string;
  type?: string;
  size?: number;
  [key: string]: unknown;
}

/** Body of `POST /{pid}/requests/{rid}/messages`. */
export interface SendMessageBody {
  text?: string;
  type?: MessageType;
  metadata?: MessageMetadata;
  attributes?: MessageAttributes;
  /** The four below are read by the server on the first message only. */
  departmentid?: string;
  sourcePage?: string;
  language?: string;
  userAgent?: string;
  /** Agents and bots (demo console) may name themselves. */
  senderFullname?: string;
}

/**
 * A message record as `GET …/messages` returns it (a plain array, oldest first), normalised:
 * see `normalize/message.ts` for what is coerced, filled in or skipped.
 */
export interface WireMessage {
  /** Never empty. */
  _id: string;
  /** '' when the service did not say (then it is never the visitor's). */
  sender: string;
  /** '' when absent; a number is turned into its text. */
  senderFullname: string;
  recipient: string;
  /** Any other type is shown as text (or the message is skipped when it has nothing to show). */
  type: 'text' | 'image' | 'file';
  text: string;
  channel_type?: string;
  id_project?: string;
  createdBy?: string;
  status?: number;
  language?: string;
  attributes?: MessageAttributes;
  metadata?: MessageMetadata;
  /** Always readable by `Date.parse`. */
  createdAt: string;
  updatedAt?: string;
  __v?: number;
  /** Only on the service's answer to a POST (the populated request); the widget's normaliser drops it. */
  request?: WireRequest;
}

// ---------------------------------------------------------------- requests

export interface WireRequest {
  _id: string;
  id?: string;
  request_id: string;
  ticket_id?: number;
  first_text?: string;
  status: number;
  participants?: string[];
  participantsAgents?: string[];
  participantsBots?: string[];
  hasBot?: boolean;
  department?: WireDepartment | string;
  lead?: { _id: string; lead_id?: string; fullname?: string; email?: string };
  requester?: { _id?: string; uuid_user?: string; role?: string };
  sourcePage?: string;
  language?: string;
  userAgent?: string;
  attributes?: Record<string, unknown>;
  rating?: number;
  rating_message?: string;
  closed_at?: string;
  createdAt: string;
  updatedAt?: string;
  id_project?: string;
}

export interface RequestListResponse {
  perPage: number;
  count: number;
  requests: WireRequest[];
}

export interface RatingBody {
  rating: number;
  rating_message?: string;
}

// ---------------------------------------------------------------- project bootstrap

export interface WireDepartment {
  _id: string;
  id?: string;
  name: string;
  default?: boolean;
  status?: number;
  routing?: 'assigned' | 'pooled' | (string & {});
  id_bot?: string;
  online_msg?: string;
  offline_msg?: string;
  description?: string;
  hasBot?: boolean;
}

/** `project.widget`: an opaque object written by the dashboard; keys as the official widget reads them. */
export type WireWidgetSettings = Record<string, unknown>;

export interface WireProject {
  _id: string;
  id?: string;
  name?: string;
  activeOperatingHours?: boolean;
  /** A JSON-encoded string, e.g. `{"1":[{"start":"09:00","end":"18:00"}],"tzname":"Europe/Rome"}`. */
  operatingHours?: string;
  settings?: Record<string, unknown>;
  widget?: WireWidgetSettings;
  status?: number;
}

/**
 * `GET /{pid}/widgets` (no auth). `user_available` is `[]` when closed or nobody is available;
 * after normalisation it is absent when the answer did not say, and `project.widget` is always there.
 */
export interface WidgetsResponse {
  project: WireProject;
  user_available?: Array<{ id: string; firstname?: string }>;
  departments: WireDepartment[];
  ip?: string;
  botsRules?: unknown[];
}

/** `GET /{pid}/labels/{LANG}` (no auth). Normalised: `lang` is never empty; values are texts or lists of texts. */
export interface LabelsResponse {
  lang: string;
  data: Record<string, string | string[]>;
  default?: boolean;
}

/** `GET /projects/{pid}/isopen` (no auth). */
/** `GET /{pid}/publicanalytics/waiting/current`: one item with the average wait (ms), or `[]` when nobody waited lately. */
export type WaitingTimeResponse = Array<{ waiting_time_avg: number }>;

export interface IsOpenResponse {
  isopen: boolean;
}

// ---------------------------------------------------------------- files

/** `POST /{pid}/files/chat` answers 201 with the repository path (not URL-encoded). */
export interface UploadResponse {
  message: string;
  filename: string;
}

// ---------------------------------------------------------------- websocket (docs/service.md §10)

export interface WsClientFrame {
  action: 'subscribe' | 'unsubscribe' | 'heartbeat' | 'me' | 'publish' | 'broadcast';
  payload?: { topic?: string; message?: unknown };
}

export interface WsServerFrame {
  action: 'publish' | 'heartbeat' | 'me';
  payload: { topic?: string; method?: 'CREATE' | 'UPDATE'; message?: unknown; id?: string };
}

// ---------------------------------------------------------------- Chat21 push (docs/service.md §12)

/**
 * `POST /chat21/native/auth/createCustomToken` (visitor's JWT as `Authorization`, body `{}`): the
 * answer as the service sends it. `token` is a bare JWT (no `JWT ` scheme), the MQTT password.
 */
export interface Chat21TokenResponse {
  userid: string;
  fullname?: string;
  firstname?: string;
  lastname?: string;
  token: string;
}

/** The token answer, normalised (normalize/chat21.ts). */
export interface Chat21Token {
  /** The visitor's own id (a guest's uuid): the inbox `apps/tilechat/users/<userid>/#`. Never holds `/`, `+` or `#`. */
  userid: string;
  /** The bare JWT. */
  token: string;
  /** When the token expires (ms since epoch), read from its `exp` claim, unverified: when to renew it. */
  expiresAt?: number;
}

/**
 * A message as Chat21 pushes it on `apps/tilechat/users/<uid>/messages/<rid>/clientadded`, as
 * sent (docs/service.md §12.4). `attributes.tiledesk_message_id` is the REST `_id`; `message_id` is Chat21's own.
 */
export interface Chat21Message {
  text?: string;
  type?: MessageType;
  sender?: string;
  sender_fullname?: string;
  recipient?: string;
  recipient_fullname?: string;
  channel_type?: string;
  attributes?: MessageAttributes & { tiledesk_message_id?: string; projectId?: string };
  metadata?: MessageMetadata;
  /** ms since epoch */
  timestamp?: number;
  message_id?: string;
  app_id?: string;
  status?: number;
}

// ---------------------------------------------------------------- errors (not uniform: docs/service.md §11)

export type WireErrorBody =
  | { success: false; msg: string; err?: unknown }
  | { success: false; error: string; code?: string }
  | { error: string }
  | { errors: Array<string | { msg: string; param: string; location: string; value?: unknown }> }
  | { err: string; limit?: number }
  | { message: string };
