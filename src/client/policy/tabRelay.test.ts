import { signal, type Signal } from '@preact/signals-core';
import type { WireMessage } from '../../api/wire.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutboxItem } from '../../state/chatMessage.ts';
import type { ConversationCore } from '../conversation/conversation.ts';
import type { SessionModel, Visitor } from '../session/session.ts';
import { createTabRelay, tabMessage, TAKE_OVER_AFTER_MS } from './tabRelay.ts';

const message = (id: string, rid: string): WireMessage => ({
  _id: id,
  sender: 'agent',
  senderFullname: 'Ann',
  recipient: rid,
  type: 'text',
  text: id,
  createdAt: '2026-01-01T00:00:00.000Z',
});

function setup(options: { leader?: boolean; requestId?: string; visitorLeft?: boolean; pageToken?: string } = {}) {
  const requestId = signal<string | null>(options.requestId ?? 'r1');
  const outbox = signal<OutboxItem[]>([]);
  const conversation = {
    requestId,
    outbox,
    receive: vi.fn(),
    adopt: vi.fn(async () => void (requestId.value = 'r2')),
    reloadOutbox: vi.fn(async () => {}),
    takeOver: vi.fn(),
    mirrorUnread: vi.fn(),
    markRead: vi.fn(),
    typingFrame: vi.fn(),
  } as unknown as ConversationCore;
  const session = {
    restore: vi.fn(async () => options.visitorLeft ?? false),
    token: signal<string | null>(null),
    visitor: signal<Visitor | null>(null),
  } as unknown as SessionModel & { token: Signal<string | null>; visitor: Signal<Visitor | null> };
  const intake = { restore: vi.fn(async () => {}) };
  const kick = vi.fn();
  const dropList = vi.fn();
  const dropPageToken = vi.fn();
  const relay = createTabRelay({
    conversation,
    session,
    intake,
    isLeader: () => options.leader ?? false,
    kick,
    dropList,
    pageToken: () => options.pageToken ?? null,
    dropPageToken,
  });
  return { relay, conversation, session, intake, kick, dropList, dropPageToken, outbox };
}

/** A message another tab is sending. */
const sendingItem = (): OutboxItem => ({
  tempUID: 't1',
  requestId: 'r1',
  text: 'hi',
  type: 'text',
  createdAt: 0,
  attempts: 0,
  state: 'sending',
  maybeDelivered: false,
  notBefore: 0,
  attributes: {},
});

describe('tabMessage', () => {
  it('checks what another tab posts like an answer of the service (a tab may run another version)', () => {
    expect(tabMessage({ type: 'unread', count: 2 })).toEqual({ type: 'unread', count: 2 });
    expect(
      tabMessage({ type: 'messages', requestId: 'r1', messages: [{ _id: 'm1', sender: 'a', recipient: 'r1', text: 'hi' }, { bogus: true }] }),
    ).toMatchObject({
      type: 'messages',
      requestId: 'r1',
      messages: [{ _id: 'm1', text: 'hi' }],
    });
    expect(tabMessage({ type: 'messages', requestId: 7, messages: [] })).toBeNull();
    for (const junk of [{ type: 'format-disk' }, null, 'read', 5, {}]) expect(tabMessage(junk)).toBeNull();
  });

  it('an unread count is a whole number of messages, or nothing', () => {
    expect(tabMessage({ type: 'unread', count: 0 })).toEqual({ type: 'unread', count: 0 });
    for (const count of ['2', -1, 1.5, NaN, Infinity, null, undefined]) expect(tabMessage({ type: 'unread', count })).toBeNull();
  });

  it("a typing frame names its conversation and is checked like the socket's", () => {
    expect(tabMessage({ type: 'typing', requestId: 'r1', frame: { typing: true, sender: 'a1', senderFullname: ' Ann ', extra: 1 } })).toEqual({
      type: 'typing',
      requestId: 'r1',
      frame: { typing: true, sender: 'a1', senderFullname: 'Ann' },
    });
    for (const junk of [
      { type: 'typing', requestId: 'r1', frame: { typing: true } },
      { type: 'typing', frame: { sender: 'a1' } },
      { type: 'typing', requestId: 'r1' },
    ])
      expect(tabMessage(junk)).toBeNull();
  });
});

