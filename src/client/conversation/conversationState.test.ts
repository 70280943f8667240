import { describe, expect, it } from 'vitest';
import type { WireMessage } from '../../api/wire.ts';
import { conversationState } from './conversationState.ts';
import type { ConversationCore } from './conversationTypes.ts';
import { closedByService, serviceClosure } from './timeline.ts';

const RID = 'support-group-65f0c0ffee0000000000d3e0-0123456789abcdef0123456789abcdef';
const message = (id: string, recipient = RID) => ({ _id: id, recipient, text: id, createdAt: '2026-01-01T00:00:00Z' }) as WireMessage;

describe('conversationState apply', () => {
  const make = () => {
    const errors: unknown[] = [];
    return {
      state: conversationState(
        (error) => errors.push(error),
        () => 1000,
      ),
      errors,
    };
  };

  it('follows the stored conversation, closed only when there is one', () => {
    const { state } = make();
    state.apply({ type: 'followed', requestId: null, closed: true, readAt: null });
    expect(state.closedByVisitor.value).toBe(false);
    state.apply({ type: 'followed', requestId: RID, closed: true, readAt: 5 });
    expect([state.requestId.value, state.closedByVisitor.value, state.readAt()]).toEqual([RID, true, 5]);
  });

  it('shows a stored message only in the conversation shown, and knows it either way', () => {
    const { state } = make();
    state.apply({ type: 'followed', requestId: RID, closed: false, readAt: null });
    state.apply({ type: 'stored', message: message('m1', 'another') });
    expect(state.history.value).toEqual([]);
    state.apply({ type: 'stored', message: message('m2') });
    expect(state.history.value.map((m) => m._id)).toEqual(['m2']);
    expect([...state.seen()]).toEqual(['m1', 'm2']);
  });

  it('keeps the history object when nothing changed (no view wakes)', () => {
    const { state } = make();
    const before = state.history.value;
    state.apply({ type: 'history', history: before });
    expect(state.history.value).toBe(before);
  });

  it('times split messages from their arrival, and reveals them on a tick', () => {
    const { state } = make();
    state.apply({ type: 'arrived', keys: ['a', 'b'], at: 2000 });
    expect([...state.arrivals.value]).toEqual([
      ['a', 2000],
      ['b', 2000],
    ]);
    expect(state.clock.value).toBe(2000);
    state.apply({ type: 'tick', at: 3000 });
    expect(state.clock.value).toBe(3000);
  });

  it('clears what was shown on a reset, but reads what comes next as news', () => {
    const { state } = make();
    state.apply({ type: 'followed', requestId: RID, closed: true, readAt: 5 });
    state.apply({ type: 'buttonsUsed', key: 'k' });
    state.apply({ type: 'reset' });
    expect([state.requestId.value, state.closedByVisitor.value, state.usedButtons.value.size, state.readAt(), state.isLive()]).toEqual([
      null,
      false,
      0,
      null,
      true,
    ]);
  });

  it('forgets everything of the visitor', () => {
    const { state } = make();
    state.apply({ type: 'followed', requestId: RID, closed: false, readAt: 5 });
    state.apply({ type: 'history', history: [message('m1')], seen: new Set(['m1']) });
    state.apply({ type: 'unread', count: 3 });
    state.apply({ type: 'live' });
    state.apply({ type: 'forgotten' });
    expect([state.requestId.value, state.history.value, state.unread.value, state.seen().size, state.readAt(), state.isLive()]).toEqual([
      null,
      [],
      0,
      0,
      null,
      false,
    ]);
  });

  it('reports a subscriber that throws (a broken render) and goes on', () => {
    const { state, errors } = make();
    state.unread.subscribe((count) => {
      if (count === 2) throw new Error('broken render');
    });
    state.apply({ type: 'unread', count: 2 });
    expect(errors).toHaveLength(1);
    expect(state.unread.value).toBe(2);
  });
});

describe('closedByService', () => {
  it('is what the last closed or reopened info message says', () => {
    expect(closedByService([])).toBe(false);
    expect(closedByService([{ infoLabel: 'INFO_SUPPORT_CHAT_CLOSED' }, {}])).toBe(true);
    expect(closedByService([{ infoLabel: 'INFO_SUPPORT_CHAT_CLOSED' }, { infoLabel: 'INFO_SUPPORT_CHAT_REOPENED' }])).toBe(false);
  });

  it('of a list that grew at its end reads only what was added (serviceClosure)', () => {
    const reads: number[] = [];
    const message = (i: number, infoLabel?: 'INFO_SUPPORT_CHAT_CLOSED' | 'INFO_SUPPORT_CHAT_REOPENED') => ({
      get infoLabel() {
        reads.push(i);
        return infoLabel;
      },
    });
    const closure = serviceClosure();
    const long = Array.from({ length: 5000 }, (_, i) => message(i, i === 10 ? 'INFO_SUPPORT_CHAT_CLOSED' : undefined));
    expect(closure(long)).toBe(true);
    reads.length = 0;
    const grown = [...long, message(5000), message(5001)];
    expect(closure(grown)).toBe(true);
    expect(reads).toEqual([5001, 5000]);
    const reopened = [...grown, message(5002, 'INFO_SUPPORT_CHAT_REOPENED')];
    expect(closure(reopened)).toBe(false);
    // Not grown from the last list (an item replaced): read again, from its end.
    reads.length = 0;
    expect(closure([message(0, 'INFO_SUPPORT_CHAT_CLOSED'), message(1)])).toBe(true);
    expect(reads).toEqual([1, 0]);
  });
});

describe('who writes the conversation', () => {
  it('is its apply only: the core hands read-only signals, to the client and to code on demand alike', () => {
    // Type-level: each line must fail to compile, or tsc reports the unused directive.
    const writes = (core: ConversationCore) => {
      // @ts-expect-error conversationLeave.ts tells apply({ type: 'closedByVisitor' }) instead
      core.closed.value = true;
      // @ts-expect-error the conversation shown changes through apply
      core.requestId.value = null;
      // @ts-expect-error reply buttons used: apply({ type: 'buttonsUsed' }) or useButtons
      core.usedButtons.value = new Set();
      // @ts-expect-error the history is the service's, merged by the history intake
      core.history.value = [];
    };
    expect(writes).toBeTypeOf('function');
  });
});
