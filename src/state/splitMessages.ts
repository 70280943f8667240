import type { MessageAttributes, MessageMetadata } from '../api/wire.ts';
import type { ChatMessage } from './chatMessage.ts';

/**
 * Bots send one message whose `attributes.commands[]` is a script: parts to show, with `wait`s
 * between them. Replayed live (a typing indicator while a part is due), shown whole from history.
 */
interface MessageCommand {
  type: 'message';
  message?: { text?: unknown; type?: unknown; metadata?: unknown; attributes?: unknown };
}
interface WaitCommand {
  type: 'wait';
  time?: unknown;
}

const MAX_WAIT_MS = 10_000;
const MAX_PARTS = 30;

export interface TimedMessage extends ChatMessage {
  /** Not shown before this time (ms since epoch); none or 0 = at once. */
  revealAt?: number;
}

function commandsOf(attributes: MessageAttributes | undefined): Array<MessageCommand | WaitCommand> | null {
  const commands = attributes?.commands;
  return Array.isArray(commands) && commands.length ? (commands.slice(0, MAX_PARTS * 2) as Array<MessageCommand | WaitCommand>) : null;
}

/**
 * The parts each split message became last time, and the arrival they were timed from: an unchanged
 * message keeps its parts' identities (the views of it have nothing to redo). One per conversation.
 */
export type PartsCache = WeakMap<ChatMessage, { start: number; parts: TimedMessage[] }>;

/** Expands split messages into their parts; `arrivedAt` holds when a message was first seen live. */
export function expandSplitMessages(
  messages: readonly ChatMessage[],
  arrivedAt: ReadonlyMap<string, number>,
  cache: PartsCache = new WeakMap(),
): TimedMessage[] {
  const out: TimedMessage[] = [];
  for (const message of messages) {
    const parts = partsFor(message, arrivedAt, cache);
    // Nearly every message shows as it is: the same object, nothing for its view to redo.
    if (parts) out.push(...parts);
    else out.push(message);
  }
  return out;
}

/** The parts `message` shows as, or null for one that shows as it is. */
function partsFor(message: ChatMessage, arrivedAt: ReadonlyMap<string, number>, cache: PartsCache): TimedMessage[] | null {
  const commands = message.fromVisitor ? null : commandsOf(message.attributes);
  if (!commands) return null;
  const start = arrivedAt.get(message.key) ?? 0;
  let known = cache.get(message);
  if (known?.start !== start) cache.set(message, (known = { start, parts: partsOf(message, commands, start) }));
  return known.parts;
}

/** A list expanded (`expandSplitMessages`), and those of its parts that wait for their time (`revealed`). */
export interface Expansion {
  list: TimedMessage[];
  timed: TimedMessage[];
}

interface ExpansionProgress {
  input: readonly ChatMessage[];
  arrivedAt: ReadonlyMap<string, number>;
  /** Messages of `input` expanded. */
  read: number;
  out: TimedMessage[];
  /** `out.length` before each message read: where to cut when the list changed from one on. */
  outAt: number[];
  /** Indexes in `out` of the parts that wait for their time (a script replayed live: a few). */
  timed: number[];
  /** `out` was handed out: it is copied before it grows. */
  shown: boolean;
}

/**
 * `expandSplitMessages` for a list that grows at its end (a history of thousands, the outbox after
 * it): it goes on from where the last list stopped being the same, so showing a long history read
 * ahead in slices (`ahead`, state/conversation.ts) expands nothing again. The same result, message for
 * message, as expanding the whole list (splitMessages.test.ts).
 */
export function createSplitExpansion(cache: PartsCache = new WeakMap()) {
  let last: ExpansionProgress | null = null;
  const read = (messages: readonly ChatMessage[], arrivedAt: ReadonlyMap<string, number>, end: number): ExpansionProgress => {
    let from = 0;
    // Identities only: cheap even for thousands.
    if (last?.arrivedAt === arrivedAt) for (const limit = Math.min(last.read, end); from < limit && messages[from] === last.input[from]; ) from++;
    if (!last || !from) last = { input: messages, arrivedAt, read: 0, out: [], outAt: [], timed: [], shown: false };
    else if (from < last.read || (end > from && last.shown)) {
      const cut = from < last.read ? last.outAt[from]! : last.out.length;
      last = { input: messages, arrivedAt, read: from, out: last.out.slice(0, cut), outAt: last.outAt.slice(0, from), timed: last.timed.filter((i) => i < cut), shown: false };
    }
    const progress = last;
    progress.input = messages;
    for (let i = progress.read; i < end; i++) {
      const message = messages[i]!;
      progress.outAt.push(progress.out.length);
      const parts = partsFor(message, arrivedAt, cache);
      if (!parts) progress.out.push(message);
      else
        for (const part of parts) {
          if (part.revealAt) progress.timed.push(progress.out.length);
          progress.out.push(part);
        }
    }
    progress.read = end;
    return progress;
  };
  const expand = (messages: readonly ChatMessage[], arrivedAt: ReadonlyMap<string, number>): Expansion => {
    const progress = read(messages, arrivedAt, messages.length);
    progress.shown = true;
    return { list: progress.out, timed: progress.timed.map((i) => progress.out[i]!) };
  };
  /** Expands `messages` up to `end` now, for a later `expand` of a list that starts with them. */
  expand.ahead = (messages: readonly ChatMessage[], arrivedAt: ReadonlyMap<string, number>, end: number) => void read(messages, arrivedAt, end);
  return expand;
}

function partsOf(message: ChatMessage, commands: Array<MessageCommand | WaitCommand>, start: number): TimedMessage[] {
  const out: TimedMessage[] = [];
  let delay = 0;
  let index = 0;
  for (const command of commands) {
    if (command?.type === 'wait') {
      const time = Number(command.time);
      delay += Number.isFinite(time) ? Math.min(Math.max(time, 0), MAX_WAIT_MS) : 0;
      continue;
    }
    const part = command?.message;
    if (command?.type !== 'message' || !part || typeof part !== 'object') continue;
    const { commands: _nested, ...attributes } = (part.attributes && typeof part.attributes === 'object' ? part.attributes : {}) as MessageAttributes;
    out.push({
      ...message,
      key: `${message.key}#${index++}`,
      text: typeof part.text === 'string' ? part.text : '',
      type: typeof part.type === 'string' ? part.type : 'text',
      metadata: part.metadata && typeof part.metadata === 'object' ? (part.metadata as MessageMetadata) : undefined,
      attributes,
      revealAt: start ? start + delay : 0,
    });
  }
  // A script with no message part shows the message's own text, if any.
  if (!index && message.text) out.push({ ...message, revealAt: 0 });
  return out;
}

/**
 * What shows at `now`: every part due, a typing indicator while a later one waits, and when to look
 * again. With every part due (nearly always), `visible` is `messages` itself.
 */
export function revealed(
  messages: TimedMessage[],
  now: number,
  /** The parts of `messages` that have a time (`Expansion.timed`): none due later, nothing to look through. */
  timed?: readonly TimedMessage[],
): { visible: TimedMessage[]; typing: boolean; nextAt: number | null } {
  if (timed?.every((part) => !part.revealAt || part.revealAt <= now)) return { visible: messages, typing: false, nextAt: null };
  const visible: TimedMessage[] = [];
  let nextAt: number | null = null;
  for (const message of messages) {
    if (!message.revealAt || message.revealAt <= now) visible.push(message);
    else nextAt = nextAt === null ? message.revealAt : Math.min(nextAt, message.revealAt);
  }
  return { visible: nextAt === null ? messages : visible, typing: nextAt !== null, nextAt };
}
