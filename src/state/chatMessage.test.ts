import { describe, expect, it } from 'vitest';
import type { WireMessage } from '../api/wire.ts';
import { mergeHistory, toChatMessages, type OutboxItem } from './chatMessage.ts';

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
