import { describe, expect, it } from 'vitest';
import type { WireMessage } from '../api/wire.ts';
import fc from 'fast-check';
import { createChatMessages, mergeHistory, mergeSteps, toChatMessages, type ChatMessageCache, type OutboxItem } from './chatMessage.ts';

const rid = 'support-group-p-0123456789abcdef0123456789abcdef';
const msg = (id: string, sender: string, at: number, extra: Partial<WireMessage> = {}): WireMessage => ({
  _id: id,
  sender,
  senderFullname: '',
  recipient: rid,
  type: 'text',
  text: id,
  createdAt: new Date(at).toISOString(),
  ...extra,
});
const pending = (tempUID: string, at: number, state: OutboxItem['state'] = 'sending'): OutboxItem => ({
  tempUID,
  requestId: rid,
  text: `pending ${tempUID}`,
  type: 'text',
  attributes: {},
  createdAt: at,
  attempts: 0,
  state,
  maybeDelivered: false,
  notBefore: 0,
});

describe('toChatMessages', () => {
  it('shows a pending message once, and only until its echo (same tempUID) is in the history', () => {
    const me = new Set(['g1']);
    const before = toChatMessages([msg('a', 'agent', 1)], [pending('t1', 2)], me, rid);
    expect(before.map((m) => [m.key, m.state, m.fromVisitor])).toEqual([
      ['a', 'sent', false],
      ['t1', 'sending', true],
    ]);
    const echo = msg('b', 'g1', 3, { attributes: { tempUID: 't1' } });
    const after = toChatMessages([msg('a', 'agent', 1), echo], [pending('t1', 2)], me, rid);
    expect(after.map((m) => [m.key, m.id, m.state])).toEqual([
      ['a', 'a', 'sent'],
      ['t1', 'b', 'sent'],
    ]);
  });

  it('hides info messages, keeps failed ones, and ignores other conversations', () => {
    const list = toChatMessages(
      [msg('i', 'system', 1, { attributes: { subtype: 'info' } })],
      [pending('f', 2, 'failed'), { ...pending('x', 3), requestId: 'support-group-p-other' }],
      new Set(),
      rid,
    );
    expect(list.map((m) => [m.key, m.state])).toEqual([['f', 'failed']]);
  });

  it('shows a message the service stored twice (one tempUID, two records) once, as its first copy', () => {
    const me = new Set(['g1']);
    const copy = (id: string, at: number) => msg(id, 'g1', at, { text: 'Hello', attributes: { tempUID: 't1' } });
    const list = toChatMessages([copy('b', 2), msg('a', 'agent', 3), copy('c', 4)], [pending('t1', 1)], me, rid);
    expect(list.map((m) => [m.key, m.id, m.text])).toEqual([
      ['t1', 'b', 'Hello'],
      ['a', 'a', 'a'],
    ]);
  });

  it('cleans sender names of bidi controls and extra spaces, and tells the visitor by sender id only', () => {
    const [agent, visitor] = toChatMessages(
      [msg('a', 'agent', 1, { senderFullname: '  Ann\u202E  Agent\u2069 ' }), msg('b', 'g1', 2, { senderFullname: 'Ann Agent' })],
      [],
      new Set(['g1']),
      rid,
    );
    expect([agent!.senderName, agent!.fromVisitor]).toEqual(['Ann Agent', false]);
    expect([visitor!.senderName, visitor!.fromVisitor]).toEqual(['Ann Agent', true]);
  });

  it("counts a past guest id as the visitor's own", () => {
    const [m] = toChatMessages([msg('a', 'old-guest', 1)], [], new Set(['new-guest', 'old-guest']), rid);
    expect(m!.fromVisitor).toBe(true);
  });
});

describe('mergeHistory', () => {
  it('keeps one record per tempUID: the first stored copy', () => {
    const copy = (id: string, at: number) => msg(id, 'g1', at, { attributes: { tempUID: 't1' } });
    const once = mergeHistory([msg('a', 'agent', 1), copy('b', 2)], [copy('c', 3), msg('d', 'agent', 4)]);
    expect(once.map((m) => m._id)).toEqual(['a', 'b', 'd']);
    // The next poll brings both copies again: still one.
    expect(mergeHistory(once, [copy('b', 2), copy('c', 3)]).map((m) => m._id)).toEqual(['a', 'b', 'd']);
  });

  it('adds new messages in time order and replaces known ones by _id', () => {
    const merged = mergeHistory([msg('a', 'x', 1), msg('c', 'x', 3)], [msg('b', 'x', 2), { ...msg('a', 'x', 1), text: 'edited' }]);
    expect(merged.map((m) => m._id)).toEqual(['a', 'b', 'c']);
    expect(merged[0]!.text).toBe('edited');
  });
});

