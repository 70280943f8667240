import type { Http } from '../api/http.ts';
import type { WidgetsResponse, WireMessage } from '../api/wire.ts';
import type { TextKey } from '../i18n/translator.ts';
import type { ButtonIntent } from '../state/attachments.ts';
import type { ChatMessage } from '../state/chatMessage.ts';
import type { ConversationSummary } from '../state/conversationSummary.ts';
import type { ChatListener, WidgetErrorDetail, WidgetEventName } from './platform/events.ts';
import type { InputControl } from '../state/inputControl.ts';
import type { Availability } from '../state/availability.ts';
import type { ChatClock } from '../state/formatTime.ts';
import type { PreChatValues } from '../state/preChatForm.ts';
import type { WidgetSettings } from '../state/settings.ts';
import type { KeyValueStore } from './platform/storage.ts';
import type { Screen } from './ui-state/ui.ts';
import type { TimedMessage } from './conversation/splitMessages.ts';
import type { Transcript } from './conversation/transcriptFile.ts';
import type { SignedInSwitch, Visitor } from './session/session.ts';
import type { UploadItem } from './delivery/uploads.ts';

// The models' own data types, public as they are.
export type { ChatClock, SignedInSwitch, UploadItem, Visitor };

// The chat's public surface: what `porchlight/client` publishes and the views read. The models of
// the wings (conversation/, session/, ui-state/…) are more than this (their commands for the
// client, what it restores and disposes): each public model below is the part of one of them a UI
// may read, so nothing internal is reachable from the published types.

/** Who the visitor is, as the page says (`setUser`). */
export interface VisitorDetails {
  /** Their name. */
  fullname?: string;
  /** Their email. */
  email?: string;
  /** What the agents see about them (merged into `customAttributes`). */
  attributes?: Record<string, unknown>;
}

/**
 * The settings a page gives (`createChatClient`, `mount()`, `update()`): the widget's settings
 * (docs/public-api.md §1), each optional. A closed type: a key that is no setting does not compile
 * in an object literal, and at run time is one `error` `{type: 'config'}` naming it.
 */
export type ClientSettings = Omit<Partial<WidgetSettings>, 'jwt'> & {
  /** A site's token; `null` (or '') is none: with `update()`, the page's token back (a known visitor signs out, as with `logout`). */
  jwt?: string | null;
};

/** `update()`: settings, and for a preview the project and labels it shows. */
export type SettingsUpdate = ClientSettings & {
  /** A preview's project, as `GET /widgets` answers it. */
  project?: Partial<WidgetsResponse>;
  /** A preview's texts, as `GET /labels` answers them. */
  labels?: unknown;
};

/** How `createChatClient` makes a chat. */
export interface ChatClientOptions {
  /** The page's settings (`projectid` is required; `apiUrl` defaults to `<page origin>/v3`): one closed type, see `ClientSettings`. */
  settings: ClientSettings;
  /** The browser window the chat lives in (network state, visibility, tabs, storage). Default: `window`. */
  window?: Window;
  /** How API calls are made. Default: `fetch` of `window` at `settings.apiUrl`. */
  http?: Http;
  /** Where the session, conversation and outbox are kept. Default: by `settings.persistence`. */
  store?: KeyValueStore;
  /** The `porchlight_<key>` query layer (the script tag passes the page's query string). */
  query?: string;
}

/**
 * A value that changes over time, read-only: `value` reads it (and inside `effect`/`computed`, or a
 * view, follows it), `peek()` reads it without following, `subscribe` calls back with each value.
 * Only the client writes the chat's signals, through its commands: `client.ui.isOpen.value = true`
 * does not compile. (The package's signals are `@preact/signals-core` ones; this is the part of
 * them a consumer may rely on.)
 */
export interface ReadonlySignal<T> {
  /** The value now; read inside `effect`, `computed` or a view, it is followed. */
  readonly value: T;
  /** The value now, not followed. */
  peek(): T;
  /** Calls `listener` with the value now and with each new one; returns what stops it. */
  subscribe(listener: (value: T) => void): () => void;
}

