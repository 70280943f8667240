import { describe, expect, it } from 'vitest';
import { normalizeTyping } from './typing.ts';

describe('normalizeTyping', () => {
  it('keeps typing, sender and a trimmed, bounded name', () => {
    expect(normalizeTyping({ typing: true, sender: 'a1', senderFullname: ' Ann Agent ' })).toEqual({ typing: true, sender: 'a1', senderFullname: 'Ann Agent' });
    expect(normalizeTyping({ typing: 'false', sender: 7 })).toEqual({ typing: false, sender: '7' });
    expect(normalizeTyping({ sender: 'a1', senderFullname: 'x'.repeat(500) })?.senderFullname).toHaveLength(200);
  });

  it('a missing or odd typing flag counts as typing; a blank name is dropped', () => {
    expect(normalizeTyping({ sender: 'a1', typing: {}, senderFullname: '  ' })).toEqual({ typing: true, sender: 'a1' });
  });

  it('skips anything without a sender, never throws', () => {
    for (const raw of [null, undefined, 1, 'x', [], {}, { typing: true }, { sender: '' }, { sender: null }, { sender: {} }]) {
      expect(normalizeTyping(raw)).toBeNull();
    }
  });
});
