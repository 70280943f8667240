import type { OutboxItem } from './chatMessage.ts';
import type { Persistence } from './settings.ts';
import { storageKey } from './storage.ts';

/**
 * The outbox is written asynchronously (IndexedDB, under a Web Lock) and a send first waits for
 * start-up and for a conversation id: a page that reloads in the task that handled Enter ends before
 * any of that. The journal is written synchronously, in that very task, to this tab's
 * sessionStorage (which a reload keeps); the next start-up puts what it holds into the outbox.
 * Per tab on purpose: another tab taking a message that is still on its way into the outbox
 * could send it twice. One key per message: holding and letting go parse nothing.
 */
export interface SendJournal {
  /** The outbox item to be; `requestId` is empty until the message has its conversation. */
  hold(item: OutboxItem): void;
  /** The outbox has it now. */
  release(tempUID: string): void;
  /**
   * What the last page (a reload) left between `hold` and `release`, as stored: anyone may have
   * edited it, so it is repaired like the outbox (outboxStore.ts `repairOutboxItem`).
   */
  left(): unknown[];
}

const NO_JOURNAL: SendJournal = { hold() {}, release() {}, left: () => [] };

/** `none` keeps nothing between page loads, so nothing is journaled either. */
export function createSendJournal(win: Window, projectId: string, persistence: Persistence): SendJournal {
  let storage: Storage | null = null;
  try {
    if (persistence !== 'none') storage = win.sessionStorage;
  } catch {
    // Blocked (sandboxed frame, storage disabled): the outbox alone, as before.
  }
  if (!storage) return NO_JOURNAL;
  const tab = storage;
  const prefix = `porchlight:${storageKey(projectId, 'journal')}:`;
  const attempt = (step: () => void) => {
    try {
      step();
    } catch {
      /* full, blocked or unreadable: the outbox still gets the message unless the page goes at once */
    }
  };
  // What the last page left, read before this page can hold anything: a message this page is still
  // putting into the outbox is never taken for one a reload cut off.
  const left: unknown[] = [];
  attempt(() => {
    for (let i = 0; i < tab.length; i++) {
      const key = tab.key(i);
      if (key?.startsWith(prefix)) attempt(() => left.push(JSON.parse(tab.getItem(key) ?? '')));
    }
  });
  return {
    hold: (item) => attempt(() => tab.setItem(prefix + item.tempUID, JSON.stringify(item))),
    release: (tempUID) => attempt(() => tab.removeItem(prefix + tempUID)),
    left: () => left,
  };
}
