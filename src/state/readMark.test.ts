import { describe, expect, it } from 'vitest';
import type { WireMessage } from '../api/wire.ts';
import { newestTime, unreadSince } from './readMark.ts';

const me = new Set(['v1', 'v0']);
const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s)).toISOString();
/** A message written `second`s into the day, by `sender` (an agent unless the visitor's id). */
const written = (second: number, sender = 'a1', attributes?: WireMessage['attributes']): WireMessage => ({
  _id: `m${second}`,
  sender,
  senderFullname: '',
  recipient: 'r1',
  type: 'text',
  text: 'hi',
  createdAt: at(second),
  ...(attributes ? { attributes } : {}),
});

describe('read marks', () => {
  it("counts the other side's messages after the mark, never the visitor's or info lines", () => {
    const messages = [written(1), written(3), written(4, 'v1'), written(5, 'a1', { subtype: 'info' })];
    expect(unreadSince(messages, Date.parse(at(2)), me)).toBe(1);
    expect(unreadSince(messages, 0, me)).toBe(2);
  });

  it('reads only the tail after the mark: the messages before it are never looked at', () => {
    const old = Array.from({ length: 5000 }, (_, i) => {
      const message = written(0);
      Object.defineProperty(message, 'createdAt', { get: () => (i < 4999 ? expect.fail(`message ${i} read`) : at(1)) });
      return message;
    });
    expect(unreadSince([...old, written(3), written(4, 'v1'), written(5)], Date.parse(at(2)), me)).toBe(2);
  });

  it('the newest message of a history is its last', () => {
    expect(newestTime([])).toBe(0);
    expect(newestTime([written(1), written(4)])).toBe(Date.parse(at(4)));
    expect(newestTime([{ ...written(1), createdAt: 'soon' }])).toBe(0);
  });
});
