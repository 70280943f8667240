import { describe, expect, it } from 'vitest';
import { readMarkOf } from './readMark.ts';

describe('a stored read mark', () => {
  it('a stored mark counts for its own conversation only, and anything that is not one is none', () => {
    expect(readMarkOf({ requestId: 'r1', at: 5 }, 'r1')).toBe(5);
    expect(readMarkOf({ requestId: 'r1', at: 0 }, 'r1')).toBe(0);
    expect(readMarkOf({ requestId: 'r2', at: 5 }, 'r1')).toBeNull();
    expect(readMarkOf({ requestId: 'r1', at: 5 }, null)).toBeNull();
    for (const junk of [
      undefined,
      null,
      'r1',
      [5],
      { requestId: 'r1' },
      { requestId: 'r1', at: '5' },
      { requestId: 'r1', at: -1 },
      { requestId: 'r1', at: Infinity },
    ])
      expect(readMarkOf(junk, 'r1')).toBeNull();
  });
});
