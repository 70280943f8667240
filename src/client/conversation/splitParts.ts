import type { MessageAttributes, MessageMetadata } from '../../api/wire.ts';
import type { ChatMessage } from '../../state/chatMessage.ts';
import { commandsOf, type PartsCache, type TimedMessage } from './splitMessages.ts';

/**
 * The parts a bot's split message shows as (`attributes.commands[]`: parts to show, with `wait`s
 * between them), timed from when it arrived. Code on demand (src/chunks.ts `later`, prefetched once the
 * window opens): a first open's messages have no script, and a message with one is held until this
 * is here (splitMessages.ts), never shown unsplit first.
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

/** The parts `message` (which has a script) shows as, made again only when it arrived at another time. */
export function partsFor(message: ChatMessage, arrivedAt: ReadonlyMap<string, number>, cache: PartsCache): TimedMessage[] {
  const start = arrivedAt.get(message.key) ?? 0;
  let known = cache.get(message);
  if (known?.start !== start)
    cache.set(message, (known = { start, parts: partsOf(message, commandsOf(message)! as Array<MessageCommand | WaitCommand>, start) }));
  return known.parts;
}

/**
 * Expands the split messages of a whole list into their parts (what `createSplitExpansion` gives,
 * from where it stopped, for a list that grows); `arrivedAt` holds when a message was first seen live.
 */
export function expandSplitMessages(
  messages: readonly ChatMessage[],
  arrivedAt: ReadonlyMap<string, number>,
  cache: PartsCache = new WeakMap(),
): TimedMessage[] {
  return messages.flatMap((message) => (commandsOf(message) ? partsFor(message, arrivedAt, cache) : [message]));
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