/** The widget's window and what shows in it, independent of the conversation. */
export interface UiModel {
  /** The chat window is open. */
  isOpen: ReadonlySignal<boolean>;
  /** The widget is on the page at all (`show`/`hide`, `startHidden`). */
  isShown: ReadonlySignal<boolean>;
  /** What the open window shows: the home screen (recent conversations) or the current conversation. */
  screen: ReadonlySignal<Screen>;
  /** The last open/close or change of screen came from the visitor's own click or key (not page code): only then a UI moves focus. */
  byVisitor: ReadonlySignal<boolean>;
  /** The image shown full size inside the widget (`viewImage`), if any. */
  viewerImage: ReadonlySignal<{ src: string; alt: string } | null>;
  /** The visitor asked to end the conversation and is being asked to confirm (`confirmClose`). */
  confirmingClose: ReadonlySignal<boolean>;
  /** The callout bubble is showing (after `calloutTimer`, until opened or dismissed). */
  calloutVisible: ReadonlySignal<boolean>;
  /** Bumped when texts change (language, the service's labels): a UI re-reads its texts (`t`). */
  labelsVersion: ReadonlySignal<number>;
  /** The final look and texts are known, or were waited for long enough: paint them (as `ChatState.lookReady`). */
  lookReady: ReadonlySignal<boolean>;
}

/** Who the visitor is to the service. */
export interface SessionModel {
  /** The visitor's token (a JWT) while signed in, else null. */
  token: ReadonlySignal<string | null>;
  /** The visitor signed in, else null (nobody has written yet). */
  visitor: ReadonlySignal<Visitor | null>;
  /** The service refused even a fresh guest: automatic calls stopped until the visitor acts (sends, retries). */
  refused: ReadonlySignal<boolean>;
  /** A sign-in with a site's token made the visitor someone else while a conversation was on: the UI says so. */
  switched: ReadonlySignal<SignedInSwitch | null>;
}

/** A message of the visitor's the service has not stored yet (sending, or failed). */
export interface PendingMessage {
  /** The message's own id, also on its row in `messages` (`ChatMessage.tempUID`) and what `retry`/`discard` take. */
  tempUID: string;
  /** The conversation it belongs to. */
  requestId: string;
  /** What the visitor wrote. */
  text: string;
  /** On its way, or failed (then `retry` or `discard`). */
  state: 'sending' | 'failed';
  /** When the visitor sent it (ms since epoch). */
  createdAt: number;
  /** Why it was not sent, as the text key that words it for the visitor. */
  reason?: TextKey;
}

/** Who on the other side is typing now. */
export interface OtherTyping {
  /** Their user id. */
  sender: string;
  /** Their name, when the service said it. */
  name?: string;
  /** When it ends without a new word from them (ms since epoch). */
  until: number;
}

/** The conversation on screen: its messages, who is typing, whether it has ended. */
export interface ConversationModel {
  /** The conversation's id at the service; null before the visitor's first message. */
  requestId: ReadonlySignal<string | null>;
  /** What the visitor sees now: the history and the visitor's messages not stored yet (split bot messages revealed part by part). */
  messages: ReadonlySignal<TimedMessage[]>;
  /** The history as the service sent it (the same messages as the events carry). */
  history: ReadonlySignal<WireMessage[]>;
  /** The visitor's messages not stored by the service yet, oldest first. */
  outbox: ReadonlySignal<readonly PendingMessage[]>;
  /** The other side is "typing": a split message has parts still to come, or the socket said so (`typist`). */
  typing: ReadonlySignal<boolean>;
  /** Who the socket says is typing now (an agent, a bot), or null. */
  typist: ReadonlySignal<OtherTyping | null>;
  /** The conversation was closed, by the visitor or by the service. */
  closed: ReadonlySignal<boolean>;
  /** Keys of the messages whose reply buttons were used (`pressButton`): a UI disables them. */
  usedButtons: ReadonlySignal<ReadonlySet<string>>;
  /** Replies in this conversation the visitor has not seen (`ChatState.unread` adds the other conversations). */
  unread: ReadonlySignal<number>;
  /** When the conversation last changed (ms since epoch). */
  lastActivity: ReadonlySignal<number>;
}

