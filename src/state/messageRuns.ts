import type { ChatMessage } from './chatMessage.ts';

/** Messages of one sender further apart than this start a new run (a new name, avatar and time). */
export const RUN_GAP_MS = 5 * 60_000;

export interface RunPosition {
  /** First of its run: the sender's name goes above it. */
  first: boolean;
  /** Last of its run: the avatar and the time go beside and below it. */
  last: boolean;
}

function sameRun(a: ChatMessage | undefined, b: ChatMessage | undefined): boolean {
  if (!a || !b || a.kind === 'info' || b.kind === 'info') return false;
  if (a.fromVisitor !== b.fromVisitor) return false;
  // Agents are told apart by id; a record without one (never expected) falls back to the name.
  if (!a.fromVisitor && (a.senderId !== b.senderId || a.senderName !== b.senderName)) return false;
  if (a.createdAt > 0 && b.createdAt > 0 && Math.abs(b.createdAt - a.createdAt) > RUN_GAP_MS) return false;
  return new Date(a.createdAt).toDateString() === new Date(b.createdAt).toDateString();
}

/**
 * Where each message sits in its run: consecutive messages of one sender, a few minutes apart at
 * most, on one day, with no info line between them. Grouped like this the list says who wrote and
 * when once per run, as Intercom and Crisp do, not on every bubble.
 */
export function messageRuns(messages: readonly ChatMessage[]): RunPosition[] {
  return messages.map((_, i) => runAt(messages, i));
}

/** The run position of one message: a long list renders a window of it and asks for those only. */
export function runAt(messages: readonly ChatMessage[], i: number): RunPosition {
  const message = messages[i];
  return { first: !sameRun(messages[i - 1], message), last: !sameRun(message, messages[i + 1]) };
}