describe('mergeSteps (a long history merged in slices)', () => {
  it('stops every few hundred messages, and ends with what mergeHistory makes', () => {
    const held = Array.from({ length: 600 }, (_, i) => msg(`h${i}`, 'agent', i * 1000));
    // Replaced, copies of one tempUID, one out of order: every phase of the merge.
    const incoming = [
      ...Array.from({ length: 1400 }, (_, i) => msg(`n${i}`, 'agent', (600 + i) * 1000, { attributes: { tempUID: `t${i % 1000}` } })),
      msg('h3', 'agent', 3000, { text: 'edited' }),
      msg('early', 'agent', 1500),
    ];
    const steps = mergeSteps(held, incoming);
    let stops = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) stops++;
    // No stretch longer than a few hundred messages: the history's positions, the incoming ones, the copies' filter.
    expect(stops).toBeGreaterThanOrEqual(Math.floor((600 + 1402 + 2002) / 250) - 3);
    expect(step.value).toEqual(mergeHistory(held, incoming));
    expect(step.value.length).toBe(600 + 1000 + 1);
  });
  it('an answer with nothing new stops along the way and gives back the history itself', () => {
    const held = Array.from({ length: 300 }, (_, i) => msg(`h${i}`, 'agent', i * 1000));
    const steps = mergeSteps(held, [...held]);
    let step = steps.next();
    while (!step.done) step = steps.next();
    expect(step.value).toBe(held);
  });
});

