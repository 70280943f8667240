import type { OutboxItem } from './chatMessage.ts';
import { isDeliveryReason } from './delivery.ts';
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

function locks(): LockManager | null {
  // Absent in old browsers, on insecure origins and in Node, although lib.dom types it as always there.
  const manager = (globalThis.navigator as Navigator | undefined)?.locks;
  return manager && typeof manager.request === 'function' ? manager : null;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : 0);

/**
 * One stored item made safe to use, or null to drop it. Storage outlives versions of the widget
 * and can be edited by anyone: an item without its ids, for another conversation (another project,
 * or no conversation id at all), or with nothing to send is dropped; an unknown state becomes
 * "sending" with a history check first (it may have been delivered); every other field gets a
 * usable value.
 */
export function repairOutboxItem(value: unknown, belongs: (requestId: string) => boolean, now: number): OutboxItem | null {
  if (!isRecord(value)) return null;
  const { tempUID, requestId } = value;
  if (typeof tempUID !== 'string' || !tempUID || typeof requestId !== 'string' || !belongs(requestId)) return null;
  const type = typeof value.type === 'string' && value.type ? value.type : 'text';
  const text = typeof value.text === 'string' ? value.text : '';
  const metadata = isRecord(value.metadata) ? (value.metadata as OutboxItem['metadata']) : undefined;
  if (!text.trim() && type === 'text') return null;
  const known = value.state === 'sending' || value.state === 'failed';
  return {
    tempUID,
    requestId,
    text,
    type,
    ...(metadata ? { metadata } : {}),
    attributes: isRecord(value.attributes) ? value.attributes : {},
    createdAt: typeof value.createdAt === 'number' && Number.isFinite(value.createdAt) ? value.createdAt : now,
    attempts: known ? count(value.attempts) : 0,
    state: known ? (value.state as OutboxItem['state']) : 'sending',
    maybeDelivered: known && typeof value.maybeDelivered === 'boolean' ? value.maybeDelivered : true,
    ...(typeof value.attemptedAt === 'number' && Number.isFinite(value.attemptedAt) ? { attemptedAt: value.attemptedAt } : {}),
    notBefore: known ? count(value.notBefore) : 0,
    ...(typeof value.error === 'string' ? { error: value.error } : {}),
    ...(typeof value.retryable === 'boolean' ? { retryable: value.retryable } : {}),
    ...(isDeliveryReason(value.reason) ? { reason: value.reason } : {}),
    ...(value.autoRetried === true ? { autoRetried: true } : {}),
  };
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
  const manager = shared ? locks() : null;
  const serial = <T>(name: string, task: () => Promise<T>): Promise<T> => {
    const run = (): Promise<T> => (manager ? (manager.request(`${lockPrefix}:${name}`, task) as Promise<T>) : task());
    if (name !== 'write') return run();
    const next = chain.then(run, run);
    chain = next.catch(() => undefined);
    return next;
  };

  const read = async () => {
    const stored = await store.get<unknown>(KEY);
    if (!Array.isArray(stored)) return [];
    const now = Date.now();
    const seen = new Set<string>();
    const items: OutboxItem[] = [];
    for (const value of stored) {
      const item = repairOutboxItem(value, belongs, now);
      // One message, one item: a duplicated tempUID would be sent (and shown) twice.
      if (!item || seen.has(item.tempUID)) continue;
      seen.add(item.tempUID);
      items.push(item);
    }
    return items;
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
