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

/** A button under a message (`attachment.buttons[]`). */
export interface AttachmentButton {
  /** `text`: sends its `value`; `url`: opens its `link`; `action`: sends `value` with `attributes.action`. */
  type: 'text' | 'url' | 'action' | (string & {});
  /** The text it sends (`text`, `action`), and its label. */
  value?: string;
  /** The address it opens (`url`; http/https only). */
  link?: string;
  /** Where `link` opens: a new tab (`blank`, default), the parent frame or this one. */
  target?: 'blank' | 'parent' | 'self' | (string & {});
  /** The action the bot is told of (`action`). */
  action?: string;
  /** An `action` button's message shows in the conversation. */
  show_echo?: boolean;
}

/** A card of `attachment.gallery[]`. */
export interface GalleryCard {
  /** The card's title. */
  title?: string;
  /** The card's text. */
  description?: string;
  /** The card's image (http/https only). */
  preview?: { src: string };
  /** The card's buttons. */
  buttons?: AttachmentButton[];
}

/** What a bot attached to a message: buttons, or a gallery of cards. */
export interface Attachment {
  /** `template` for buttons, `gallery` for cards (as the service writes it). */
  type?: string;
  /** Reply buttons under the message. */
  buttons?: AttachmentButton[];
  /** A row of cards. */
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
  /** The id the sender gave the message before the service stored it (the visitor's messages). */
  tempUID?: string;
  /** When the sender sent it (ms since epoch): an ordering hint only. */
  clienttimestamp?: number;
  /** Buttons or a gallery under the message. */
  attachment?: Attachment;
  /** `info`: not a bubble, a line (or nothing) in the conversation. */
  subtype?: string;
  /** The composer is disabled while this is the latest message from the other side. */
  disableInputMessage?: boolean;
  /** The composer's placeholder until the next message. */
  inputMessagePlaceholder?: string;
  /** The visitor's email, as the bot learnt it. */
  updateUserEmail?: string;
  /** The visitor's name, as the bot learnt it. */
  updateUserFullname?: string;
  /** Normalised, the parameters are texts (numbers become strings, other values are dropped). */
  messagelabel?: { key?: string; parameters?: Record<string, unknown> };
  /** The action of the button that sent it (an `action` button). */
  action?: string;
  /**
   * Not typed here because the demo's bots write it freely; normalised, `commands` is an array of
   * `MessageCommand` (invalid entries dropped).
   */
  [key: string]: unknown;
}

/** What a file or image message carries about its file. */
export interface MessageMetadata {
  /** The file's address (http/https only shown). */
  src?: string;
  /** The image's width in pixels. */
  width?: number;
  /** The image's height in pixels. */
  height?: number;
  /** The file's name. */
  name?: string;
  /** The file's media type. */
  type?: string;
  /** The file's size in bytes. */
  size?: number;
  /** What else the sender put there. */
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
  /** The conversation (request id) it belongs to. */
  recipient: string;
  /** Any other type is shown as text (or the message is skipped when it has nothing to show). */
  type: 'text' | 'image' | 'file';
  /** What it says ('' for a file or image without a caption). */
  text: string;
  /** `group` for a conversation's messages. */
  channel_type?: string;
  /** The project. */
  id_project?: string;
  /** Who created the record, as the service says. */
  createdBy?: string;
  /** The service's delivery status. */
  status?: number;
  /** The language it was written in, as the sender said. */
  language?: string;
  /** What switches on widget behaviour (buttons, info lines…). */
  attributes?: MessageAttributes;
  /** A file's or image's details. */
  metadata?: MessageMetadata;
  /** Always readable by `Date.parse`. */
  createdAt: string;
  /** When the service last changed it (ISO 8601). */
  updatedAt?: string;
  /** The service's record version. */
  __v?: number;
  /** Only on the service's answer to a POST (the populated request); the widget's normaliser drops it. */
  request?: WireRequest;
}

// ---------------------------------------------------------------- requests

