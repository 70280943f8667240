import type { WireMessage } from '../api/wire.ts';
import { isInfo, timeOf } from './chatMessage.ts';

/**
 * How far the visitor has read their conversation on this device: when the newest message a tab
 * showed them was written (the window open on it, the page in view), kept beside the conversation in
 * the store the site's tabs share (`READ_MARK`). What the other side wrote after it is unread — after
 * a reload, in a new tab, in a widget mounted again — until the visitor sees the conversation.
 */
export const READ_MARK = 'readMark';

export interface ReadMark {
  requestId: string;
  /** ms since the epoch, the service's clock (a message's `createdAt`) */
  at: number;
}

/** When the newest message of a history was written (0: none). */
export function newestTime(history: readonly WireMessage[]): number {
  const last = history[history.length - 1];
  return last ? timeOf(last) : 0;
}

/**
 * Messages from the other side after `since` (ms), info lines left out: the unread count of a
 * conversation. `messages` is a history as it is held, oldest first (chatMessage.ts `mergeHistory`):
 * only its tail after the mark is read, not the thousands before it (a page load of a long
 * conversation counts in one task of the host page).
 */
export function unreadSince(messages: readonly WireMessage[], since: number, myIds: ReadonlySet<string>): number {
  let count = 0;
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (timeOf(m) <= since) break;
    if (!myIds.has(m.sender) && !isInfo(m.attributes)) count++;
  }
  return count;
}
