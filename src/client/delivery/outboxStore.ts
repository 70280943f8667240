import type { OutboxItem } from '../../state/chatMessage.ts';
import { loadOnce } from '../platform/loadOnce.ts';
import type { KeyValueStore } from '../platform/storage.ts';

/**
 * The visitor's unsent messages, persisted before the first attempt and removed only once the
 * service has them. Every change is a read-modify-write of the stored list under a Web Lock, so
 * tabs of one site never overwrite each other's messages.
 */
export interface OutboxStore {
  read(): Promise<OutboxItem[]>;
  update(change: (items: OutboxItem[]) => OutboxItem[]): Promise<OutboxItem[]>;
  /** Empties it without reading it (see `read`: reading what another page left takes code of its own). */
  clear(): Promise<void>;
  /** Runs `task` while no other tab is sending (the whole drain of the outbox). */
  exclusive<T>(task: () => Promise<T>): Promise<T>;
}

const KEY = 'outbox';

function locks(): LockManager | null {
  try {
    // Absent in old browsers, on insecure origins and in Node, although lib.dom types it as always there.
    const manager = (globalThis.navigator as Navigator | undefined)?.locks;
    return manager && typeof manager.request === 'function' ? manager : null;
  } catch {
    return null;
  }
}

export function createOutboxStore(
  store: KeyValueStore,
  lockPrefix: string,
  shared: boolean,
  /** Whether a conversation id is one of this widget's (see repairOutboxItem). */
  belongs: (requestId: string) => boolean = () => true,
): OutboxStore {
  // Within one tab a promise chain serialises changes; across tabs the Web Lock does.
  let chain: Promise<unknown> = Promise.resolve();
  let manager = shared ? locks() : null;
  /**
   * `task` under the tabs' lock. A browser that refuses the lock itself (SecurityError where storage
   * is blocked; `task` never ran) has every tab on its own (tabs.ts): the task runs here, unlocked.
   */
  const locked = async <T>(name: string, task: () => Promise<T>): Promise<T> => {
    let ran = false;
    try {
      return await manager!.request(`${lockPrefix}:${name}`, () => {
        ran = true;
        return task();
      });
    } catch (error) {
      if (ran) throw error;
      manager = null;
      return task();
    }
  };
  const serial = <T>(name: string, task: () => Promise<T>): Promise<T> => {
    const run = (): Promise<T> => (manager ? locked(name, task) : task());
    if (name !== 'write') return run();
    const next = chain.then(run, run);
    chain = next.catch(() => undefined);
    return next;
  };

  /**
   * The list this tab stored last, as stored: read back unchanged, it is this code's own making and
   * needs no repair. Anything else (an earlier page's, another tab's) is repaired by code of its own
   * (outboxRepair.ts), which a new visitor's first open and send never download. Not downloaded:
   * the read fails as a storage failure would, and the stored list stays as it is for the next one.
   */
  let written = '[]';
  const repair = loadOnce(() => import('../../state/outboxRepair.ts'));

  const read = async (): Promise<OutboxItem[]> => {
    const stored = await store.get<unknown>(KEY);
    if (!Array.isArray(stored)) return [];
    if (JSON.stringify(stored) === written) return stored as OutboxItem[];
    return (await repair()).repairOutbox(stored, belongs, Date.now());
  };

  return {
    read,
    update(change) {
      return serial('write', async () => {
        const next = change(await read());
        if (next.length) await store.set(KEY, next);
        else await store.del(KEY);
        written = JSON.stringify(next);
        return next;
      });
    },
    clear() {
      return serial('write', async () => {
        await store.del(KEY);
        written = '[]';
      });
    },
    exclusive(task) {
      return serial('send', task);
    },
  };
}
