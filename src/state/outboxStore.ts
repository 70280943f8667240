import type { OutboxItem } from './chatMessage.ts';
import type { KeyValueStore } from './storage.ts';

/**
 * The visitor's unsent messages, persisted before the first attempt and removed only once the
 * service has them. Every change is a read-modify-write of the stored list under a Web Lock, so
 * tabs of one site never overwrite each other's messages.
 */
export interface OutboxStore {
  read(): Promise<OutboxItem[]>;
  update(change: (items: OutboxItem[]) => OutboxItem[]): Promise<OutboxItem[]>;
  /** Runs `task` while no other tab is sending (the whole drain of the outbox). */
  exclusive<T>(task: () => Promise<T>): Promise<T>;
}

const KEY = 'outbox';

type LockManagerLike = { request<T>(name: string, callback: () => Promise<T>): Promise<T> };

function locks(): LockManagerLike | null {
  const manager = (globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks;
  return manager && typeof manager.request === 'function' ? manager : null;
}

function isOutboxItem(value: unknown): value is OutboxItem {
  const item = value as OutboxItem;
  return !!item && typeof item.tempUID === 'string' && typeof item.requestId === 'string' && typeof item.text === 'string';
}

export function createOutboxStore(store: KeyValueStore, lockPrefix: string, shared: boolean): OutboxStore {
  // Within one tab a promise chain serialises changes; across tabs the Web Lock does.
  let chain: Promise<unknown> = Promise.resolve();
  const manager = shared ? locks() : null;
  const serial = <T>(name: string, task: () => Promise<T>): Promise<T> => {
    const run = () => (manager ? manager.request(`${lockPrefix}:${name}`, task) : task());
    if (name !== 'write') return run();
    const next = chain.then(run, run);
    chain = next.catch(() => undefined);
    return next;
  };

  const read = async () => {
    const stored = await store.get<unknown>(KEY);
    return Array.isArray(stored) ? stored.filter(isOutboxItem) : [];
  };

  return {
    read,
    update(change) {
      return serial('write', async () => {
        const next = change(await read());
        if (next.length) await store.set(KEY, next);
        else await store.del(KEY);
        return next;
      });
    },
    exclusive(task) {
      return serial('send', task);
    },
  };
}
