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
    const commands = message.fromVisitor ? null : commandsOf(message.attributes);
    // Nearly every message shows as it is: the same object, nothing for its view to redo.
    if (!commands) {
      out.push(message);
      continue;
    }
    const start = arrivedAt.get(message.key) ?? 0;
    let known = cache.get(message);
    if (known?.start !== start) cache.set(message, (known = { start, parts: partsOf(message, commands, start) }));
    out.push(...known.parts);
  }
  return out;
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
  const visible: TimedMessage[] = [];
  let nextAt: number | null = null;
  for (const message of messages) {
    if (!message.revealAt || message.revealAt <= now) visible.push(message);
    else nextAt = nextAt === null ? message.revealAt : Math.min(nextAt, message.revealAt);
  }
  return { visible: nextAt === null ? messages : visible, typing: nextAt !== null, nextAt };
}
