import type { MessageAttributes, MessageMetadata, WireMessage } from '../api/wire.ts';
import type { TextKey } from '../i18n/translator.ts';
import type { DeliveryProgress, DeliveryReason } from './delivery.ts';
import { displayName } from './displayName.ts';
import { sameRecord } from './sameRecord.ts';
import { keepIfUnchanged, startsWithSame } from './stableList.ts';

/** What the message list shows: the service's history plus the visitor's messages not yet stored. */
export interface ChatMessage {
  /** Stable across the optimistic bubble and its echo (the tempUID when there is one). */
  key: string;
  /** A chat bubble, or a centred info line (a known `messagelabel` of a `subtype: info` message). */
  kind: 'message' | 'info';
  /** For info lines: the label key of our texts, and its parameters. */
  infoLabel?: TextKey;
  /** The parameters of `infoLabel`'s text. */
  infoParams?: Record<string, string>;
  /** The service's id, once stored. */
  id?: string;
  /** The visitor's messages: the id given before the service stored it (`retry`, `discard`). */
  tempUID?: string;
  /** What it says ('' for a file or image without a caption). */
  text: string;
  /** `text`, `image` or `file` (another type is shown as text). */
  type: string;
  /** A file's or image's details. */
  metadata?: MessageMetadata;
  /** Buttons, a gallery, the composer's state… (docs/public-api.md §3). */
  attributes?: MessageAttributes;
  /** Who wrote it, as the service names them. */
  senderName: string;
  /** The sender's user id (agents' photos, runs of one sender); empty for the visitor's unsent ones. */
  senderId: string;
  /** The visitor wrote it (in this browser or another of theirs). */
  fromVisitor: boolean;
  /** When it was written (ms since epoch). */
  createdAt: number;
  /** `sending` and `failed` are the visitor's messages not stored yet; the rest are `sent`. */
  state: 'sending' | 'sent' | 'failed';
  /** Sending, after an attempt that failed: tried again by itself (docs/delivery.md). */
  retrying?: boolean;
}

/** Fields the service reads on the first message of a conversation only. */
export interface FirstMessageFields {
  /** Merged under the message's own attributes (who the visitor is, the pre-chat form, …). */
  attributes?: MessageAttributes;
  departmentid?: string;
  sourcePage?: string;
  language?: string;
  userAgent?: string;
}

/** A message of the visitor's not stored by the service yet: what it says, and how its delivery goes (delivery.ts). */
export interface OutboxItem extends DeliveryProgress {
  tempUID: string;
  requestId: string;
  text: string;
  type: string;
  metadata?: MessageMetadata;
  attributes: MessageAttributes;
  createdAt: number;
  error?: string;
  /** Why it was not sent, for the visitor: a label key (see deliveryFailure.ts `failureOf`). */
  reason?: DeliveryReason;
  /**
   * Sent while its conversation had no message stored yet: what the first message of that
   * conversation carries, as it was then (its department, pre-chat answers, page). Sent only if it
   * is still the first to get there.
   */
  opening?: FirstMessageFields;
}

/** `messagelabel.key` of info messages shown as a line, and the label that words it. */
export const INFO_LABELS: Readonly<Record<string, TextKey>> = {
  CHAT_CLOSED: 'INFO_SUPPORT_CHAT_CLOSED',
  CHAT_REOPENED: 'INFO_SUPPORT_CHAT_REOPENED',
  MEMBER_JOINED_GROUP: 'INFO_SUPPORT_MEMBER_JOINED',
  MEMBER_LEFT_GROUP: 'INFO_MEMBER_LEFT',
};

export function isInfo(attributes: MessageAttributes | undefined): boolean {
  return attributes?.subtype === 'info' || attributes?.subtype === 'info/support';
}

/**
 * A label parameter as an id: the wire's parameters are strings (src/api/normalize), a number is
 * taken as written, and anything else is no id.
 */
