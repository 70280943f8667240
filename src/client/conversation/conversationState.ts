import { signal } from '@preact/signals-core';
import type { WireMessage } from '../../api/wire.ts';
import { mergeHistory } from '../../state/chatMessage.ts';

/**
 * Everything that changes what the conversation holds. The send queue, the history's intake, the
 * front and the code on demand (conversationLeave.ts, messageRecovery.ts) say what happened; only
 * `apply` writes it down, so "who changes X?" is answered here.
 */
export type ConversationEvent =
  /** The stored conversation was read (start-up, another tab's change): `readAt` its read mark on this device. */
  | { type: 'followed'; requestId: string | null; closed: boolean; readAt: number | null }
  /** A conversation made now, shown from now on: whatever arrives in it is news. */
  | { type: 'made'; requestId: string }
  /** No conversation until the next message makes one (a new one asked for, or the service takes no more in this one). */
  | { type: 'reset' }
  /** Another conversation is followed: no history shown, none seen, and the next one read is history, not news. */
  | { type: 'historyCleared' }
  /** What the service said, merged (`seen`: the ids known from now on, incomingSort.ts). */
  | { type: 'history'; history: WireMessage[]; seen?: Set<string> }
  /** The service stored a message of this tab's: known from now on, shown if its conversation is. */
  | { type: 'stored'; message: WireMessage }
  /** What is read from now on is news, not history. */
  | { type: 'live' }
  | { type: 'active'; at: number }
  | { type: 'unread'; count: number }
  /** The read mark moved (readMark.ts). */
  | { type: 'seen'; at: number }
  /** Split messages seen live (by their keys) at `at`: their parts are timed from then. */
  | { type: 'arrived'; keys: readonly string[]; at: number }
  /** A part of a split message is due. */
  | { type: 'tick'; at: number }
  | { type: 'closedByVisitor' }
  | { type: 'buttonsUsed'; key: string }
  /** The visitor was forgotten (a logout, a reset). */
  | { type: 'forgotten' };

/**
 * The conversation's state, and `apply`: the one place where it changes. `report`: a subscriber
 * threw (a broken render), which must never stop a message on its way.
 */
export function conversationState(report: (error: unknown) => void, now: () => number) {
  const requestId = signal<string | null>(null);
  const history = signal<WireMessage[]>([]);
  const unread = signal(0);
  const lastActivity = signal(0);
  const closedByVisitor = signal(false);
  const usedButtons = signal<ReadonlySet<string>>(new Set());
  /** When split messages were first seen live, by key (splitMessages.ts). */
  const arrivals = signal<ReadonlyMap<string, number>>(new Map());
  /** The time split messages' parts are revealed at. */
  const clock = signal(now());
  // Replaced, not only added to, when a long history was sorted ahead (longHistory.ts).
  let seen = new Set<string>();
  /** Whether what arrives is news (a history read before), not history (the first read after a page load). */
  let live = false;
  /** The read mark of the conversation shown (readMark.ts); null: none on this device yet. */
  let readAt: number | null = null;

  function set<T>(target: { value: T }, value: T) {
    try {
      target.value = value;
    } catch (error) {
      report(error);
    }
  }

  function apply(event: ConversationEvent): void {
    switch (event.type) {
      case 'followed':
        set(requestId, event.requestId);
        set(closedByVisitor, !!event.requestId && event.closed);
        readAt = event.readAt;
        return;
      case 'made':
        live = true;
        set(requestId, event.requestId);
        return;
      case 'reset':
        set(requestId, null);
        readAt = null;
        set(history, []);
        set(closedByVisitor, false);
        set(usedButtons, new Set());
        live = true;
        return;
      case 'historyCleared':
        set(history, []);
        seen.clear();
        live = false;
        set(usedButtons, new Set());
        return;
      case 'history':
        if (event.seen) seen = event.seen;
        if (event.history !== history.peek()) set(history, event.history);
        return;
      case 'stored':
        seen.add(event.message._id);
        if (event.message.recipient === requestId.peek()) set(history, mergeHistory(history.peek(), [event.message]));
        return;
      case 'live':
        live = true;
        return;
      case 'active':
        set(lastActivity, event.at);
        return;
      case 'unread':
        set(unread, event.count);
        return;
      case 'seen':
        readAt = event.at;
        return;
      case 'arrived': {
        const next = new Map(arrivals.peek());
        for (const key of event.keys) next.set(key, event.at);
        set(clock, event.at);
        set(arrivals, next);
        return;
      }
      case 'tick':
        set(clock, event.at);
        return;
      case 'closedByVisitor':
        set(closedByVisitor, true);
        return;
      case 'buttonsUsed':
        set(usedButtons, new Set([...usedButtons.peek(), event.key]));
        return;
      case 'forgotten':
        set(requestId, null);
        set(closedByVisitor, false);
        set(history, []);
        seen.clear();
        live = false;
        set(unread, 0);
        readAt = null;
        return;
    }
  }

  return {
    requestId,
    history,
    unread,
    lastActivity,
    closedByVisitor,
    usedButtons,
    arrivals,
    clock,
    apply,
    seen: () => seen,
    isLive: () => live,
    readAt: () => readAt,
  };
}

export type ConversationState = ReturnType<typeof conversationState>;