/** Someone of the team. */
export interface TeamMember {
  /** Their user id (`photoUrl(id)`). */
  id: string;
  /** Their name. */
  name: string;
}

/** A department of the project: who answers a conversation. */
export interface Department {
  /** Its id: what `chooseDepartment` takes. */
  _id: string;
  /** Its name, as the visitor sees it. */
  name: string;
  /** What the visitor reads under it, if anything. */
  description?: string;
  /** What the visitor reads while the department is offline, if the project set it. */
  offline_msg?: string;
}

/** What the service says about the project. */
export interface ProjectModel {
  /** The project's name ('' until known). */
  name: ReadonlySignal<string>;
  /** The project's departments. */
  departments: ReadonlySignal<readonly Department[]>;
  /** The available agents, at most five: the team in the header. */
  team: ReadonlySignal<readonly TeamMember[]>;
  /** How long visitors lately waited for a first reply (ms); null when the service has no figure. */
  replyTime: ReadonlySignal<number | null>;
  /** null until known; false when closed by operating hours or nobody is available. */
  agentsAvailable: ReadonlySignal<boolean | null>;
}

/** The visitor's files on their way (`upload`). */
export interface UploadsModel {
  /** Files uploading, or failed or refused (until dismissed). */
  items: ReadonlySignal<readonly UploadItem[]>;
}

/** What comes before a conversation's first message: `prechat` (the form), `departments` (a choice), then `chat`. */
export type IntakeStage = 'prechat' | 'departments' | 'chat';

/** What is asked before the first message: the pre-chat form and the department, each only when configured and only once. */
export interface IntakeModel {
  /** What the visitor is asked now. */
  stage: ReadonlySignal<IntakeStage>;
  /** The department of the next conversation: chosen, named by the page, the only one, or null. */
  department: ReadonlySignal<Department | null>;
  /** The departments the visitor may choose from (`chooseDepartment`). */
  choices: ReadonlySignal<readonly Department[]>;
  /** The answers to the pre-chat form, once given (`submitPreChat`). */
  preChat: ReadonlySignal<PreChatValues | null>;
}

/** A rating the service holds for one conversation. */
export interface GivenRating {
  /** The conversation. */
  requestId: string;
  /** 1–5. */
  rating: number;
}

/** The ended conversation's rating, as the service holds it (`recallRating`, `rate`). */
export interface RatingModel {
  /** The rating given, if known. */
  given: ReadonlySignal<GivenRating | null>;
}

/** The visitor's conversations, open and closed (`loadMoreConversations`, `openConversation`). */
export interface ConversationList {
  /** Newest activity first; the current conversation as this tab sees it. */
  items: ReadonlySignal<readonly ConversationSummary[]>;
  /** The service has older conversations than those loaded. */
  hasMore: ReadonlySignal<boolean>;
  /** The service has answered once (a UI shows "loading" until then). */
  loaded: ReadonlySignal<boolean>;
  /** Unread replies in the conversations not on screen. */
  unreadElsewhere: ReadonlySignal<number>;
}

/** What draws the visitor back while the window is closed. */
export interface AttentionModel {
  /** The message to preview above the closed launcher while replies are unread, if any (`dismissPreview`). */
  preview: ReadonlySignal<ChatMessage | null>;
}

