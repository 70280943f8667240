import type { OutboxItem } from '../../state/chatMessage.ts';
import { repairOutboxItem } from '../../state/outboxRepair.ts';
import { isRequestIdOf } from '../../state/requestId.ts';
import type { ConversationCore } from './conversationTypes.ts';

/**
 * Messages a reload cut off on their way into the outbox (sendJournal.ts) join it at the next
 * start-up. Only a page that follows such a reload has any: this is code of its own, with the rest
 * of a returning visit's (src/chunks.ts `returning`), which the send queue (sendQueue.ts) fetches
 * when the journal holds something.
 *
 * `held`: what the journal left (records). One that had its conversation may have been stored and
 * even sent by another tab since: its history is looked at before it goes (`maybeDelivered`); one
 * without goes to the conversation shown now.
 */
export async function recoverJournal(c: ConversationCore, held: readonly Record<string, unknown>[]): Promise<void> {
  const { projectId, journal, now } = c.deps;
  const rid = held.every((value) => value.requestId) ? '' : await c.ensureRequestId();
  const items = held
    .map((value) =>
      repairOutboxItem({ ...value, requestId: value.requestId || rid, maybeDelivered: !!value.requestId }, (r) => isRequestIdOf(projectId, r), now()),
    )
    .filter((item): item is OutboxItem => !!item);
  // Already in the outbox (the reload came after its write): kept as it is.
  await c.changeOutbox((list) => [...list, ...items.filter((item) => !list.some((i) => i.tempUID === item.tempUID))]);
  for (const value of held) journal.release(String(value.tempUID));
}
