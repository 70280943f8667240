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
  const x = a.createdAt;
  const y = b.createdAt;
  // Two times at most RUN_GAP_MS apart are on one day when their day of the month is: no date
  // strings made for each message the list renders. Unknown times (0) go only with each other.
  return x > 0 && y > 0 ? Math.abs(y - x) <= RUN_GAP_MS && new Date(x).getDate() === new Date(y).getDate() : x === y;
}

/**
 * Where each message sits in its run: consecutive messages of one sender, a few minutes apart at
 * most, on one day, with no info line between them. Grouped like this the list says who wrote and
 * when once per run, as Intercom and Crisp do, not on every bubble.
 */
export function messageRuns(messages: readonly ChatMessage[]): RunPosition[] {
  return windowRuns(messages, 0, messages.length);
}

/**
 * The run positions of `messages[start, end)` (a long list renders a window of it and asks for
 * those only), each neighbouring pair compared once: one message's `last` is the next one's `first`.
 */
export function windowRuns(messages: readonly ChatMessage[], start: number, end: number): RunPosition[] {
  const runs: RunPosition[] = [];
  let joined = sameRun(messages[start - 1], messages[start]);
  for (let i = start; i < end; i++) {
    const next = sameRun(messages[i], messages[i + 1]);
    runs.push({ first: !joined, last: !next });
    joined = next;
  }
  return runs;
}