/** What a chat knows, as read-only signals: a UI renders these and never writes them. */
export interface ChatState {
  /** The settings in force: the page's, the service's, the defaults (docs/public-api.md §1). */
  settings: ReadonlySignal<WidgetSettings>;
  /** The window and what shows in it. */
  ui: UiModel;
  /** Who the visitor is to the service. */
  session: SessionModel;
  /** The conversation on screen. */
  conversation: ConversationModel;
  /** What the service says about the project. */
  project: ProjectModel;
  /** The visitor's files on their way. */
  uploads: UploadsModel;
  /** What is asked before the first message. */
  intake: IntakeModel;
  /** The ended conversation's rating, as the service holds it. */
  rating: RatingModel;
  /** The message preview above the closed launcher, and the unread count in the page title. */
  attention: AttentionModel;
  /**
   * The visitor's conversations, open and closed, each with its last message and unread count; null
   * until listed (a home screen, a second conversation) and always with `singleConversation`.
   */
  conversations: ReadonlySignal<ConversationList | null>;
  /**
   * The launcher's unread count: replies the visitor has not seen, in the conversation and in their
   * other ones. Known from start-up (the read marks kept on the device), the same in every tab; what
   * `unread:change` reports.
   */
  unread: ReadonlySignal<number>;
  /** Where an agent's or bot's photo is; '' in a preview, which loads nothing. */
  photoUrl(userId: string): string;
  /** Open, closed by hours (with the next opening), or nobody available; re-evaluated every 30 s. */
  availability: ReadonlySignal<Availability>;
  /** Whether the composer takes text now, and its placeholder (the latest message may ask for a button). */
  inputControl: ReadonlySignal<InputControl>;
  /** The chat's language now. */
  lang: ReadonlySignal<string>;
  /** The final look and texts are known (stored from the last visit, or the service answered): paint them. */
  lookReady: ReadonlySignal<boolean>;
  /**
   * The conversation the visitor had when the page loaded has its history from the service (or there
   * is none, or the first look at it failed): a window paints with it, never empty first. Stays true.
   */
  historyReady: ReadonlySignal<boolean>;
  /** The window's title: `widgetTitle`, else the project's name. */
  title: ReadonlySignal<string>;
  /** The browser is online (messages wait while it is not). */
  online: ReadonlySignal<boolean>;
  /** The page is visible (not a background tab). */
  visible: ReadonlySignal<boolean>;
  /** Dashboard preview: no network, sample content. */
  preview: boolean;
  /** The text of `key` in the chat's language (the service's labels over the widget's own). */
  t(key: TextKey, options?: Record<string, unknown>): string;
  /** A text whose key the service's data names (a pre-chat form's JSON labels). */
  textOf(key: string, options?: Record<string, unknown>): string;
  /** The texts of views loaded on demand: true once here, else their download (Translator.viewTexts). */
  viewTexts(): true | Promise<void>;
  /**
   * Times and days in the chat's language as it is now ("2:30 PM", "Today", "Friday 27 November").
   * The first date format a page makes with Intl loads its date data (~60-85 ms on a slow phone): a
   * device keeps what the clock of a language says, and later page views write from that. Rejects
   * where its code cannot be downloaded (offline): ask again later.
   */
  clock(): Promise<ChatClock>;
}

/**
 * What a UI (or page code) may ask of a chat. None of them throws: failures arrive as `error` events.
 * Those a first open never calls come with their code on demand, in call order (docs/public-api.md §5).
 * After `dispose()`, those that answer with a promise reject with `ChatDisposedError`, and the others
 * do nothing.
 */