describe('identities kept (issue 9: unchanged messages never re-render)', () => {
  const parsedAgain = (messages: readonly WireMessage[]) => JSON.parse(JSON.stringify(messages)) as WireMessage[];

  it('mergeHistory gives back the same array when an answer (parsed anew) brings nothing new', () => {
    const history = mergeHistory([], [msg('a', 'x', 1), msg('b', 'y', 2, { attributes: { tempUID: 't' } })]);
    expect(mergeHistory(history, parsedAgain(history))).toBe(history);
    expect(mergeHistory(history, [])).toBe(history);
  });

  it('mergeHistory keeps the records it holds when one is added or one changes', () => {
    const history = mergeHistory([], [msg('a', 'x', 1), msg('b', 'y', 2)]);
    const added = mergeHistory(history, [...parsedAgain(history), msg('c', 'x', 3)]);
    expect(added.map((m) => m._id)).toEqual(['a', 'b', 'c']);
    expect(added[0]).toBe(history[0]);
    expect(added[1]).toBe(history[1]);
    const edited = mergeHistory(added, [{ ...msg('b', 'y', 2), text: 'edited' }]);
    expect(edited[0]).toBe(added[0]);
    expect(edited[1]!.text).toBe('edited');
    expect(edited[2]).toBe(added[2]);
  });

  it("mergeHistory takes a poll's answer that only grew at its end (the held records, then new ones, or the new ones alone) as merging it whole would", () => {
    const history = mergeHistory([], [msg('a', 'x', 1), msg('b', 'me', 2, { attributes: { tempUID: 't1' } }), msg('c', 'x', 3)]);
    const answers: WireMessage[][] = [
      // New ones after the last: the usual poll.
      [msg('d', 'x', 4), msg('e', 'me', 5, { attributes: { tempUID: 't2' } })],
      // One older than the last held: placed by its time.
      [msg('d', 'x', 2.5)],
      // A second stored copy of a message held (its tempUID): not kept.
      [msg('d', 'me', 4, { attributes: { tempUID: 't1' } })],
      // Copies among the new ones: one kept.
      [msg('d', 'me', 4, { attributes: { tempUID: 't3' } }), msg('e', 'me', 5, { attributes: { tempUID: 't3' } })],
      [msg('d', 'x', 4), msg('d', 'x', 4, { text: 'again' })],
    ];
    // Also a message held already (pushed before the answer), and one replaced.
    answers.push([msg('c', 'x', 3), msg('d', 'x', 4)], [{ ...msg('c', 'x', 3), text: 'edited' }]);
    for (const added of answers) {
      const whole = mergeHistory(history, [...parsedAgain(history), ...parsedAgain(added)]);
      // The answer as polled (the held records, then the new ones), and its new ones alone (historyIntake.ts).
      for (const answer of [[...history, ...added], added]) {
        const merged = mergeHistory(history, answer);
        expect(merged).toEqual(whole);
        expect(merged[0]).toBe(history[0]);
      }
    }
    expect(mergeHistory(history, [...history, ...answers[0]!]).map((m) => m._id)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(mergeHistory(history, [...history])).toBe(history);
  });

  it('mergeHistory places a late record by its time, once per time parse', () => {
    const merged = mergeHistory([msg('a', 'x', 1), msg('c', 'x', 3)], [msg('d', 'x', 4), msg('b', 'x', 2)]);
    expect(merged.map((m) => m._id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('toChatMessages with its cache gives the same message objects for the same records', () => {
    const cache: ChatMessageCache = new WeakMap();
    const history = [msg('a', 'me', 1), msg('b', 'agent', 2)];
    const item = pending('t1', 3);
    const first = toChatMessages(history, [item], new Set(['me']), rid, cache);
    const second = toChatMessages([...history, msg('c', 'agent', 4)], [item], new Set(['me']), rid, cache);
    expect(second[0]).toBe(first[0]);
    expect(second[1]).toBe(first[1]);
    expect(second[3]).toBe(first[2]);
    // Who "I" am changed: the message is made anew, with the right side.
    const third = toChatMessages(history, [], new Set(['me', 'agent']), rid, cache);
    expect(third[1]).not.toBe(first[1]);
    expect(third[1]!.fromVisitor).toBe(true);
  });
});

describe('chat messages from a history that grows (createChatMessages)', () => {
  /** A record of a small alphabet: copies (one tempUID twice), joins (one member twice), info lines, other conversations. */
  const record = (i: number, kind: number): WireMessage => {
    const at = 1_700_000_000_000 + i * 1000;
    if (kind === 0) return msg(`m${i}`, 'me', at, { attributes: { tempUID: `t${i % 5}` } });
    if (kind === 1)
      return msg(`m${i}`, 'system', at, {
        attributes: { subtype: 'info', messagelabel: { key: 'MEMBER_JOINED_GROUP', parameters: { member_id: `agent${i % 3}`, fullname: 'Ann' } } },
        ...(i % 4 === 0 ? { recipient: 'other' } : {}),
      });
    if (kind === 2) return msg(`m${i}`, 'system', at, { attributes: { subtype: 'info', messagelabel: { key: 'CHAT_CLOSED' } } });
    return msg(`m${i}`, `agent${i % 2}`, at);
  };

  it('message for message the same as turning the whole history, whatever it grows by, with outbox, ids and conversation changing', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ kinds: fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 6 }), change: fc.integer({ min: 0, max: 5 }) }), { maxLength: 12 }),
        (steps) => {
          const turn = createChatMessages();
          let history: WireMessage[] = [];
          let outbox: OutboxItem[] = [];
          let myIds: ReadonlySet<string> = new Set(['me']);
          let conversation = rid;
          let n = 0;
          for (const step of steps) {
            history = [...history, ...step.kinds.map((kind) => record(n++, kind))];
            if (step.change === 1) outbox = [pending(`t${n % 5}`, n), pending(`x${n}`, n)];
            if (step.change === 2) myIds = new Set(['me', 'agent0']);
            if (step.change === 3) conversation = conversation === rid ? 'other' : rid;
            if (step.change === 4) history = history.slice(1);
            // Read partly ahead (a long history in slices), then whole.
            if (step.change === 5) turn.ahead(history, myIds, conversation, Math.floor(history.length / 2));
            expect(turn(history, outbox, myIds, conversation)).toEqual(toChatMessages(history, outbox, myIds, conversation));
          }
        },
      ),
    );
  });

  it('a long history read ahead in slices: each message is looked at once, and showing it reads none again', () => {
    const turn = createChatMessages();
    const me = new Set(['me']);
    const reads: number[] = [];
    const history = Array.from(
      { length: 250 },
      (_, i) => new Proxy(msg(`m${i}`, 'agent', i * 1000), { get: (target, key) => (reads.push(i), Reflect.get(target, key)) }),
    );
    for (let end = 100; end < history.length + 100; end += 100) turn.ahead(history, me, rid, Math.min(end, history.length));
    expect(new Set(reads).size).toBe(250);
    // Each slice went on from where the last one stopped: the first message was looked at no more
    // often than the last, which only the last slice read.
    const times = (i: number) => reads.filter((r) => r === i).length;
    expect(times(0)).toBe(times(249));
    const looked = reads.length;
    const shown = turn(history, [], me, rid);
    expect(reads.length).toBe(looked);
    expect(shown).toEqual(toChatMessages(history, [], me, rid));
  });

  it('one new message at the end is the only one looked at', () => {
    const turn = createChatMessages();
    const history = Array.from({ length: 50 }, (_, i) => msg(`m${i}`, 'agent', i * 1000));
    const first = turn(history, [], new Set(['me']), rid);
    const grown = [...history, msg('new', 'agent', 60_000)];
    const reads: number[] = [];
    const watched = grown.map((m, i) => new Proxy(m, { get: (target, key) => (reads.push(i), Reflect.get(target, key)) }));
    // The same records (identity) as before, then the new one: only index 50 is read.
    const again = turn([...history, watched[50]!], [], new Set(['me']), rid);
    expect(again.slice(0, 50)).toEqual(first);
    expect(again[50]!.text).toBe('new');
    expect(new Set(reads)).toEqual(new Set([50]));
  });
});

describe('keys', () => {
  it('one message whose tempUID is another one’s id still gets a key of its own (the list keys by them)', () => {
    const history = [msg('true', 'agent', 1000), msg('m1', 'agent', 2000, { attributes: { tempUID: 'true' } }), msg('true#1', 'agent', 3000)];
    const keys = toChatMessages(history, [], new Set(), null).map((m) => m.key);
    expect(new Set(keys).size).toBe(3);
    expect(keys[0]).toBe('true');
  });
});
