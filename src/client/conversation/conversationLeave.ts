/**
 * The visitor leaves the conversation on screen: ends it (`PUT …/closeg`), rates it, or moves to
 * another one (one they opened from their list, or the one another tab moved to). A first open and
 * send never do: this is code of its own with the client's later code (src/chunks.ts
 * `later`), prefetched once the window opens; conversation.ts calls it through
 * `ConversationModel.close`, `rate`, `open` and `adopt`. What it changes, it tells the
 * conversation's `apply`.
 */
import { closeRequest, rateRequest } from '../../api/requests.ts';
import { isRequestIdOf } from '../../state/requestId.ts';
import type { ConversationCore } from './conversationTypes.ts';

/** The visitor ends the conversation: the service closes it, the UI shows it ended, other tabs follow. */
export async function closeConversation(c: ConversationCore): Promise<void> {
  const { http, projectId, session, store } = c.deps;
  const rid = c.requestId.value;
  if (!rid) return;
  session.allowAgain();
  await session.authorized((token) => closeRequest(http, token, projectId, rid));
  // The visitor moved on while the service answered (home, a new conversation): the one on screen
  // now is not the one ended, and the stored one is theirs.
  if (c.requestId.peek() !== rid) return;
  c.apply({ type: 'closedByVisitor' });
  await store.set('conversation', { requestId: rid, closed: true });
  c.shareConversation();
}

/** `PATCH …/rating`; the service drops a falsy rating, so 1–5 only. */
export async function rateConversation(c: ConversationCore, rating: number, comment: string): Promise<void> {
  const { http, projectId, session } = c.deps;
  const rid = c.requestId.value;
  const score = Math.round(rating);
  if (!rid || score < 1 || score > 5) return;
  session.allowAgain();
  await session.authorized((token) =>
    rateRequest(http, token, projectId, rid, { rating: score, ...(comment.trim() ? { rating_message: comment.trim() } : {}) }),
  );
}

/** Follows the stored conversation (another tab's, or one the visitor opened): its own history replaces the one shown. */
export async function adoptConversation(c: ConversationCore): Promise<void> {
  const before = c.requestId.peek();
  await c.readStored();
  if (c.requestId.peek() === before) return;
  c.apply({ type: 'historyCleared' });
  const rid = c.requestId.peek();
  // Never sign in just to look: without a session, the leading tab's relay brings the news.
  if (rid && c.deps.session.token.peek()) await c.fetchHistory(rid).catch(() => undefined);
}

/** Switches to another of the visitor's conversations (`closed`: read-only, as the service listed it). */
export async function openConversation(c: ConversationCore, rid: string, closed: boolean): Promise<void> {
  if (!isRequestIdOf(c.deps.projectId, rid) || rid === c.requestId.peek()) return;
  await c.deps.store.set('conversation', { requestId: rid, closed });
  c.shareConversation();
  await adoptConversation(c);
}
