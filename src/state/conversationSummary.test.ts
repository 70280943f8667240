import { describe, expect, it } from 'vitest';
import type { WireMessage, WireRequest } from '../api/wire.ts';
import type { ChatMessage } from './chatMessage.ts';
import {
  hasNewsSince,
  listPollDelay,
  listWithCurrent,
  LIST_POLL_HOME_MS,
  LIST_POLL_MS,
  readMarksOf,
  summaryOfMessages,
  summaryOfRequest,
  type ConversationSummary,
} from './conversationSummary.ts';

const me = new Set(['v1', 'v0']);
const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s)).toISOString();
const msg = (over: Partial<WireMessage>): WireMessage => ({
  _id: 'm',
  sender: 'a1',
  senderFullname: 'Ann',
  recipient: 'r',
  type: 'text',
  text: 'hi',
  createdAt: at(0),
  ...over,
});
const request = (over: Partial<WireRequest>): WireRequest => ({ _id: 'x', request_id: 'r1', status: 200, createdAt: at(1), first_text: 'Hello', ...over });
const summary = (over: Partial<ConversationSummary>): ConversationSummary => ({
  requestId: 'r1',
  text: 't',
  type: 'text',
  senderName: '',
  senderId: '',
  fromVisitor: true,
  time: 0,
  closed: false,
  unread: 0,
  ...over,
});

describe('summaryOfRequest', () => {
  it('takes the last message the service keeps on the request, and who wrote it', () => {
    const s = summaryOfRequest(request({ attributes: { last_message: msg({ text: 'We ship', createdAt: at(9) }) } }), me);
    expect(s).toEqual({
      requestId: 'r1',
      text: 'We ship',
      type: 'text',
      senderName: 'Ann',
      senderId: 'a1',
      fromVisitor: false,
      time: Date.parse(at(9)),
      closed: false,
      unread: 0,
    });
    expect(summaryOfRequest(request({ attributes: { last_message: msg({ sender: 'v0' }) } }), me)).toMatchObject({
      fromVisitor: true,
      senderName: '',
      senderId: '',
    });
  });

  it("falls back to the first text (always the visitor's) without a last message, or when it is an info line", () => {
    expect(summaryOfRequest(request({}), me)).toMatchObject({ text: 'Hello', fromVisitor: true, time: Date.parse(at(1)) });
    const info = msg({ text: 'closed', attributes: { subtype: 'info' } });
    expect(summaryOfRequest(request({ attributes: { last_message: info } }), me)).toMatchObject({ text: 'Hello', fromVisitor: true });
  });

  it('a request with status 1000 is closed; any lower status is open', () => {
    expect(summaryOfRequest(request({ status: 1000 }), me).closed).toBe(true);
    expect(summaryOfRequest(request({ status: 300 }), me).closed).toBe(false);
  });
});

describe('summaryOfMessages', () => {
  const chat = (over: Partial<ChatMessage>): ChatMessage => ({
    key: 'k',
    kind: 'message',
    text: 'x',
    type: 'text',
    senderName: 'Ann',
    senderId: 'a1',
    fromVisitor: false,
    createdAt: 5,
    state: 'sent',
    ...over,
  });

  it('is the last bubble of the conversation, skipping info lines; null with no bubble yet', () => {
    const messages = [
      chat({ text: 'first', createdAt: 1 }),
      chat({ text: 'mine', fromVisitor: true, senderName: 'guest', createdAt: 2 }),
      chat({ kind: 'info', text: '' }),
    ];
    expect(summaryOfMessages('r', messages, true)).toEqual({
      requestId: 'r',
      text: 'mine',
      type: 'text',
      senderName: '',
      senderId: '',
      fromVisitor: true,
      time: 2,
      closed: true,
      unread: 0,
    });
    expect(summaryOfMessages('r', [chat({ kind: 'info' })], false)).toBeNull();
    // An agent's: their name and id (the home screen shows their photo).
    expect(summaryOfMessages('r', [chat({ text: 'reply' })], false)).toMatchObject({ senderName: 'Ann', senderId: 'a1', fromVisitor: false });
  });
});

describe('listWithCurrent', () => {
  it("puts the current conversation's own summary in place of the service's, adds a brand-new one, latest activity first, with unread counts", () => {
    const served = [summary({ requestId: 'a', time: 10 }), summary({ requestId: 'b', time: 5, closed: true })];
    const list = listWithCurrent(served, summary({ requestId: 'b', text: 'newer', time: 20 }), { a: 2 });
    expect(list.map((s) => [s.requestId, s.text, s.unread, s.closed])).toEqual([
      ['b', 'newer', 0, true],
      ['a', 't', 2, false],
    ]);
    expect(listWithCurrent(served, summary({ requestId: 'c', time: 1 }), {}).map((s) => s.requestId)).toEqual(['a', 'b', 'c']);
    expect(listWithCurrent(served, null, {})).toHaveLength(2);
  });
});

describe('unread rules', () => {
  it('news is a reply from the other side newer than the mark', () => {
    expect(hasNewsSince(summary({ fromVisitor: false, time: 10 }), 5)).toBe(true);
    expect(hasNewsSince(summary({ fromVisitor: false, time: 5 }), 5)).toBe(false);
    expect(hasNewsSince(summary({ fromVisitor: true, time: 10 }), 5)).toBe(false);
  });

  it('stored marks are read defensively', () => {
    expect(readMarksOf({ seen: { a: 1, b: 'x', c: -1 }, unread: { a: 2 } })).toEqual({ seen: { a: 1 }, unread: { a: 2 } });
    expect(readMarksOf('junk')).toEqual({ seen: {}, unread: {} });
    expect(readMarksOf({ seen: [1] })).toEqual({ seen: {}, unread: {} });
  });
});

describe('listPollDelay', () => {
  it('polls slowly in the leading visible online tab, quicker with the home screen in view, never otherwise', () => {
    const base = { leads: true, visible: true, online: true, homeOnScreen: false };
    expect(listPollDelay(base)).toBe(LIST_POLL_MS);
    expect(listPollDelay({ ...base, homeOnScreen: true })).toBe(LIST_POLL_HOME_MS);
    expect(listPollDelay({ ...base, leads: false })).toBeNull();
    expect(listPollDelay({ ...base, visible: false })).toBeNull();
    expect(listPollDelay({ ...base, online: false })).toBeNull();
  });
  it('reads the list once a minute while push brings the news, on the home screen too', () => {
    const base = { leads: true, visible: true, online: true, homeOnScreen: true, pushLive: true };
    expect(listPollDelay(base)).toBe(60_000);
    expect(listPollDelay({ ...base, homeOnScreen: false })).toBe(60_000);
    expect(listPollDelay({ ...base, leads: false })).toBeNull();
  });
});
