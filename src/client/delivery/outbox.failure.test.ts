import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SendMessageBody, WireMessage } from '../../api/wire.ts';
import { codeOnDemand } from '../../test/codeOnDemand.ts';
import type { OutboxItem } from '../../state/chatMessage.ts';
import { createEmitter } from '../platform/events.ts';
import { createOutboxStore } from './outboxStore.ts';
import { createMemoryStore } from '../platform/storage.ts';

const RID = 'support-group-65f0c0ffee0000000000d3e0-0123456789abcdef0123456789abcdef';
const FAILURE_RULES = '../client/delivery/deliveryFailure.ts';

const item = (tempUID: string, text = tempUID): OutboxItem => ({
  tempUID,
  requestId: RID,
  text,
  type: 'text',
  attributes: {},
  createdAt: 0,
  attempts: 0,
  state: 'sending',
  maybeDelivered: false,
  notBefore: 0,
});

/**
 * A delivery engine as a first open has it; from then on no code can be downloaded (the visitor
 * went offline, or the server that hosts the widget is down). `answers` are what the service does
 * with each POST, in turn.
 */
async function setup(answers: Array<'stored' | 'unreachable' | 'refused'>) {
  const { network, loads } = codeOnDemand(FAILURE_RULES);
  const { createOutboxEngine } = await import('./outbox.ts');
  // The errors of the same module graph as the engine's (modules are made afresh for each test).
  const { ApiError, NetworkError } = await import('../../api/http.ts');
  network.codeDown = true;
  const posts: string[] = [];
  const errors: unknown[] = [];
  const emitter = createEmitter(null);
  emitter.on('error', (detail) => errors.push(detail));
  const engine = createOutboxEngine({
    outboxStore: createOutboxStore(createMemoryStore(), 'test', false, (rid) => rid === RID),
    emitter,
    onChange: () => {},
    now: () => 1_000,
    random: () => 0,
    isOnline: () => true,
    target: {
      isStored: () => Promise.resolve(false),
      held: () => false,
      opening: () => null,
      post(_rid, body: SendMessageBody) {
        posts.push(String(body.attributes?.tempUID));
        const answer = answers.shift() ?? 'stored';
        if (answer === 'refused') return Promise.reject(new ApiError(422, {}, null));
        if (answer === 'unreachable') return Promise.reject(new NetworkError(new TypeError('Failed to fetch'), false));
        return Promise.resolve(null);
      },
      stored: (i) => ({ _id: `m-${i.tempUID}`, recipient: RID }) as WireMessage,
      sent: () => {},
      mayMove: () => false,
      moveToNew: () => Promise.reject(new Error('not moved')),
    },
  });
  const send = async (queued: OutboxItem) => {
    await engine.change((list) => [...list, queued]);
    await engine.flush();
  };
  return { engine, loads, posts, errors, send };
}

describe('outbox: what a failed attempt means is decided at once, with the code of the first open (issue 23 §4)', () => {
  afterEach(() => {
    vi.doUnmock(FAILURE_RULES);
    vi.resetModules();
  });

  it('is part of the first open: nothing downloaded for a failure', async () => {
    const { engine, loads } = await setup([]);
    // Loaded with the engine itself (a static import), before any failure.
    expect(loads).toHaveBeenCalledTimes(1);
    engine.dispose();
  });

  it('a transient failure: tried again on the schedule, "may have been stored" kept, nothing downloaded', async () => {
    const { engine, loads, posts, send } = await setup(['unreachable']);
    await send(item('a'));
    expect(posts).toEqual(['a']);
    // The rules' own answer (deliveryFailure.ts failureOf): one attempt counted, the next after the backoff's first step.
    expect(engine.items.value).toMatchObject([{ tempUID: 'a', state: 'sending', attempts: 1, maybeDelivered: true, notBefore: 1_500 }]);
    expect(loads).toHaveBeenCalledTimes(1);
    engine.dispose();
  });

  it('a definite refusal: "Not sent" at once, and the page hears of it', async () => {
    const { engine, errors, send } = await setup(['refused']);
    await send(item('a'));
    expect(engine.items.value).toMatchObject([{ tempUID: 'a', state: 'failed', retryable: false, reason: 'MESSAGE_REFUSED' }]);
    expect(errors).toMatchObject([{ type: 'send', tempUID: 'a', reason: 'MESSAGE_REFUSED' }]);
    engine.dispose();
  });

  it('a body larger than the service takes: "Not sent" before any attempt, and the next message goes', async () => {
    const { engine, posts, send } = await setup([]);
    await send(item('big', 'x'.repeat(600_000)));
    await send(item('b'));
    expect(posts).toEqual(['b']);
    expect(engine.items.value).toMatchObject([{ tempUID: 'big', state: 'failed', reason: 'MESSAGE_TOO_LARGE' }]);
    engine.dispose();
  });
});
