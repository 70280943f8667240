import { describe, expect, it, vi } from 'vitest';
import type { WireMessage } from '../../api/wire.ts';
import type { ConversationSummary } from '../../state/conversationSummary.ts';
import { unreadCounts } from './conversationList.ts';

const summary = (requestId: string, time: number, fromVisitor = false): ConversationSummary => ({
  requestId,
  text: '',
  type: 'text',
  senderName: '',
  senderId: '',
  fromVisitor,
  time,
  closed: false,
  unread: 0,
});
const reply = (at: number) => ({ _id: `m${at}`, sender: 'agent', createdAt: new Date(at).toISOString() }) as WireMessage;
const mine = () => new Set(['me']);

describe('unreadCounts (the conversation list)', () => {
  it('takes a conversation seen for the first time as read, and reads none of its messages', async () => {
    const read = vi.fn();
    expect(await unreadCounts({ seen: {}, unread: {} }, [summary('a', 5)], null, read, mine)).toEqual({ seen: { a: 5 }, unread: {} });
    expect(read).not.toHaveBeenCalled();
  });

  it('counts the replies after the mark of one with news, and leaves the current one to itself', async () => {
    const read = vi.fn((rid: string) => Promise.resolve(rid === 'a' ? [reply(1000), reply(3000), reply(4000)] : []));
    const marks = { seen: { a: 2000, b: 2000 }, unread: {} };
    expect(await unreadCounts(marks, [summary('a', 4000), summary('b', 4000)], 'b', read, mine)).toEqual({ seen: marks.seen, unread: { a: 2 } });
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('is null when nothing changed (nothing to store, no tab to tell)', async () => {
    const read = vi.fn(() => Promise.resolve([reply(3000)]));
    expect(await unreadCounts({ seen: { a: 2000, b: 1000 }, unread: { a: 1 } }, [summary('a', 3000), summary('b', 9000, true)], null, read, mine)).toBeNull();
  });
});
