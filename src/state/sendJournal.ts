import type { MessageAttributes, MessageMetadata } from '../api/wire.ts';
import type { Persistence } from './settings.ts';
import { storageKey } from './storage.ts';

/** A message the visitor sent whose outbox item may not be stored yet. */
export interface JournalEntry {
  tempUID: string;
  /** Set once the message has a conversation: from then on its outbox item may exist. */
  requestId?: string;
  text: string;
  type: string;
  metadata?: MessageMetadata;
  attributes?: MessageAttributes;
  createdAt: number;
}

/**
 * The outbox is written asynchronously (IndexedDB, under a Web Lock) and a send first waits for
 * start-up and for a conversation id: a page that reloads in the task that handled Enter ends before
 * any of that. The journal is written synchronously, in that very task, to this tab's
 * sessionStorage (which a reload keeps); the next start-up puts what it holds into the outbox.
 * Per tab on purpose: another tab taking a message that is still on its way into the outbox
 * could send it twice.
 */
export interface SendJournal {
  hold(entry: JournalEntry): void;
  /** The outbox has it now. */
  release(tempUID: string): void;
  /** What a reload cut off between `hold` and `release`. */
  entries(): JournalEntry[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Storage is anyone's to edit: only entries with what a message needs are kept. */
export function readJournal(raw: string | null): JournalEntry[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((value): JournalEntry[] => {
    if (!isRecord(value)) return [];
    const { tempUID, requestId, text, type, metadata, attributes, createdAt } = value;
    if (typeof tempUID !== 'string' || !tempUID || typeof text !== 'string') return [];
    return [
      {
        tempUID,
        ...(typeof requestId === 'string' && requestId ? { requestId } : {}),
        text,
        type: typeof type === 'string' && type ? type : 'text',
        ...(isRecord(metadata) ? { metadata: metadata as MessageMetadata } : {}),
        ...(isRecord(attributes) ? { attributes: attributes as MessageAttributes } : {}),
        createdAt: typeof createdAt === 'number' && Number.isFinite(createdAt) ? createdAt : Date.now(),
      },
    ];
  });
}

const NO_JOURNAL: SendJournal = { hold() {}, release() {}, entries: () => [] };

/** `none` keeps nothing between page loads, so nothing is journaled either. */
export function createSendJournal(win: Window, projectId: string, persistence: Persistence): SendJournal {
  if (persistence === 'none') return NO_JOURNAL;
  let storage: Storage;
  try {
    storage = win.sessionStorage;
    if (!storage) return NO_JOURNAL;
  } catch {
    // Blocked (sandboxed frame, storage disabled): the outbox alone, as before.
    return NO_JOURNAL;
  }
  const key = `porchlight:${storageKey(projectId, 'journal')}`;
  const read = () => {
    try {
      return readJournal(storage.getItem(key));
    } catch {
      return [];
    }
  };
  const write = (list: JournalEntry[]) => {
    try {
      if (list.length) storage.setItem(key, JSON.stringify(list));
      else storage.removeItem(key);
    } catch {
      /* full or blocked: the outbox still gets the message unless the page goes at once */
    }
  };
  return {
    hold(entry) {
      write([...read().filter((e) => e.tempUID !== entry.tempUID), entry]);
    },
    release(tempUID) {
      const list = read();
      if (list.some((e) => e.tempUID === tempUID)) write(list.filter((e) => e.tempUID !== tempUID));
    },
    entries: read,
  };
}
