import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHttp } from '../../api/http.ts';
import { createFakeService } from '../../test/fakeService.ts';
import { createConversation } from './conversation.ts';
import { REASONS } from '../../state/delivery.ts';
import { MAX_AUTO_ATTEMPTS } from '../delivery/deliveryFailure.ts';
import { createEmitter, type WidgetErrorDetail } from '../platform/events.ts';
import { createOutboxStore } from '../delivery/outboxStore.ts';
import { createSession } from '../session/session.ts';
import { createMemoryStore } from '../platform/storage.ts';

/**
 * Issue 22 §19: while the service answers 503, what the visitor and the page see (docs/delivery.md
 * "Retries, order and refusals"): the page hears of the message in trouble at its first failed
 * attempt, once, and again only when the schedule ends; the bubble says it waits to be sent, then
 * "Not sent" with Retry and Delete. Time is the test's (fake timers).
 */
beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

function setup(unavailable: { retryAfter?: string }) {
  const service = createFakeService();
  let down = true;
  const headers: Record<string, string> = unavailable.retryAfter ? { 'Retry-After': unavailable.retryAfter } : {};
  service.setFault((call) =>
    down && call.method === 'POST' && call.path.endsWith('/messages') ? { status: 503, body: 'Service Unavailable', headers } : undefined,
  );
  const store = createMemoryStore();
  const http = createHttp({ apiUrl: service.apiUrl, fetch: service.fetch });
  const emitter = createEmitter(null);
  const errors: WidgetErrorDetail[] = [];
  emitter.on('error', (detail) => errors.push(detail));
  const conversation = createConversation({
    http,
    projectId: service.projectId,
    session: createSession({ http, store, projectId: service.projectId, identity: () => ({}) }),
    store,
    outboxStore: createOutboxStore(store, 'test', false),
    emitter,
    isWindowOpen: () => true,
    firstMessageFields: () => ({}),
    random: () => 0,
  });
  const attempts = () => service.posts().length;
  const bubble = () => conversation.messages.value[0];
  return { conversation, errors, attempts, bubble, serviceBack: () => (down = false) };
}

describe('sending while the service answers 503', () => {
  it('without Retry-After: the page hears of it at the first failed attempt, once; the bubble waits to be sent, then says "Not sent"', async () => {
    const { conversation, errors, attempts, bubble } = setup({});
    await conversation.send({ text: 'hello?' });
    const tempUID = conversation.outbox.value[0]!.tempUID;
    // At once: the first attempt failed, more will come.
    expect(attempts()).toBe(1);
    expect(errors).toEqual([{ type: 'send', tempUID, reason: REASONS.unreachable, status: 503, retrying: true, message: expect.any(String) }]);
    expect(bubble()).toMatchObject({ text: 'hello?', state: 'sending', retrying: true });

    // The schedule's retries say nothing more to the page.
    await vi.advanceTimersByTimeAsync(8_000);
    expect(attempts()).toBeGreaterThan(2);
    expect(attempts()).toBeLessThan(MAX_AUTO_ATTEMPTS);
    expect(errors).toHaveLength(1);
    expect(bubble()).toMatchObject({ state: 'sending', retrying: true });

    // Six attempts (backoff 0.5 s … 8 s here): "Not sent", Retry and Delete, and the page hears the end.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(attempts()).toBe(MAX_AUTO_ATTEMPTS);
    expect(bubble()).toMatchObject({ state: 'failed' });
    expect(bubble()).not.toHaveProperty('retrying');
    expect(conversation.outbox.value[0]).toMatchObject({ state: 'failed', retryable: true, reason: REASONS.unreachable });
    expect(errors).toEqual([
      expect.objectContaining({ retrying: true }),
      { type: 'send', tempUID, reason: REASONS.unreachable, status: 503, message: expect.any(String) },
    ]);
    // Nothing more by itself.
    await vi.advanceTimersByTimeAsync(120_000);
    expect(attempts()).toBe(MAX_AUTO_ATTEMPTS);
    expect(errors).toHaveLength(2);
  });

  it('with Retry-After: the same events, each attempt waiting as long as the service asked', async () => {
    const { conversation, errors, attempts, bubble } = setup({ retryAfter: '20' });
    await conversation.send({ text: 'hello?' });
    expect(errors).toEqual([expect.objectContaining({ type: 'send', status: 503, retrying: true })]);
    await vi.advanceTimersByTimeAsync(19_900);
    expect(attempts()).toBe(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(attempts()).toBe(2);
    expect(bubble()).toMatchObject({ state: 'sending', retrying: true });
    await vi.advanceTimersByTimeAsync(5 * 20_000);
    expect(attempts()).toBe(MAX_AUTO_ATTEMPTS);
    expect(bubble()).toMatchObject({ state: 'failed' });
    expect(errors.map((e) => e.retrying ?? false)).toEqual([true, false]);
  });

  it('the service answers again in time: sent once, and the page heard only of the trouble', async () => {
    const { conversation, errors, attempts, bubble, serviceBack } = setup({});
    await conversation.send({ text: 'hello?' });
    await vi.advanceTimersByTimeAsync(1_000);
    serviceBack();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(bubble()).toMatchObject({ text: 'hello?', state: 'sent' });
    expect(bubble()).not.toHaveProperty('retrying');
    expect(attempts()).toBeLessThan(MAX_AUTO_ATTEMPTS);
    expect(conversation.outbox.value).toEqual([]);
    expect(errors).toEqual([expect.objectContaining({ retrying: true })]);
  });

  it('a visitor who retries a message that was "Not sent" starts again: one more event at its first failure', async () => {
    const { conversation, errors, attempts } = setup({});
    await conversation.send({ text: 'hello?' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(errors).toHaveLength(2);
    await conversation.retry(conversation.outbox.value[0]!.tempUID);
    expect(attempts()).toBe(MAX_AUTO_ATTEMPTS + 1);
    expect(errors.map((e) => e.retrying ?? false)).toEqual([true, false, true]);
  });
});
