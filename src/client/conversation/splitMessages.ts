import { signal } from '@preact/signals-core';
import type { ChatMessage } from '../../state/chatMessage.ts';

/**
 * Bots send one message whose `attributes.commands[]` is a script: parts to show, with `wait`s
 * between them. Replayed live (a typing indicator while a part is due), shown whole from history.
 * The parts are made by splitParts.ts, code on demand: a message with a script waits for it.
 */

const MAX_PARTS = 30;
/** A split message's code not downloaded (offline): tried again after this long. */
const CODE_RETRY_MS = 3_000;

/** A row of `conversation.messages`: a message, and when a part of a split bot message shows. */
export interface TimedMessage extends ChatMessage {
  /** Not shown before this time (ms since epoch); none or 0 = at once. */
  revealAt?: number;
}

/** The script of a split message, or null for one that shows as it is (a visitor's never is split). */
export function commandsOf(message: Pick<ChatMessage, 'attributes'> & { fromVisitor?: boolean }): unknown[] | null {
  const commands = message.fromVisitor ? null : message.attributes?.commands;
  return Array.isArray(commands) && commands.length ? commands.slice(0, MAX_PARTS * 2) : null;
}

/**
 * The parts each split message became last time, and the arrival they were timed from: an unchanged
 * message keeps its parts' identities (the views of it have nothing to redo). One per conversation.
 */
export type PartsCache = WeakMap<ChatMessage, { start: number; parts: TimedMessage[] }>;

/** What splitParts.ts (code on demand) brings; written out here so that the arrow runs one way, from it to this module. */
interface SplitCode {
  partsFor(message: ChatMessage, arrivedAt: ReadonlyMap<string, number>, cache: PartsCache): TimedMessage[];
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
 * Expands split messages into their parts (`arrivedAt`: when a message was first seen live), for a
 * list that grows at its end (a history of thousands): it goes on from where the last list ended
 * when the new one starts with it, so showing a long history read ahead in slices (`ahead`,
 * client/conversation/conversation.ts) expands nothing again. Any other change (the outbox at the end became
 * history) expands the whole list again. The same result, message for message, as expanding the
 * whole list (splitParts.ts `expandSplitMessages`, splitMessages.test.ts).
 *
 * The parts' code (splitParts.ts, `code` when the caller has it) is downloaded with the first
 * split message: that message and those after it are held (the list stops before it) until it is
 * here, so a message is never shown unsplit and then split, and the order holds. Read from a
 * computed, the list then grows by itself; `ready` waits for the code a list needs.
 */
export function createSplitExpansion(cache: PartsCache = new WeakMap(), code?: SplitCode) {
  const loaded = signal<{ code?: SplitCode }>({ code });
  let loading: Promise<void> | null = null;
  const load = () =>
    (loading ??= import('./splitParts.ts').then(
      (parts) => void (loaded.value = { code: parts }),
      // Not downloaded (offline): what waits for it stays held, and it is tried again a little later.
      () =>
        void setTimeout(() => {
          loading = null;
          loaded.value = {};
        }, CODE_RETRY_MS),
    ));
  let last: ExpansionProgress | undefined;
  const read = (messages: readonly ChatMessage[], arrivedAt: ReadonlyMap<string, number>, end: number) => {
    const split = loaded.value.code;
    // Identities only: cheap even for thousands.
    let same = last?.arrivedAt === arrivedAt && last.read <= end;
    for (let i = 0; same && i < last!.read; i++) same = messages[i] === last!.input[i];
    if (!same) last = { input: messages, arrivedAt, read: 0, out: [] };
    else if (last!.shown && end > last!.read) last = { ...last!, out: last!.out.slice(), shown: false };
    const progress = last!;
    progress.input = messages;
    for (; progress.read < end; progress.read++) {
      const message = messages[progress.read]!;
      // Nearly every message shows as it is: the same object, nothing for its view to redo.
      if (!commandsOf(message)) progress.out.push(message);
      else if (split) progress.out.push(...split.partsFor(message, arrivedAt, cache));
      else {
        void load();
        break;
      }
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
  /** Resolves once the parts' code is here, if one of `messages` needs it (or the download failed: they stay held). */
  expand.ready = async (messages: ReadonlyArray<Parameters<typeof commandsOf>[0]>) => {
    if (!loaded.peek().code && messages.some(commandsOf)) await load();
  };
  return expand;
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
