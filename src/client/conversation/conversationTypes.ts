import type { ReadonlySignal } from '@preact/signals-core';
import type { Http } from '../../api/http.ts';
import type { TypingSignal } from '../../api/normalize/typing.ts';
import type { MessageAttributes, MessageMetadata, WireMessage } from '../../api/wire.ts';
import type { OutboxItem } from '../../state/chatMessage.ts';
import type { OutboxEngine } from '../delivery/outbox.ts';
import type { SendJournal } from '../delivery/sendJournal.ts';
import type { KeyValueStore } from '../platform/storage.ts';
import type { SessionModel } from '../session/session.ts';
import type { ConversationEvent } from './conversationState.ts';
import type { TimedMessage } from './splitMessages.ts';
import type { OtherTyping } from './typing.ts';

export interface Outgoing {
  text: string;
  type?: string;
  metadata?: MessageMetadata;
  attributes?: MessageAttributes;
}

/** Local changes other tabs must hear about. */
export type SharedChange = { type: 'messages'; requestId: string; messages: WireMessage[] } | { type: 'outbox' } | { type: 'conversation' };

/** What the conversation works with. */
export interface ConversationDeps {
  http: Http;
  projectId: string;
  session: SessionModel;
  store: KeyValueStore;
  journal: SendJournal;
  now(): number;
}

/** The conversation as a UI sees it: its signals, and the visitor's commands. */
export interface ConversationModel {
  requestId: ReadonlySignal<string | null>;
  history: ReadonlySignal<WireMessage[]>;
  outbox: ReadonlySignal<OutboxItem[]>;
  /** What the visitor sees now (split bot messages revealed part by part). */
  messages: ReadonlySignal<TimedMessage[]>;
  /** The other side is "typing": a split message has parts still to come, or the socket said so (`typist`). */
  typing: ReadonlySignal<boolean>;
  /** Who the socket says is typing now (an agent, a bot), or null. */
  typist: ReadonlySignal<OtherTyping | null>;
  /** The conversation was closed, by the visitor or by the service (a CHAT_CLOSED info message). */
  closed: ReadonlySignal<boolean>;
  /** Keys of messages whose reply buttons were used. */
  usedButtons: ReadonlySignal<ReadonlySet<string>>;
  /**
   * Messages from the other side the visitor has not seen: those after the read mark (readMark.ts)
   * at a page load, then those that arrive while the conversation is not on screen.
   */
  unread: ReadonlySignal<number>;
  lastActivity: ReadonlySignal<number>;
  /**
   * Kept (sendJournal.ts) before it waits for `ready`, start-up being done. It belongs to the
   * conversation shown when it is sent (one made now if there is none), whatever happens before it
   * is posted; before start-up has read the stored conversation, or while a switch is under way
   * (`switching`), to the one shown once that is done.
   */
  send(message: Outgoing, ready?: Promise<void>): Promise<void>;
  retry(tempUID: string): Promise<void>;
  discard(tempUID: string): Promise<void>;
  /** Fetches the history now (no-op before the first message or without a session). */
  sync(): Promise<void>;
  markRead(): void;
  /** The visitor ends the conversation (`PUT …/closeg`). */
  close(): Promise<void>;
  /** `PATCH …/rating`; the service drops a falsy rating, so 1–5 only. */
  rate(rating: number, comment: string): Promise<void>;
  /** A fresh conversation id at the next message; the visitor stays signed in. */
  startNew(): Promise<void>;
  /** Switches to another of the visitor's conversations (`closed`: read-only, as the service listed it). */
  open(requestId: string, closed: boolean): Promise<void>;
  useButtons(key: string): void;
}

/**
 * The conversation as the client (its policy, the tab relay, start-up) and the conversation's own
 * code on demand (conversationLeave.ts, messageRecovery.ts, journalRecovery.ts) see it: the public
 * model, its `apply` (the one place where its state changes, conversationState.ts), and the steps
 * that are not the visitor's to call. Never part of the published types.
 */
export interface ConversationCore extends ConversationModel {
  deps: ConversationDeps;
  apply(event: ConversationEvent): void;
  /** A typing frame from the realtime channel. */
  typingFrame(frame: TypingSignal): void;
  /** The leading tab's count, shown by the other tabs (they announce nothing themselves). */
  mirrorUnread(count: number): void;
  restore(): Promise<void>;
  /** A switch of conversation under way (a reset, one opened from the list): messages sent until it is done go to the one that follows. */
  switching<T>(work: Promise<T>): Promise<T>;
  /** Messages pushed by the realtime channel, or relayed by the leading tab (`silent`: no events). */
  receive(messages: readonly WireMessage[], silent?: boolean): void;
  /** Another tab changed the outbox: show what it holds now. */
  reloadOutbox(): Promise<void>;
  /** Another tab started, closed or forgot the conversation: follow the stored one. */
  adopt(): Promise<void>;
  /** This tab just became the leader: send what a closed tab left behind. */
  takeOver(): void;
  /** Network is back: whatever waits on backoff goes now. */
  resume(): void;
  forget(): Promise<void>;
  dispose(): void;
  /** Reads the stored conversation (its id, whether the visitor closed it, its read mark) into the state. */
  readStored(): Promise<void>;
  /** Reads the history of `requestId` (the conversation shown) from the service into the state. */
  fetchHistory(requestId: string): Promise<void>;
  /** Other tabs hear that the stored conversation changed. */
  shareConversation(): void;
  /** The conversation shown, made now if there is none. */
  ensureRequestId(): Promise<string>;
  /** Stored first, shown after (OutboxEngine.change). */
  changeOutbox: OutboxEngine['change'];
  flush: OutboxEngine['flush'];
}