describe('createTabRelay', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('drops what is not a tab message', () => {
    const { relay, conversation, session } = setup({ leader: false });
    for (const junk of [{ type: 'format-disk' }, null, { type: 'messages', requestId: 7 }]) relay.handle(junk);
    expect(conversation.receive).not.toHaveBeenCalled();
    expect(conversation.adopt).not.toHaveBeenCalled();
    expect(session.restore).not.toHaveBeenCalled();
  });

  it('shows the messages another tab received, silently; for another conversation it follows that one first', async () => {
    const { relay, conversation } = setup();
    relay.handle({ type: 'messages', requestId: 'r1', messages: [message('m1', 'r1')] });
    expect(conversation.receive).toHaveBeenCalledWith([message('m1', 'r1')], true);
    relay.handle({ type: 'messages', requestId: 'r2', messages: [message('m2', 'r2')] });
    expect(conversation.adopt).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(conversation.receive).toHaveBeenLastCalledWith([message('m2', 'r2')], true);
  });

  it('a late message of a conversation this tab does not follow after looking is not shown in the one it shows', async () => {
    const { relay, conversation } = setup();
    // The stored conversation is r2 (adopt follows it); a slow tab still shares r1's old history.
    relay.handle({ type: 'messages', requestId: 'r0', messages: [message('old', 'r0')] });
    await vi.advanceTimersByTimeAsync(0);
    expect(conversation.adopt).toHaveBeenCalledTimes(1);
    expect(conversation.receive).not.toHaveBeenCalled();
  });

  it('lines up behind a sending tab: takes its outbox over only after a while, once', async () => {
    const { relay, conversation, outbox } = setup();
    outbox.value = [sendingItem()];
    relay.handle({ type: 'outbox' });
    relay.handle({ type: 'outbox' });
    await vi.advanceTimersByTimeAsync(TAKE_OVER_AFTER_MS - 1);
    expect(conversation.takeOver).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(conversation.takeOver).toHaveBeenCalledTimes(1);
  });

  it('takes nothing over when the outbox holds nothing to send, nor after stop', async () => {
    const { relay, conversation, outbox } = setup();
    relay.handle({ type: 'outbox' });
    await vi.advanceTimersByTimeAsync(TAKE_OVER_AFTER_MS * 2);
    expect(conversation.takeOver).not.toHaveBeenCalled();
    outbox.value = [sendingItem()];
    relay.handle({ type: 'outbox' });
    await vi.advanceTimersByTimeAsync(0);
    relay.stop();
    await vi.advanceTimersByTimeAsync(TAKE_OVER_AFTER_MS * 2);
    expect(conversation.takeOver).not.toHaveBeenCalled();
  });

  it("shows who types in the leader's socket, in the conversation this tab shows only", () => {
    const { relay, conversation } = setup({ leader: false });
    relay.handle({ type: 'typing', requestId: 'r1', frame: { typing: true, sender: 'a1', senderFullname: 'Ann' } });
    expect(conversation.typingFrame).toHaveBeenCalledWith({ typing: true, sender: 'a1', senderFullname: 'Ann' });
    relay.handle({ type: 'typing', requestId: 'r2', frame: { typing: true, sender: 'a2' } });
    relay.handle({ type: 'typing', requestId: 'r1', frame: 'typing' });
    expect(conversation.typingFrame).toHaveBeenCalledTimes(1);
  });

  it("mirrors the leader's unread count (a leader keeps its own), reads when another tab read, re-reads the session", () => {
    const follower = setup({ leader: false });
    follower.relay.handle({ type: 'unread', count: 3 });
    expect(follower.conversation.mirrorUnread).toHaveBeenCalledWith(3);
    follower.relay.handle({ type: 'read' });
    expect(follower.conversation.markRead).toHaveBeenCalled();
    follower.relay.handle({ type: 'session' });
    expect(follower.session.restore).toHaveBeenCalled();
    const leader = setup({ leader: true });
    leader.relay.handle({ type: 'unread', count: 3 });
    expect(leader.conversation.mirrorUnread).not.toHaveBeenCalled();
  });

  it('another tab forgot the visitor (logout, reset, another known visitor): this one drops what it shows of them', async () => {
    const stays = setup({ visitorLeft: false });
    stays.relay.handle({ type: 'session' });
    await vi.advanceTimersByTimeAsync(0);
    expect(stays.dropList).not.toHaveBeenCalled();
    expect(stays.conversation.mirrorUnread).not.toHaveBeenCalled();

    const left = setup({ visitorLeft: true });
    left.relay.handle({ type: 'session' });
    await vi.advanceTimersByTimeAsync(0);
    expect(left.dropList).toHaveBeenCalledTimes(1);
    expect(left.conversation.mirrorUnread).toHaveBeenCalledWith(0);
    expect(left.conversation.adopt).toHaveBeenCalled();
    expect(left.conversation.reloadOutbox).toHaveBeenCalled();
    expect(left.intake.restore).toHaveBeenCalled();
  });

  it('another tab signed someone else in, or forgot the visitor: this page’s own token is not pushed again; the same one, or a guest there, changes nothing', async () => {
    const person = (id: string, authenticated?: true): Visitor => ({ id, fullName: id, email: '', pastIds: [], ...(authenticated ? { authenticated } : {}) });
    const cases: Array<[string, { token: string | null; visitor: Visitor | null }, boolean, boolean]> = [
      ['someone else signed in', { token: 'JWT b.o.b', visitor: person('bob', true) }, false, true],
      ['the visitor forgotten', { token: null, visitor: null }, true, true],
      ['the same visitor', { token: 'JWT a.l.i', visitor: person('alice', true) }, false, false],
      ['a guest signed in', { token: 'JWT token-1', visitor: person('guest-1') }, false, false],
    ];
    for (const [what, held, visitorLeft, dropped] of cases) {
      const t = setup({ visitorLeft, pageToken: 'a.l.i' });
      t.session.token.value = held.token;
      t.session.visitor.value = held.visitor;
      t.relay.handle({ type: 'session' });
      await vi.advanceTimersByTimeAsync(0);
      expect(t.dropPageToken.mock.calls.length, what).toBe(dropped ? 1 : 0);
    }
  });

  it('the leader looks at once when another tab sent; a follower leaves it to the leader', () => {
    const leader = setup({ leader: true });
    leader.relay.handle({ type: 'sent' });
    expect(leader.kick).toHaveBeenCalledTimes(1);
    const follower = setup({ leader: false });
    follower.relay.handle({ type: 'sent' });
    expect(follower.kick).not.toHaveBeenCalled();
  });
});
