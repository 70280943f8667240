import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ChatMessage } from '../../state/chatMessage.ts';
import { createSplitExpansion, revealed, type PartsCache, type TimedMessage } from './splitMessages.ts';
import { expandSplitMessages, partsFor } from './splitParts.ts';

const plain = (key: string, fromVisitor = false): ChatMessage => ({
  key,
  kind: 'message',
  text: key,
  type: 'text',
  senderName: '',
  senderId: fromVisitor ? 'me' : 'bot',
  fromVisitor,
  createdAt: 0,
  state: 'sent',
});
const scripted = (key: string): ChatMessage => ({
  ...plain(key),
  attributes: {
    commands: [
      { type: 'message', message: { text: `${key} one` } },
      { type: 'wait', time: 1000 },
      { type: 'message', message: { text: `${key} two` } },
    ],
  },
});

describe('split messages expanded as the list grows (createSplitExpansion)', () => {
  it('part for part the same as expanding the whole list, whatever it grows by, read ahead or not, with arrivals and the end changing', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            kinds: fc.array(fc.integer({ min: 0, max: 2 }), { maxLength: 6 }),
            change: fc.integer({ min: 0, max: 5 }),
            now: fc.integer({ min: 0, max: 3000 }),
          }),
          { maxLength: 12 },
        ),
        (steps) => {
          const cache: PartsCache = new WeakMap();
          const expand = createSplitExpansion(cache, { partsFor });
          let history: ChatMessage[] = [];
          let arrivals: ReadonlyMap<string, number> = new Map();
          let n = 0;
          for (const step of steps) {
            history = [...history, ...step.kinds.map((kind) => (kind === 0 ? scripted(`s${n++}`) : plain(`m${n++}`, kind === 2)))];
            // An outbox item after the history, replaced by the next step's messages.
            const tail = step.change === 1 ? [plain(`out${n}`, true)] : [];
            if (step.change === 2 && history.length) arrivals = new Map([[history[history.length - 1]!.key, 1000]]);
            if (step.change === 3) history = history.slice(1);
            if (step.change === 4 && history.length) history = [...history.slice(0, -1), plain(`changed${n++}`)];
            // Read partly ahead (a long history in slices), then whole.
            if (step.change === 5) expand.ahead(history, arrivals, Math.floor(history.length / 2));
            const list = [...history, ...tail];
            const whole = expandSplitMessages(list, arrivals, cache);
            const made = expand(list, arrivals);
            expect(made).toEqual(whole);
            expect(made.map((m) => m.key)).toEqual(whole.map((m) => m.key));
            expect(revealed(made, step.now)).toEqual(revealed(whole, step.now));
          }
        },
      ),
    );
  });

  it('a list read ahead is not looked at again when shown, and an unchanged one keeps its identity', () => {
    const expand = createSplitExpansion(undefined, { partsFor });
    const reads: number[] = [];
    const history = Array.from(
      { length: 300 },
      (_, i) => new Proxy(i % 50 ? plain(`m${i}`) : scripted(`s${i}`), { get: (target, key) => (reads.push(i), Reflect.get(target, key)) }),
    );
    const none = new Map<string, number>();
    for (let end = 100; end <= 300; end += 100) expand.ahead(history, none, end);
    const looked = reads.length;
    const shown = expand([...history], none);
    expect(reads.length).toBe(looked);
    expect(shown).toEqual(expandSplitMessages(history, none));
    expect(expand([...history], none)).toBe(shown);
  });

  it('a list shown is never changed by the next one', () => {
    const expand = createSplitExpansion();
    const first = expand([plain('a')], new Map());
    const copy = [...first];
    expand([plain('a'), plain('b')], new Map());
    expand([first[0]!, plain('c')], new Map());
    expect(first).toEqual(copy);
  });
});

describe('revealed', () => {
  it('every part due: the list itself, not a copy; one due later: the ones due, typing, and when to look again', () => {
    const parts: TimedMessage[] = expandSplitMessages([scripted('s')], new Map([['s', 10_000]]));
    const list = [...Array.from({ length: 3 }, (_, i) => plain(`m${i}`)), ...parts];
    expect(revealed(list, 20_000).visible).toBe(list);
    expect(revealed(list, 10_500)).toEqual({ visible: list.slice(0, 4), typing: true, nextAt: 11_000 });
  });
});
