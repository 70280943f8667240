import { afterEach, describe, expect, it, vi } from 'vitest';
import { codeOnDemand } from '../test/codeOnDemand.ts';
import { ApiError, NetworkError } from '../api/http.ts';
import type { SendMessageBody, WireMessage } from '../api/wire.ts';
import type { OutboxItem } from './chatMessage.ts';
import { SETTLE_MS } from './delivery.ts';
import { createEmitter } from './events.ts';
import { createOutboxStore } from './outboxStore.ts';
import { createMemoryStore } from './storage.ts';

const RID = 'support-group-65f0c0ffee0000000000d3e0-0123456789abcdef0123456789abcdef';

const item = (tempUID: string): OutboxItem => ({
  tempUID,
  requestId: RID,
  text: tempUID,
  type: 'text',
  attributes: {},
  createdAt: 0,
  attempts: 0,
  state: 'sending',
  maybeDelivered: false,
  notBefore: 0,
});

/**
 * A delivery engine whose failure rules (deliveryFailure.ts, code of its own) cannot be downloaded
 * while `network.codeDown`; `answers` are what the service does with each POST, in turn.
 */
async function setup(answers: Array<'stored' | 'unreachable' | 'refused'>) {
  const { network, loads } = codeOnDemand('../state/deliveryFailure.ts');
  const { createOutboxEngine, FAILURE_CODE_WAIT_MS } = await import('./outbox.ts');
  const clock = { now: 1_000 };
  const stored: string[] = [];
  const posts: string[] = [];
  const errors: unknown[] = [];
  const emitter = createEmitter(null);
  emitter.on('error', (detail) => errors.push(detail));
  const engine = createOutboxEngine({
    outboxStore: createOutboxStore(createMemoryStore(), 'test', false, (rid) => rid === RID),
    emitter,
    publish: (target, value) => void (target.value = value),
    onChange: () => {},
    now: () => clock.now,
    random: () => 0,
    isOnline: () => true,
    target: {
      // As the conversation's: a stored message found in the history leaves the outbox.
      async isStored(i) {
        if (!stored.includes(i.tempUID)) return false;
        await engine.change((list) => list.filter((x) => x.tempUID !== i.tempUID));
        return true;
      },
      opening: () => null,
      post(_rid, body: SendMessageBody) {
        const tempUID = String(body.attributes?.tempUID);
        posts.push(tempUID);
        const answer = answers.shift() ?? 'stored';
        if (answer === 'refused') return Promise.reject(new ApiError(422, {}, null));
        // The connection dropped after the service stored it: the next attempt must look first.
        stored.push(tempUID);
        if (answer === 'unreachable') return Promise.reject(new NetworkError(new TypeError('Failed to fetch'), false));
        return Promise.resolve(null);
      },
      stored: (i) => ({ _id: `m-${i.tempUID}`, recipient: RID }) as WireMessage,
      sent: () => {},
      mayMove: () => false,
      moveToNew: () => Promise.reject(new Error('not moved')),
    },
  });
  const send = async (tempUID: string) => {
    await engine.change((list) => [...list, item(tempUID)]);
    await engine.flush();
  };
  return { engine, network, clock, loads, posts, errors, send, FAILURE_CODE_WAIT_MS };
}

describe('outbox: what a failed attempt means comes on demand', () => {
  afterEach(() => {
    vi.doUnmock('./deliveryFailure.ts');
    vi.resetModules();
  });

  it('is not asked for by a delivery that goes through', async () => {
    const { engine, loads, posts, send } = await setup(['stored']);
    await send('a');
    expect(posts).toEqual(['a']);
    expect(engine.items.value).toEqual([]);
    expect(loads).not.toHaveBeenCalled();
    engine.dispose();
  });

  it('applies the rules once they are here (a refusal is final, the page hears of it)', async () => {
    const { engine, loads, errors, send } = await setup(['refused']);
    await send('a');
    expect(loads).toHaveBeenCalled();
    expect(engine.items.value).toMatchObject([{ tempUID: 'a', state: 'failed', retryable: false }]);
    expect(errors).toMatchObject([{ type: 'send', tempUID: 'a' }]);
    engine.dispose();
  });

  it('not downloaded: the message stays queued as stored, is tried again later, and reaches the service once', async () => {
    const { engine, network, clock, posts, errors, send, FAILURE_CODE_WAIT_MS } = await setup(['unreachable']);
    network.codeDown = true;
    await send('a');
    // Nothing lost, nothing decided: still sending, still "may have been stored", a little later.
    expect(engine.items.value).toMatchObject([{ tempUID: 'a', state: 'sending', maybeDelivered: true, notBefore: 1_000 + FAILURE_CODE_WAIT_MS }]);
    expect(errors).toEqual([]);
    // Not due yet: no second attempt in a loop.
    await engine.flush();
    expect(posts).toEqual(['a']);
    network.codeDown = false;
    // Due again once waited, and once an attempt that may be on its way has settled.
    clock.now += Math.max(FAILURE_CODE_WAIT_MS, SETTLE_MS);
    await engine.flush();
    // The service had it: the history was looked at, and it was not posted again.
    expect(posts).toEqual(['a']);
    expect(engine.items.value).toEqual([]);
    engine.dispose();
  });

  it('not downloaded before an attempt began (a body too large): no busy loop, the rules apply at the next try', async () => {
    const { engine, network, clock, posts, send, FAILURE_CODE_WAIT_MS } = await setup([]);
    network.codeDown = true;
    await engine.change((list) => [...list, { ...item('big'), text: 'x'.repeat(600_000) }]);
    await engine.flush();
    expect(posts).toEqual([]);
    expect(engine.items.value).toMatchObject([{ tempUID: 'big', state: 'sending', notBefore: 1_000 + FAILURE_CODE_WAIT_MS }]);
    network.codeDown = false;
    clock.now += FAILURE_CODE_WAIT_MS;
    await send('b');
    expect(engine.items.value).toMatchObject([{ tempUID: 'big', state: 'failed', reason: 'MESSAGE_TOO_LARGE' }]);
    expect(posts).toEqual(['b']);
    engine.dispose();
  });
});
