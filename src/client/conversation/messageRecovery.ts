/**
 * A message in trouble: one the visitor retries or discards after it failed, and one whose attempt
 * was cut off (`maybeDelivered`), looked for in the history before it goes again. A first open and
 * send never do either: this is code of its own with the client's later code (src/chunks.ts
 * `later`), prefetched once the window opens; conversation.ts calls it through
 * `ConversationModel.retry`, `discard` and its outbox's `isStored` (sendQueue.ts).
 */
import { listMessages } from '../../api/messages.ts';
import type { OutboxItem } from '../../state/chatMessage.ts';
import type { ConversationCore } from './conversationTypes.ts';

/** The visitor sends a failed message again: if the service refused their session, it may be tried once more. */
export async function retryMessage(c: ConversationCore, tempUID: string): Promise<void> {
  c.deps.session.allowAgain();
  await c.changeOutbox((items) => items.map((i) => (i.tempUID === tempUID ? { ...i, state: 'sending', attempts: 0, notBefore: 0, autoRetried: false } : i)));
  await c.flush();
}

/** The visitor deletes a failed message (one on its way stays). */
export async function discardMessage(c: ConversationCore, tempUID: string): Promise<void> {
  await c.changeOutbox((items) => items.filter((i) => i.tempUID !== tempUID || i.state !== 'failed'));
}

/** An attempt to send `item` was cut off: did the service store it? Its conversation's history says. */
export async function isStored(c: ConversationCore, item: OutboxItem): Promise<boolean> {
  const { http, projectId, session } = c.deps;
  const rid = item.requestId;
  // Another conversation's message (the visitor switched meanwhile): its own history says.
  const list =
    rid === c.requestId.peek() ? (await c.fetchHistory(rid), c.history.value) : await session.authorized((token) => listMessages(http, token, projectId, rid));
  return list.some((m) => m.attributes?.tempUID === item.tempUID);
}
