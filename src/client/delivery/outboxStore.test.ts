import { afterEach, describe, expect, it, vi } from 'vitest';
import { createOutboxStore } from './outboxStore.ts';
import { repairOutboxItem } from '../../state/outboxRepair.ts';
import { isRequestIdOf } from '../../state/requestId.ts';
import { createMemoryStore } from '../platform/storage.ts';
import type { OutboxItem } from '../../state/chatMessage.ts';

const PID = '65f0c0ffee0000000000d3e0';
const RID = `support-group-${PID}-0123456789abcdef0123456789abcdef`;
const belongs = (rid: string) => isRequestIdOf(PID, rid);
const good = {
  tempUID: 't1',
  requestId: RID,
  text: 'hi',
  type: 'text',
  attributes: {},
  createdAt: 5,
  attempts: 1,
  state: 'failed',
  maybeDelivered: false,
  notBefore: 9,
  retryable: true,
  reason: 'MESSAGE_UNREACHABLE',
};

describe('outbox store: what is read is safe to use', () => {
  it('keeps a well-formed item as it is', () => {
    expect(repairOutboxItem(good, belongs, 100)).toEqual(good);
  });

  it('drops items of another project, without ids, or with nothing to send', () => {
    expect(repairOutboxItem({ ...good, requestId: `support-group-otherproject00000000000-0123456789abcdef0123456789abcdef` }, belongs, 100)).toBeNull();
    expect(repairOutboxItem({ ...good, requestId: 'not-a-conversation' }, belongs, 100)).toBeNull();
    expect(repairOutboxItem({ ...good, tempUID: 7 }, belongs, 100)).toBeNull();
    expect(repairOutboxItem({ ...good, text: '  ' }, belongs, 100)).toBeNull();
    expect(repairOutboxItem({ ...good, text: null }, belongs, 100)).toBeNull();
    expect(repairOutboxItem('x', belongs, 100)).toBeNull();
  });

  it('makes an unknown state "sending", checking the history first (it may have been delivered)', () => {
    expect(repairOutboxItem({ ...good, state: 'sent', attempts: 4, notBefore: 1e15 }, belongs, 100)).toMatchObject({
      state: 'sending',
      maybeDelivered: true,
      attempts: 0,
      notBefore: 0,
    });
    expect(repairOutboxItem({ ...good, state: undefined }, belongs, 100)).toMatchObject({ state: 'sending', maybeDelivered: true });
  });

  it('keeps the conversation it was sent in and what opens that conversation, its strings and attributes only (issue 22 §2)', () => {
    const opening = { departmentid: 'd1', sourcePage: 'https://shop.test/', language: 'en', userAgent: 'UA', attributes: { preChatForm: { topic: 'order' } } };
    expect(repairOutboxItem({ ...good, opening }, belongs, 100)).toEqual({ ...good, opening });
    expect(repairOutboxItem({ ...good, opening: { departmentid: 7, language: 'en', attributes: 'x', extra: 'y' } }, belongs, 100)).toEqual({
      ...good,
      opening: { language: 'en' },
    });
    expect(repairOutboxItem({ ...good, opening: 'd1' }, belongs, 100)).toEqual(good);
  });

  it('gives every other field a usable value', () => {
    const repaired = repairOutboxItem(
      {
        tempUID: 't2',
        requestId: RID,
        text: 'x',
        state: 'sending',
        type: 3,
        attributes: 'a',
        metadata: [1],
        attempts: -1,
        notBefore: 'soon',
        createdAt: null,
        maybeDelivered: 'yes',
      },
      belongs,
      100,
    );
    expect(repaired).toEqual({
      tempUID: 't2',
      requestId: RID,
      text: 'x',
      type: 'text',
      attributes: {},
      createdAt: 100,
      attempts: 0,
      state: 'sending',
      maybeDelivered: true,
      notBefore: 0,
    });
  });

  it('reads the stored list repaired, one item per tempUID', async () => {
    const store = createMemoryStore();
    await store.set('outbox', [
      good,
      { ...good, text: 'again' },
      { ...good, tempUID: 't3', state: '??' },
      { ...good, tempUID: 't4', requestId: 'support-group-x-y' },
      null,
    ]);
    const items = await createOutboxStore(store, 'test', false, belongs).read();
    expect(items.map((i) => [i.tempUID, i.text, i.state])).toEqual([
      ['t1', 'hi', 'failed'],
      ['t3', 'hi', 'sending'],
    ]);
  });
});

describe('outbox store where the browser refuses Web Locks (SecurityError, as Firefox does with storage blocked)', () => {
  afterEach(() => void vi.unstubAllGlobals());
  const insecure = () => new DOMException('The operation is insecure.', 'SecurityError');
  const withLocks = (request: (name: string, task: () => Promise<unknown>) => Promise<unknown>) => {
    vi.stubGlobal('navigator', { locks: { request: vi.fn(request) } });
    return (globalThis.navigator as unknown as { locks: { request: ReturnType<typeof vi.fn> } }).locks.request;
  };

  it('a refused lock request: every change is still made, in order, and only once', async () => {
    const request = withLocks(() => Promise.reject(insecure()));
    const store = createMemoryStore();
    const outbox = createOutboxStore(store, 'p', true, belongs);
    const item = good as OutboxItem;
    await Promise.all([outbox.update((items) => [...items, item]), outbox.update((items) => [...items, { ...item, tempUID: 't2' }])]);
    expect((await outbox.read()).map((i) => i.tempUID)).toEqual(['t1', 't2']);
    expect(await outbox.exclusive(async () => 'sent')).toBe('sent');
    expect(request).toHaveBeenCalled();
  });

  it('a lock request that throws: the same', async () => {
    withLocks(() => {
      throw insecure();
    });
    const outbox = createOutboxStore(createMemoryStore(), 'p', true, belongs);
    await outbox.update((items) => [...items, good as OutboxItem]);
    expect((await outbox.read()).map((i) => i.tempUID)).toEqual(['t1']);
  });

  it('a change that fails under a granted lock still fails, and is not made again without it', async () => {
    withLocks((_name, task) => task());
    const outbox = createOutboxStore(createMemoryStore(), 'p', true, belongs);
    let runs = 0;
    await expect(
      outbox.exclusive(async () => {
        runs++;
        throw new Error('network');
      }),
    ).rejects.toThrow('network');
    expect(runs).toBe(1);
  });
});
