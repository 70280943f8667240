import type { OutboxItem } from '../../state/chatMessage.ts';
import type { Persistence } from '../../state/settings.ts';
import { storageKey } from '../platform/storage.ts';

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
  /** Its outbox write failed: `left` gives it too now, for the next recovery to put in the outbox. */
  leave(tempUID: string): void;
  /**
   * What the last page (a reload) left between `hold` and `release`, as stored: anyone may have
   * edited it, so it is repaired like the outbox (outboxStore.ts `repairOutboxItem`).
   */
  left(): unknown[];
}

/** Keeps nothing (`persistence: none`, or a conversation made without a journal). */
export const NO_JOURNAL: SendJournal = { hold() {}, release() {}, leave() {}, left: () => [] };

/** `none` keeps nothing between page loads, so nothing is journaled either. */
export function createSendJournal(win: Window, projectId: string, persistence: Persistence): SendJournal {
  if (persistence === 'none') return NO_JOURNAL;
  const prefix = `porchlight:${storageKey(projectId, 'journal')}:`;
  // Opened on first use, not while the widget starts: a page's first look at its sessionStorage
  // can take tens of milliseconds (issue 9: no long task on the host page).
  const withStorage = (step: (tab: Storage) => void) => {
    try {
      step(win.sessionStorage);
    } catch {
      /* blocked, full or unreadable: the outbox still gets the message unless the page goes at once */
    }
  };
  /** This page's own messages: never taken for ones a reload cut off. */
  const mine = new Set<string>();
  return {
    hold(item) {
      mine.add(item.tempUID);
      withStorage((tab) => tab.setItem(prefix + item.tempUID, JSON.stringify(item)));
    },
    release: (tempUID) => withStorage((tab) => tab.removeItem(prefix + tempUID)),
    leave: (tempUID) => void mine.delete(tempUID),
    left() {
      const left: unknown[] = [];
      withStorage((tab) => {
        for (let i = 0; i < tab.length; i++) {
          const key = tab.key(i);
          if (key?.startsWith(prefix) && !mine.has(key.slice(prefix.length))) withStorage(() => left.push(JSON.parse(tab.getItem(key) ?? '')));
        }
      });
      return left;
    },
  };
}
