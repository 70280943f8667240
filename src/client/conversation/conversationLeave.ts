/**
 * The visitor leaves the conversation on screen: ends it (`PUT …/closeg`), rates it, or moves to
 * another one (one they opened from their list, or the one another tab moved to). A first open and
 * send never do: this is code of its own with the client's later code (src/chunks.ts
 * `later`), prefetched once the window opens; conversation.ts calls it through
 * `ConversationModel.close`, `rate`, `open` and `adopt`.
 */
import type { Signal } from '@preact/signals-core';
import type { Http } from '../../api/http.ts';
import { closeRequest, rateRequest } from '../../api/requests.ts';
import { isRequestIdOf } from '../../state/requestId.ts';
import type { SessionModel } from '../session/session.ts';
import type { KeyValueStore } from '../platform/storage.ts';

/** What of a conversation (conversation.ts) leaving it works on. */
export interface LeaveScope {
  http: Http;
  projectId: string;
  session: SessionModel;
  store: KeyValueStore;
  requestId: Signal<string | null>;
  closedByVisitor: Signal<boolean>;
  usedButtons: Signal<ReadonlySet<string>>;
  /** Other tabs hear that the stored conversation changed. */
  shareConversation(): void;
  /** Reads the stored conversation (its id, whether the visitor closed it) into the signals. */
  readConversation(): Promise<void>;
  /** No history shown, none seen, and the next one read is history, not news. */
  clearHistory(): void;
  fetchHistory(requestId: string): Promise<void>;
}

/** The visitor ends the conversation: the service closes it, the UI shows it ended, other tabs follow. */
export async function closeConversation(s: LeaveScope): Promise<void> {
  const rid = s.requestId.value;
  if (!rid) return;
  s.session.allowAgain();
  await s.session.authorized((token) => closeRequest(s.http, token, s.projectId, rid));
  s.closedByVisitor.value = true;
  await s.store.set('conversation', { requestId: rid, closed: true });
  s.shareConversation();
}

/** `PATCH …/rating`; the service drops a falsy rating, so 1–5 only. */
export async function rateConversation(s: LeaveScope, rating: number, comment: string): Promise<void> {
  const rid = s.requestId.value;
  const score = Math.round(rating);
  if (!rid || score < 1 || score > 5) return;
  s.session.allowAgain();
  await s.session.authorized((token) =>
    rateRequest(s.http, token, s.projectId, rid, { rating: score, ...(comment.trim() ? { rating_message: comment.trim() } : {}) }),
  );
}

/** Follows the stored conversation (another tab's, or one the visitor opened): its own history replaces the one shown. */
export async function adoptConversation(s: LeaveScope): Promise<void> {
  const before = s.requestId.peek();
  await s.readConversation();
  if (s.requestId.peek() === before) return;
  s.clearHistory();
  s.usedButtons.value = new Set();
  const rid = s.requestId.peek();
  // Never sign in just to look: without a session, the leading tab's relay brings the news.
  if (rid && s.session.token.peek()) await s.fetchHistory(rid).catch(() => undefined);
}

/** Switches to another of the visitor's conversations (`closed`: read-only, as the service listed it). */
export async function openConversation(s: LeaveScope, rid: string, closed: boolean): Promise<void> {
  if (!isRequestIdOf(s.projectId, rid) || rid === s.requestId.peek()) return;
  await s.store.set('conversation', { requestId: rid, closed });
  s.shareConversation();
  await adoptConversation(s);
}