function paramId(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

/** Info messages are not bubbles; only the known labels become a line, the rest stay hidden. */
export function infoLineOf(message: WireMessage): { label: TextKey; params: Record<string, string> } | null {
  const key = message.attributes?.messagelabel?.key;
  // Own keys only: the service's key may name a member every object has (`toString`).
  const label = typeof key === 'string' && Object.hasOwn(INFO_LABELS, key) ? INFO_LABELS[key] : undefined;
  if (!label) return null;
  const raw = message.attributes?.messagelabel?.parameters ?? {};
  const params: Record<string, string> = {};
  // The parameters are names (who joined): cleaned like every name the visitor sees.
  for (const [name, value] of Object.entries(raw)) if (typeof value === 'string' || typeof value === 'number') params[name] = displayName(String(value));
  if (key === 'MEMBER_JOINED_GROUP') {
    // A bot or the system joining is noise for the visitor, and a nameless join says nothing.
    const member = paramId(raw.member_id);
    if (/^(bot_|system)/.test(member) || !(params.fullname || params.firstname)) return null;
  }
  return { label, params };
}

/** Hidden from the visitor: info messages without a known label. */
export function isHidden(message: WireMessage): boolean {
  return isInfo(message.attributes) && !infoLineOf(message);
}

/** When a message was written (ms since the epoch; 0 when it does not say). */
export function timeOf(message: WireMessage): number {
  const parsed = Date.parse(message.createdAt);
  return Number.isNaN(parsed) ? 0 : parsed;
}

/**
 * What each record (a stored message, an outbox item) became last time: the same record
 * (mergeHistory keeps identities) gives the same message object, so the views of the messages that
 * did not change have nothing to do. One per conversation model (never module-level).
 */
export type ChatMessageCache = WeakMap<object, ChatMessage>;

/** How far a history has been turned into chat messages: what it made, and what it has seen so far. */
interface HistoryProgress {
  history: readonly WireMessage[];
  myIds: ReadonlySet<string>;
  requestId: string | null;
  /** How many of `history` are read (a long one is read in slices). */
  read: number;
  out: ChatMessage[];
  /** tempUIDs stored (a second copy shows once; the outbox's copy not at all). */
  stored: Set<string>;
  /** "<agent> joined" once per agent, and only for this conversation (a copy or a replay says nothing new). */
  joined: Set<string>;
  /** The keys given so far: one message's tempUID may be another's id (from the wire, anything goes). */
  keys: Set<string>;
}

/**
 * `chat`, or, when an earlier message of the list has its key already, a copy with the key made
 * unique by the message's place: a view keyed by it must never see two messages as one.
 */
function keyed(keys: Set<string>, chat: ChatMessage, place: number): ChatMessage {
  let key = chat.key;
  while (keys.has(key)) key = `${key}#${place}`;
  keys.add(key);
  return key === chat.key ? chat : { ...chat, key };
}

/**
 * Merges history and outbox into what the visitor sees. History keeps the service's order (oldest
 * first); a message the service stored twice (two records with one tempUID, which a retry after an
 * outage can cause whatever the client does) shows once, as its first copy; outbox items whose
 * tempUID the service already has are not shown twice; the rest follow.
 */
export function toChatMessages(
  history: readonly WireMessage[],
  outbox: readonly OutboxItem[],
  myIds: ReadonlySet<string>,
  requestId: string | null,
  cache: ChatMessageCache = new WeakMap(),
): ChatMessage[] {
  const progress: HistoryProgress = { history, myIds, requestId, read: 0, out: [], stored: new Set(), joined: new Set(), keys: new Set() };
  readHistory(progress, history.length, cache);
  return withOutbox(progress, outbox, cache);
}

/**
 * `toChatMessages` with a memory (one per conversation model, never module-level): a history that
 * only grew at its end (a poll's news, a message pushed or sent) is turned into chat messages from
 * where the last one ended, so one new message costs one message, not the whole history. The same
 * result as `toChatMessages`, message for message. `ahead` reads a long history in slices before
 * it is shown (no copy of it per slice): the next call goes on from where it stopped.
 */
export function createChatMessages(cache: ChatMessageCache = new WeakMap()) {
  let last: HistoryProgress | null = null;
  const read = (history: readonly WireMessage[], myIds: ReadonlySet<string>, requestId: string | null, end: number) => {
    // The very list read before needs no look at its prefix: read in slices, it is the same array.
    const from =
      last && last.myIds === myIds && last.requestId === requestId && (last.history === history || startsWithSame(history, last.history)) ? last.read : 0;
    if (!from || !last) last = { history, myIds, requestId, read: 0, out: [], stored: new Set(), joined: new Set(), keys: new Set() };
    last.history = history;
    readHistory(last, end, cache);
    return last;
  };
  const make = (history: readonly WireMessage[], outbox: readonly OutboxItem[], myIds: ReadonlySet<string>, requestId: string | null): ChatMessage[] =>
    withOutbox(read(history, myIds, requestId, history.length), outbox, cache);
  /** Reads `history` up to `end` now; the chat messages so far (a list that grows: read it before the next call). */
  make.ahead = (history: readonly WireMessage[], myIds: ReadonlySet<string>, requestId: string | null, end: number): readonly ChatMessage[] =>
    read(history, myIds, requestId, end).out;
  return make;
}

/** The one made before, unless who "I" am changed since (signing in again adds a past id). */
function reuse<S extends object>(
  cache: ChatMessageCache,
  source: S,
  fromVisitor: boolean,
  make: (source: S, fromVisitor: boolean) => ChatMessage,
): ChatMessage {
  let chat = cache.get(source);
  if (chat?.fromVisitor !== fromVisitor) cache.set(source, (chat = make(source, fromVisitor)));
  return chat;
}

/** Turns `progress.history` up to `end` into chat messages, after those made before. */
function readHistory(progress: HistoryProgress, end: number, cache: ChatMessageCache) {
  const { history, myIds, requestId, out, stored, joined, keys } = progress;
  for (let i = progress.read; i < end; i++) {
    const message = history[i]!;
    const tempUID = message.attributes?.tempUID;
    if (tempUID && stored.has(tempUID)) continue;
    if (tempUID) stored.add(tempUID);
    if (isInfo(message.attributes)) {
      const line = infoLineOf(message);
      const member = message.attributes?.messagelabel?.key === 'MEMBER_JOINED_GROUP' ? paramId(message.attributes.messagelabel.parameters?.member_id) : '';
      if (member && (joined.has(member) || (requestId && message.recipient && message.recipient !== requestId))) continue;
      if (member) joined.add(member);
      if (line)
        out.push(
          keyed(
            keys,
            reuse(cache, message, false, () => ({
              key: message._id,
              kind: 'info',
              infoLabel: line.label,
              infoParams: line.params,
              id: message._id,
              text: '',
              type: 'text',
              senderName: '',
              senderId: message.sender,
              fromVisitor: false,
              createdAt: timeOf(message),
              state: 'sent',
            })),
            i,
          ),
        );
      continue;
    }
    const fromVisitor = myIds.has(message.sender);
    out.push(keyed(keys, reuse(cache, message, fromVisitor, bubbleOf), i));
  }
  progress.read = Math.max(progress.read, end);
}

/**
 * A message the service stored, as a bubble (`fromVisitor`: the visitor wrote it): the one shape a
 * message has in `conversation.messages` and in the `message:sent` / `message:received` events.
 */
export function bubbleOf(message: WireMessage, fromVisitor: boolean): ChatMessage {
  const tempUID = message.attributes?.tempUID;
  return {
    key: tempUID ?? message._id,
    kind: 'message',
    id: message._id,
    tempUID,
    text: message.text,
    type: message.type,
    metadata: message.metadata,
    attributes: message.attributes,
    senderName: displayName(message.senderFullname),
    senderId: message.sender,
    fromVisitor,
    createdAt: timeOf(message),
    state: 'sent',
  };
}

/** The history's chat messages, then the outbox items the service does not have yet. */
function withOutbox(progress: HistoryProgress, outbox: readonly OutboxItem[], cache: ChatMessageCache): ChatMessage[] {
  const out = progress.out.slice();
  for (const item of outbox) {
    // A button's action is sent as an info message: its echo is not shown.
    if (progress.stored.has(item.tempUID) || item.requestId !== progress.requestId || isInfo(item.attributes)) continue;
    out.push(
      reuse(cache, item, true, () => ({
        key: item.tempUID,
        kind: 'message',
        tempUID: item.tempUID,
        text: item.text,
        type: item.type,
        metadata: item.metadata,
        attributes: item.attributes,
        senderName: '',
        senderId: '',
        fromVisitor: true,
        createdAt: item.createdAt,
        state: item.state,
        ...(item.state === 'sending' && item.attempts > 0 ? { retrying: true } : {}),
      })),
    );
  }
  return out;
}

/**
 * The usual poll, merged without building an index of the messages held: messages newer than the
 * last one held, each once, that the history does not hold (by `_id` or tempUID), after it. The
 * answer is either the history itself (the same records, api/messages.ts) followed by them, or a few
 * messages alone (conversation/historyIntake.ts hands over only what an answer added). Null for any
 * other answer: `mergeSteps` merges it whole. At 10,000 messages that whole merge of one new message
 * took ~12 ms at 4× CPU, a quarter of the time to show it.
 */
function appendedAfter(history: readonly WireMessage[], incoming: readonly WireMessage[]): WireMessage[] | null {
  const grown = startsWithSame(incoming, history);
  if (!grown && incoming.length > FEW_APPENDED) return null;
  const added = grown ? incoming.slice(history.length) : incoming;
  if (!added.length) return grown ? (history as WireMessage[]) : null;
  const ids = new Set<string>();
  const tempUIDs = new Set<string>();
  let before = history.length ? timeOf(history[history.length - 1]!) : -Infinity;
  for (const m of added) {
    const at = timeOf(m);
    const tempUID = m.attributes?.tempUID;
    if (at < before || ids.has(m._id) || (tempUID && tempUIDs.has(tempUID))) return null;
    before = at;
    ids.add(m._id);
    if (tempUID) tempUIDs.add(tempUID);
  }
  // One pass over the history, with no index made of it: a message it holds already (pushed before
  // this answer), or a second stored copy of one (the visitor's, sent again), and it is merged whole.
  const copies = tempUIDs.size > 0;
  for (const m of history) if (ids.has(m._id) || (copies && tempUIDs.has(m.attributes?.tempUID ?? ''))) return null;
  return [...history, ...added];
}

/** At most this many messages alone are merged as an answer's end (`appendedAfter`): a poll brings one or two. */
const FEW_APPENDED = 32;

/** Messages merged between two chances to stop (`mergeSteps`): a look at the clock costs about what a few messages do. */
const MERGE_STEP = 250;

/**
 * Adds or replaces messages by `_id`, keeping oldest first. A second stored copy of a message (a
 * tempUID already held by another record) is not kept. Identities are kept: a record equal to the
 * one held stays the one held, and an answer with nothing new gives back `history` itself (a poll
 * that brings nothing changes nothing downstream, and one new message leaves the others as they are).
 */
export function mergeHistory(history: readonly WireMessage[], incoming: readonly WireMessage[]): WireMessage[] {
  const steps = mergeSteps(history, incoming);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * `mergeHistory` as steps: it stops every few hundred messages, so a history of thousands (a page
 * load) can be merged in slices, the page running between them (api/slices.ts `runInSlices`).
 */
export function* mergeSteps(history: readonly WireMessage[], incoming: readonly WireMessage[]): Generator<void, WireMessage[]> {
  const held = history as WireMessage[];
  const appended = appendedAfter(history, incoming);
  if (appended) return appended;
  const position = new Map<string, number>();
  for (let i = 0; i < history.length; i++) {
    position.set(history[i]!._id, i);
    if (i % MERGE_STEP === MERGE_STEP - 1) yield;
  }
  let merged: WireMessage[] | undefined;
  const added = new Map<string, WireMessage>();
  for (let i = 0; i < incoming.length; i++) {
    const message = incoming[i]!;
    const at = position.get(message._id);
    if (at === undefined) added.set(message._id, message);
    else if (!sameRecord((merged ?? history)[at], message)) (merged ??= [...history])[at] = message;
    if (i % MERGE_STEP === MERGE_STEP - 1) yield;
  }
  if (!merged && !added.size) return held;
  merged ??= [...history];
  merged.push(...added.values());
  // Stable sort: equal timestamps keep the service's order. The history is held in order: only new
  // messages older than the one before them (rare) make it sort. Each time is read once.
  for (let i = Math.max(1, history.length), before = timeOf(merged[i - 1]!); i < merged.length; i++) {
    const at = timeOf(merged[i]!);
    if (at >= before) before = at;
    else {
      const times = new Map(merged.map((m) => [m, timeOf(m)]));
      merged.sort((a, b) => times.get(a)! - times.get(b)!);
      break;
    }
    if (i % MERGE_STEP === 0) yield;
  }
  const tempUIDs = new Set<string>();
  const kept: WireMessage[] = [];
  for (let i = 0; i < merged.length; i++) {
    if (i % MERGE_STEP === MERGE_STEP - 1) yield;
    const m = merged[i]!;
    const tempUID = m.attributes?.tempUID;
    if (tempUID && tempUIDs.has(tempUID)) continue;
    if (tempUID) tempUIDs.add(tempUID);
    kept.push(m);
  }
  return keepIfUnchanged(held, kept);
}
