import type { ReadonlySignal, Signal } from '@preact/signals-core';
import type { Http } from '../api/http.ts';
import type { WidgetsResponse } from '../api/wire.ts';
import type { TextKey } from '../i18n/translator.ts';
import type { ButtonIntent } from '../state/attachments.ts';
import type { ConversationModel } from './conversation/conversation.ts';
import type { ChatListener, WidgetErrorDetail, WidgetEventName } from './platform/events.ts';
import type { InputControl } from '../state/inputControl.ts';
import type { IntakeModel } from './ui-state/intake.ts';
import type { Availability } from '../state/availability.ts';
import type { PreChatValues } from '../state/preChatForm.ts';
import type { ProjectModel } from './ui-state/project.ts';
import type { SessionModel } from './session/session.ts';
import type { WidgetSettings } from '../state/settings.ts';
import type { KeyValueStore } from './platform/storage.ts';
import type { UiModel } from './ui-state/ui.ts';
import type { UploadsModel } from './delivery/uploads.ts';
import type { AttentionModel } from './ui-state/attention.ts';
import type { RatingMemory } from './conversation/rating.ts';
import type { Transcript } from './conversation/transcriptFile.ts';
import type { ConversationListModel } from './conversation/conversationList.ts';

/** Who the visitor is, as the page says (`setUser`). */
export interface VisitorDetails {
  fullname?: string;
  email?: string;
  attributes?: Record<string, unknown>;
}

/** `update()`: settings, and for a preview the project and labels it shows. */
export type SettingsUpdate = Omit<Partial<WidgetSettings>, 'jwt'> & {
  /** A site's token; `null` (or '') takes the page's token back: a known visitor signs out, as with `logout`. */
  jwt?: string | null;
  project?: Partial<WidgetsResponse>;
  labels?: unknown;
};

export interface ChatClientOptions {
  /** The page's settings (`projectid` is required; `apiUrl` defaults to `<page origin>/v3`). */
  settings: Partial<WidgetSettings> | Record<string, unknown>;
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
 * A model as a UI sees it: each of its signals read-only. Only the client writes them (through its
 * commands); `client.conversation.history.value = []` does not compile.
 */
export type ReadOnlyModel<M> = { readonly [K in keyof M]: M[K] extends Signal<infer V> ? ReadonlySignal<V> : M[K] };

/** What a chat knows, as read-only signals: a UI renders these and never writes them. */
export interface ChatState {
  settings: ReadonlySignal<WidgetSettings>;
  ui: ReadOnlyModel<UiModel>;
  session: ReadOnlyModel<SessionModel>;
  conversation: ReadOnlyModel<ConversationModel>;
  project: ReadOnlyModel<ProjectModel>;
  uploads: ReadOnlyModel<UploadsModel>;
  intake: ReadOnlyModel<IntakeModel>;
  /** The ended conversation's rating, as the service holds it. */
  rating: ReadOnlyModel<RatingMemory>;
  /** The message preview above the closed launcher, and the unread count in the page title. */
  attention: ReadOnlyModel<AttentionModel>;
  /**
   * The visitor's conversations, open and closed, each with its last message and unread count; null
   * until listed (a home screen, a second conversation) and always with `singleConversation`.
   */
  conversations: ReadonlySignal<ConversationListModel | null>;
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
  inputControl: ReadonlySignal<InputControl>;
  lang: ReadonlySignal<string>;
  /** The final look and texts are known (stored from the last visit, or the service answered): paint them. */
  lookReady: ReadonlySignal<boolean>;
  /**
   * The conversation the visitor had when the page loaded has its history from the service (or there
   * is none, or the first look at it failed): a window paints with it, never empty first. Stays true.
   */
  historyReady: ReadonlySignal<boolean>;
  title: ReadonlySignal<string>;
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
}

/**
 * What a UI (or page code) may ask of a chat. None of them throws: failures arrive as `error` events.
 * Those a first open never calls come with their code on demand, in call order (docs/public-api.md §5).
 */
export interface ChatCommands {
  /** `byVisitor`: the visitor's own click or key (the UI then moves focus). */
  open(byVisitor?: boolean): void;
  close(byVisitor?: boolean): void;
  toggle(): void;
  show(): void;
  hide(): void;
  /** Queues `text` and sends it (after start-up); resolves once it was sent or has failed. */
  send(text: string): Promise<void>;
  retry(tempUID: string): void;
  discard(tempUID: string): void;
  /** A reply button under message `messageKey` was pressed. */
  pressButton(messageKey: string, intent: ButtonIntent): void;
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
  submitPreChat(values: PreChatValues): void;
  /** The department of the next conversation: one of `intake.choices`, by its `_id`. */
  chooseDepartment(id: string): void;
  dismissCallout(): void;
  /** Hides the message preview above the closed launcher (`attention.preview`) until the next message. */
  dismissPreview(): void;
  /** Shows an image full size, or closes the viewer (null). */
  viewImage(image: { src: string; alt: string } | null): void;
  /** Asks the visitor to confirm ending the conversation, or stops asking. */
  confirmClose(asking: boolean): void;
  setUser(user: VisitorDetails): void;
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
  on<E extends WidgetEventName>(event: E, listener: ChatListener<E>): () => void;
  off<E extends WidgetEventName>(event: E, listener?: ChatListener<E>): void;
  /** Tells the `error` listeners about a failure outside the client (a UI's render, a bad command). */
  reportError(detail: WidgetErrorDetail): void;
  /** Stops every timer, socket and listener. Idempotent. */
  dispose(): void;
}
