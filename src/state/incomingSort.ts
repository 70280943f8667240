import type { WireMessage } from '../api/wire.ts';
import { isInfo } from './chatMessage.ts';

/**
 * Messages that reach the conversation (a history read, a push, another tab's relay) sorted as they
 * are absorbed (conversation.ts): new or seen before, news or not, who sent them.
 */

/** What absorbing messages adds (`sortIncoming`). */
export interface IncomingSort {
  /** The ids seen, these messages' among them. */
  seen: Set<string>;
  /** Not seen before. */
  fresh: WireMessage[];
  /** Who sent the fresh ones from the other side (a few people, however long the history). */
  senders: Set<string>;
  /** News: fresh ones from the other side that are not service info lines (closed, joined). */
  received: WireMessage[];
  /** Fresh ones from the other side that update who the visitor is (nearly none). */
  updates: WireMessage[];
}

/** A long history made ready in slices (longHistory.ts `prepareHistory`), for the history, visitor and ids it was made from. */
export interface Prepared {
  base: readonly WireMessage[];
  merged: WireMessage[];
  mine: ReadonlySet<string>;
  seenBefore: Set<string>;
  seenSize: number;
  sorted: IncomingSort;
}

/** Files one incoming message into `into` (adding its id to `into.seen`). */
export function sortMessage(into: IncomingSort, m: WireMessage, mine: ReadonlySet<string>) {
  if (!m || typeof m._id !== 'string' || into.seen.has(m._id)) return;
  into.seen.add(m._id);
  into.fresh.push(m);
  if (mine.has(m.sender)) return;
  into.senders.add(m.sender);
  if (m.attributes?.updateUserFullname !== undefined || m.attributes?.updateUserEmail !== undefined) into.updates.push(m);
  if (!isInfo(m.attributes)) into.received.push(m);
}

/** `incoming` sorted at once, its ids added to `seen`. */
export function sortIncoming(incoming: readonly WireMessage[], seen: Set<string>, mine: ReadonlySet<string>): IncomingSort {
  const sorted: IncomingSort = { seen, fresh: [], senders: new Set(), received: [], updates: [] };
  for (const m of incoming) sortMessage(sorted, m, mine);
  return sorted;
}