/** A conversation (a request) as the service lists it. */
export interface WireRequest {
  /** The record's id at the service. */
  _id: string;
  /** The same, where the service also says it. */
  id?: string;
  /** The conversation's id (what `openConversation` takes). */
  request_id: string;
  /** Its ticket number. */
  ticket_id?: number;
  /** The first message's text. */
  first_text?: string;
  /** The service's status of the conversation (1000: closed). */
  status: number;
  /** The ids of its members. */
  participants?: string[];
  /** The ids of its agents. */
  participantsAgents?: string[];
  /** The ids of its bots. */
  participantsBots?: string[];
  /** A bot answers it. */
  hasBot?: boolean;
  /** Its department (the record, or its id). */
  department?: WireDepartment | string;
  /** The visitor as the service keeps them in it. */
  lead?: { _id: string; lead_id?: string; fullname?: string; email?: string };
  /** Who asked (the visitor's user). */
  requester?: { _id?: string; uuid_user?: string; role?: string };
  /** The page it started on. */
  sourcePage?: string;
  /** The visitor's language. */
  language?: string;
  /** The visitor's browser. */
  userAgent?: string;
  /** What the page told the agents (`customAttributes`, the pre-chat form). */
  attributes?: Record<string, unknown>;
  /** The visitor's rating, 1–5. */
  rating?: number;
  /** The visitor's comment with the rating. */
  rating_message?: string;
  /** When it was closed (ISO 8601). */
  closed_at?: string;
  /** When it started (ISO 8601). */
  createdAt: string;
  /** When it last changed (ISO 8601). */
  updatedAt?: string;
  /** The project. */
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

/** A department of the project, as `GET /widgets` lists it. */
export interface WireDepartment {
  /** Its id (what `chooseDepartment` takes). */
  _id: string;
  /** The same, where the service also says it. */
  id?: string;
  /** Its name. */
  name: string;
  /** The project's default department. */
  default?: boolean;
  /** 1: it may be chosen. */
  status?: number;
  /** How its conversations reach agents. */
  routing?: 'assigned' | 'pooled' | (string & {});
  /** The bot that answers first, if any. */
  id_bot?: string;
  /** What the visitor reads while it is online. */
  online_msg?: string;
  /** What the visitor reads while it is offline. */
  offline_msg?: string;
  /** What the visitor reads under its name. */
  description?: string;
  /** A bot answers first. */
  hasBot?: boolean;
}

/** `project.widget`: an opaque object written by the dashboard; keys as the official widget reads them. */
export type WireWidgetSettings = Record<string, unknown>;

/** The project, as `GET /widgets` answers it. */
export interface WireProject {
  /** Its id (`projectid`). */
  _id: string;
  /** The same, where the service also says it. */
  id?: string;
  /** Its name (the window's title by default). */
  name?: string;
  /** Its operating hours apply. */
  activeOperatingHours?: boolean;
  /** A JSON-encoded string, e.g. `{"1":[{"start":"09:00","end":"18:00"}],"tzname":"Europe/Rome"}`. */
  operatingHours?: string;
  /** Its settings at the service. */
  settings?: Record<string, unknown>;
  /** Its widget settings, as the dashboard wrote them (a layer under the page's). */
  widget?: WireWidgetSettings;
  /** The service's status of the project. */
  status?: number;
}

/**
 * `GET /{pid}/widgets` (no auth). `user_available` is `[]` when closed or nobody is available;
 * after normalisation it is absent when the answer did not say, and `project.widget` is always there.
 */
export interface WidgetsResponse {
  /** The project, its widget settings and hours. */
  project: WireProject;
  /** The agents available now (`[]`: closed or nobody available). */
  user_available?: Array<{ id: string; firstname?: string }>;
  /** The project's departments. */
  departments: WireDepartment[];
  /** The visitor's address, as the service saw it. */
  ip?: string;
  /** The project's bot rules (unused by the widget). */
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
