import { describe, expect, it } from 'vitest';
import type { OutboxItem } from '../../state/chatMessage.ts';
import { outboxItemOf, resumed } from './sendQueue.ts';

describe('outboxItemOf', () => {
  it('is a message on its way, stamped with the time it was written, its conversation still to take', () => {
    const item = outboxItemOf({ text: 'hi', attributes: { a: 1 } }, 42);
    expect(item).toMatchObject({
      requestId: '',
      text: 'hi',
      type: 'text',
      attributes: { a: 1, clienttimestamp: 42 },
      createdAt: 42,
      attempts: 0,
      state: 'sending',
    });
    expect(item).not.toHaveProperty('metadata');
    expect(outboxItemOf({ text: 'hi' }, 42).tempUID).not.toBe(item.tempUID);
  });
});

describe('resumed', () => {
  const base = { tempUID: 't', requestId: 'r', text: 'x', type: 'text', attributes: {}, createdAt: 0, maybeDelivered: false } as const;
  it('sends what waits on backoff now', () => {
    expect(resumed({ ...base, state: 'sending', attempts: 3, notBefore: 99 })).toMatchObject({ state: 'sending', attempts: 3, notBefore: 0 });
  });
  it('sends a retryable failure again, from its first attempt; a final one stays', () => {
    const failed: OutboxItem = { ...base, state: 'failed', attempts: 6, notBefore: 99, retryable: true };
    expect(resumed(failed)).toMatchObject({ state: 'sending', attempts: 0, notBefore: 0 });
    const final = { ...failed, retryable: false };
    expect(resumed(final)).toBe(final);
  });
});
