import type { OutboxItem } from '../../state/chatMessage.ts';
import { repairOutboxItem } from '../../state/outboxRepair.ts';
import { isRequestIdOf } from '../../state/requestId.ts';
import type { SendJournal } from './sendJournal.ts';

/**
 * Messages a reload cut off on their way into the outbox (sendJournal.ts) join it at the next
 * start-up. Only a page that follows such a reload has any: this is code of its own, with the rest
 * of a returning visit's (src/chunks.ts `returning`), which conversation.ts fetches when the
 * journal holds something.
 */
export interface JournalRecoveryScope {
  projectId: string;
  journal: SendJournal;
  now(): number;
  /** The conversation shown, made now if there is none. */
  ensureRequestId(): Promise<string>;
  setOutbox(change: (items: OutboxItem[]) => OutboxItem[]): Promise<void>;
}

/**
 * `held`: what the journal left (records). One that had its conversation may have been stored and
 * even sent by another tab since: its history is looked at before it goes (`maybeDelivered`); one
 * without goes to the conversation shown now.
 */
export async function recoverJournal(s: JournalRecoveryScope, held: readonly Record<string, unknown>[]): Promise<void> {
  const rid = held.every((value) => value.requestId) ? '' : await s.ensureRequestId();
  const items = held
    .map((value) =>
      repairOutboxItem({ ...value, requestId: value.requestId || rid, maybeDelivered: !!value.requestId }, (r) => isRequestIdOf(s.projectId, r), s.now()),
    )
    .filter((item): item is OutboxItem => !!item);
  // Already in the outbox (the reload came after its write): kept as it is.
  await s.setOutbox((list) => [...list, ...items.filter((item) => !list.some((i) => i.tempUID === item.tempUID))]);
  for (const value of held) s.journal.release(String(value.tempUID));
}