export interface ChatCommands {
  /** `byVisitor`: the visitor's own click or key (the UI then moves focus). */
  open(byVisitor?: boolean): void;
  /** Closes the window; `byVisitor` as for `open`. */
  close(byVisitor?: boolean): void;
  /** Opens the window, or closes it when open. */
  toggle(): void;
  /** Shows the widget (after `hide` or `startHidden`). */
  show(): void;
  /** Hides the whole widget, launcher included. */
  hide(): void;
  /** Queues `text` and sends it (after start-up); resolves once it was sent or has failed. */
  send(text: string): Promise<void>;
  /** Sends again the visitor's failed message `tempUID` (`ChatMessage.tempUID`). */
  retry(tempUID: string): void;
  /** Drops the visitor's failed message `tempUID`: it is never sent. */
  discard(tempUID: string): void;
  /** A reply button under message `messageKey` was pressed. */
  pressButton(messageKey: string, intent: ButtonIntent): void;
  /** Sends `file` into the conversation (its progress in `uploads.items`). */
  upload(file: File): void;
  /** Sends again a file whose upload failed (its `id` in `uploads.items`). */
  retryUpload(id: string): void;
  /** Takes a file off `uploads.items` (one that failed or was refused). */
  dismissUpload(id: string): void;
  /** The visitor confirmed: end the conversation (`closeg`). */
  endConversation(): void;
  /** Rejects when the service did not take the rating (the UI says so). */
  rate(rating: number, comment: string): Promise<void>;
  /** A new conversation at the next message; the others stay (listed in `conversations`). */
  startNewConversation(): void;
  /** Shows one of the visitor's conversations, its history fetched; a closed one is read-only. `byVisitor` as for `open`. */
  openConversation(requestId: string, byVisitor?: boolean): void;
  /** The home screen: welcome, the recent conversations, a new one. `byVisitor` as for `open`. */
  showHome(byVisitor?: boolean): void;
  /** Lists the visitor's older conversations too (`conversations`, while it `hasMore`). */
  loadMoreConversations(): void;
  /**
   * Asks the service for the rating it holds of ended conversation `requestId` (into `rating.given`),
   * once per conversation: a rating given on an earlier visit is shown, not asked again.
   */
  recallRating(requestId: string): void;
  /** The pre-chat form's answers: the conversation can start (`intake.stage`). */
  submitPreChat(values: PreChatValues): void;
  /** The department of the next conversation: one of `intake.choices`, by its `_id`. */
  chooseDepartment(id: string): void;
  /** Hides the callout bubble, for good on this device. */
  dismissCallout(): void;
  /** Hides the message preview above the closed launcher (`attention.preview`) until the next message. */
  dismissPreview(): void;
  /** Shows an image full size, or closes the viewer (null). */
  viewImage(image: { src: string; alt: string } | null): void;
  /** Asks the visitor to confirm ending the conversation, or stops asking. */
  confirmClose(asking: boolean): void;
  /** Tells the agents who the visitor is (name, email, attributes). */
  setUser(user: VisitorDetails): void;
  /** Changes the chat's language (`en`, `pt-BR`…). */
  setLocale(lang: string): void;
  /** Changes settings live. */
  update(partial: SettingsUpdate): void;
  /** Forgets the visitor and the conversation on this device. */
  reset(): Promise<void>;
  /**
   * Signs the visitor in with the site's own token (`POST /auth/signinWithCustomToken`); a token the
   * service refuses leaves a guest and an `error` `{type: 'auth'}`. Resolves once signed in (or not).
   */
  signInWithCustomToken(jwt: string): Promise<void>;
  /** The visitor signed out of the site: forget them, their token and their conversation on this device. */
  logout(): Promise<void>;
  /** The conversation as a text file: the service's transcript where served, else made from the history. */
  transcript(): Promise<Transcript>;
}

/** A chat without a UI: the same delivery guarantees, tabs and service handling as the widget. */
export interface ChatClient extends ChatState, ChatCommands {
  /** Start-up is done (restored, settings and texts loaded); never rejects. */
  ready: Promise<void>;
  /** `unread` now. */
  readonly unreadCount: number;
  /** Listens to event `event`; returns what stops listening. */
  on<E extends WidgetEventName>(event: E, listener: ChatListener<E>): () => void;
  /** Stops `listener` (or every listener of `event`). */
  off<E extends WidgetEventName>(event: E, listener?: ChatListener<E>): void;
  /** Tells the `error` listeners about a failure outside the client (a UI's render, a bad command). */
  reportError(detail: WidgetErrorDetail): void;
  /** Stops every timer, socket and listener. Idempotent. */
  dispose(): void;
}
