import { describe, expect, it } from 'vitest';
import type { ChatMessage } from './chatMessage.ts';
import { messageRuns, RUN_GAP_MS, windowRuns } from './messageRuns.ts';

const T0 = Date.parse('2026-03-02T10:00:00Z');
const m = (key: string, sender: string, at: number, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  key,
  kind: 'message',
  text: key,
  type: 'text',
  senderName: sender === 'me' ? '' : sender.toUpperCase(),
  senderId: sender,
  fromVisitor: sender === 'me',
  createdAt: at,
  state: 'sent',
  ...extra,
});
const positions = (list: ChatMessage[]) => messageRuns(list).map((p) => `${p.first ? 'F' : '-'}${p.last ? 'L' : '-'}`);

describe('messageRuns', () => {
  it('groups consecutive messages of one sender: name on the first, time on the last', () => {
    const list = [
      m('a', 'me', T0),
      m('b', 'me', T0 + 1000),
      m('c', 'me', T0 + 2000),
      m('d', 'agent', T0 + 3000),
      m('e', 'agent', T0 + 4000),
      m('f', 'me', T0 + 5000),
    ];
    expect(positions(list)).toEqual(['F-', '--', '-L', 'F-', '-L', 'FL']);
  });

  it('starts a new run for another agent, after an info line, and after a pause', () => {
    const info: ChatMessage = { ...m('i', 'system', T0 + 2000), kind: 'info' };
    const list = [m('a', 'agent', T0), m('b', 'bot_1', T0 + 1000), info, m('c', 'bot_1', T0 + 3000), m('d', 'bot_1', T0 + 3000 + RUN_GAP_MS + 1)];
    expect(positions(list)).toEqual(['FL', 'FL', 'FL', 'FL', 'FL']);
  });

  it('keeps the parts of a split message together (one sender, one moment)', () => {
    const list = [m('x#0', 'bot_1', T0), m('x#1', 'bot_1', T0), m('x#2', 'bot_1', T0)];
    expect(positions(list)).toEqual(['F-', '--', '-L']);
  });

  it('starts a new run at midnight, however close the two messages are', () => {
    const late = new Date(2026, 2, 2, 23, 59, 0).getTime();
    const list = [m('a', 'agent', late), m('b', 'agent', late + 30_000), m('c', 'agent', late + 90_000)];
    expect(positions(list)).toEqual(['F-', '-L', 'FL']);
  });

  it('joins messages of unknown time (0) only to each other', () => {
    const list = [m('a', 'me', 0), m('b', 'me', 0), m('c', 'me', T0)];
    expect(positions(list)).toEqual(['F-', '-L', 'FL']);
  });
});

describe('windowRuns', () => {
  it('gives a window of the list the positions the whole list has there (its edges judged by the neighbours outside it)', () => {
    const info: ChatMessage = { ...m('i', 'system', T0 + 7000), kind: 'info' };
    const list = [
      m('a', 'me', T0),
      m('b', 'me', T0 + 1000),
      m('c', 'agent', T0 + 2000),
      m('d', 'agent', T0 + 3000),
      m('e', 'agent', T0 + 4000),
      m('f', 'bot_1', T0 + 5000),
      m('g', 'bot_1', T0 + 6000),
      info,
      m('h', 'bot_1', T0 + 8000),
      m('j', 'me', T0 + 8000 + RUN_GAP_MS + 1),
      m('k', 'me', T0 + 8000 + RUN_GAP_MS + 2),
    ];
    const whole = messageRuns(list);
    for (let start = 0; start <= list.length; start++)
      for (let end = start; end <= list.length; end++) expect(windowRuns(list, start, end)).toEqual(whole.slice(start, end));
  });
});
