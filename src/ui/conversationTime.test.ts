import { describe, expect, it } from 'vitest';
import { createConversationTime } from './conversationTime.ts';

describe('conversation time', () => {
  const now = new Date(2026, 10, 26, 15, 0).getTime();
  const when = createConversationTime('en-GB');

  it('is the time today, the weekday this week, the date before, with the year of another year', () => {
    expect(when(new Date(2026, 10, 26, 9, 5).getTime(), now)).toBe('9:05');
    expect(when(new Date(2026, 10, 23, 9, 5).getTime(), now)).toBe('Mon');
    expect(when(new Date(2026, 9, 2, 9, 5).getTime(), now)).toBe('2 Oct');
    expect(when(new Date(2025, 9, 2, 9, 5).getTime(), now)).toBe('2 Oct 2025');
  });

  it('says nothing for an unknown time, and survives a language Intl does not know', () => {
    expect(when(0, now)).toBe('');
    expect(createConversationTime('not a language!')(now - 1000, now)).not.toBe('');
  });
});
