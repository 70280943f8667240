import { describe, expect, it } from 'vitest';
import type { ChatMessage } from './chatMessage.ts';
import { messageRuns, RUN_GAP_MS } from './messageRuns.ts';

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
});
