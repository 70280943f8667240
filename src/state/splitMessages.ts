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

interface ExpansionProgress {
  input: readonly ChatMessage[];
  arrivedAt: ReadonlyMap<string, number>;
  /** Messages of `input` expanded. */
  read: number;
  out: TimedMessage[];
  /** `out` was handed out: it is copied before it grows. */
  shown?: boolean;
}

/**
 * `expandSplitMessages` for a list that grows at its end (a history of thousands): it goes on from
 * where the last list ended when the new one starts with it, so showing a long history read ahead in
 * slices (`ahead`, state/conversation.ts) expands nothing again. Any other change (the outbox at the
 * end became history) expands the whole list again. The same result, message for message, as
 * expanding the whole list (splitMessages.test.ts).
 */
export function createSplitExpansion(cache: PartsCache = new WeakMap()) {
  let last: ExpansionProgress | undefined;
  const read = (messages: readonly ChatMessage[], arrivedAt: ReadonlyMap<string, number>, end: number) => {
    // Identities only: cheap even for thousands.
    let same = last?.arrivedAt === arrivedAt && last.read <= end;
    for (let i = 0; same && i < last!.read; i++) same = messages[i] === last!.input[i];
    if (!same) last = { input: messages, arrivedAt, read: 0, out: [] };
    else if (last!.shown && end > last!.read) last = { ...last!, out: last!.out.slice(), shown: false };
    const progress = last!;
    progress.input = messages;
    for (; progress.read < end; progress.read++) {
      const message = messages[progress.read]!;
      const parts = partsFor(message, arrivedAt, cache);
      if (parts) progress.out.push(...parts);
      else progress.out.push(message);
    }
    return progress;
  };
  const expand = (messages: readonly ChatMessage[], arrivedAt: ReadonlyMap<string, number>): TimedMessage[] => {
    const progress = read(messages, arrivedAt, messages.length);
    progress.shown = true;
    return progress.out;
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
export function revealed(messages: TimedMessage[], now: number): { visible: TimedMessage[]; typing: boolean; nextAt: number | null } {
  let nextAt: number | null = null;
  for (const message of messages) if (message.revealAt! > now) nextAt = Math.min(nextAt ?? Infinity, message.revealAt!);
  // Nearly always every part is due: the list itself, not a copy of it (a history of thousands).
  return { visible: nextAt === null ? messages : messages.filter((message) => !(message.revealAt! > now)), typing: nextAt !== null, nextAt };
}
