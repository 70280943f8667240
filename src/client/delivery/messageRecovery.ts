/**
 * A message in trouble: one the visitor retries or discards after it failed, and one whose attempt
 * was cut off (`maybeDelivered`), looked for in the history before it goes again. A first open and
 * send never do either: this is code of its own with the client's later code (src/chunks.ts
 * `later`), prefetched once the window opens; conversation.ts calls it through
 * `ConversationModel.retry`, `discard` and its outbox's `isStored`.
 */
import type { ReadonlySignal, Signal } from '@preact/signals-core';
import type { Http } from '../../api/http.ts';
import { listMessages } from '../../api/messages.ts';
import type { WireMessage } from '../../api/wire.ts';
import type { OutboxItem } from '../../state/chatMessage.ts';
import type { OutboxEngine } from './outbox.ts';
import type { SessionModel } from '../session/session.ts';

/** What of a conversation (conversation.ts) a message in trouble works on. */
export interface RecoveryScope {
  http: Http;
  projectId: string;
  session: SessionModel;
  requestId: Signal<string | null>;
  history: ReadonlySignal<WireMessage[]>;
  fetchHistory(requestId: string): Promise<void>;
  setOutbox: OutboxEngine['change'];
  flush: OutboxEngine['flush'];
}

/** The visitor sends a failed message again: if the service refused their session, it may be tried once more. */
export async function retryMessage(s: RecoveryScope, tempUID: string): Promise<void> {
  s.session.allowAgain();
  await s.setOutbox((items) => items.map((i) => (i.tempUID === tempUID ? { ...i, state: 'sending', attempts: 0, notBefore: 0, autoRetried: false } : i)));
  await s.flush();
}

/** The visitor deletes a failed message (one on its way stays). */
export async function discardMessage(s: RecoveryScope, tempUID: string): Promise<void> {
  await s.setOutbox((items) => items.filter((i) => i.tempUID !== tempUID || i.state !== 'failed'));
}

/** An attempt to send `item` was cut off: did the service store it? Its conversation's history says. */
export async function isStored(s: RecoveryScope, item: OutboxItem): Promise<boolean> {
  const rid = item.requestId;
  // Another conversation's message (the visitor switched meanwhile): its own history says.
  const list =
    rid === s.requestId.peek()
      ? (await s.fetchHistory(rid), s.history.value)
      : await s.session.authorized((token) => listMessages(s.http, token, s.projectId, rid));
  return list.some((m) => m.attributes?.tempUID === item.tempUID);
}
