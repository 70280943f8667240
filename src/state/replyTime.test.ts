import { describe, expect, it } from 'vitest';
import { replyTimeText } from './replyTime.ts';

describe('replyTimeText', () => {
  it('words the wait in minutes, at least one, then in hours', () => {
    expect(replyTimeText(5_000, 'en')).toBe('1 minute');
    expect(replyTimeText(150_000, 'en')).toBe('3 minutes');
    expect(replyTimeText(59 * 60_000, 'en')).toBe('59 minutes');
    expect(replyTimeText(2.4 * 3600_000, 'en')).toBe('2 hours');
  });

  it("speaks the visitor's language", () => {
    expect(replyTimeText(180_000, 'it')).toBe('3 minuti');
    expect(replyTimeText(3600_000, 'de')).toBe('1 Stunde');
  });
});
