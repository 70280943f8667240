import { describe, expect, it } from 'vitest';
import { characterCount, isTooLong, MAX_MESSAGE_CHARS } from './messageLength.ts';

describe('message length', () => {
  it('counts characters, not UTF-16 units', () => {
    expect(characterCount('abc')).toBe(3);
    expect(characterCount('👋🏽 hi')).toBe(5);
    // A lone surrogate still counts as one.
    expect(characterCount('\udc00\ud800')).toBe(2);
  });
  it(`refuses more than ${MAX_MESSAGE_CHARS} characters, however they are encoded`, () => {
    expect(isTooLong('a'.repeat(MAX_MESSAGE_CHARS))).toBe(false);
    expect(isTooLong('a'.repeat(MAX_MESSAGE_CHARS + 1))).toBe(true);
    expect(isTooLong('😀'.repeat(MAX_MESSAGE_CHARS))).toBe(false);
    expect(isTooLong('😀'.repeat(MAX_MESSAGE_CHARS + 1))).toBe(true);
    expect(isTooLong('Z'.repeat(1e6))).toBe(true);
  });
  it('keeps the largest allowed text, JSON-escaped, far below the service body limit', () => {
    const worst = '\u0001'.repeat(MAX_MESSAGE_CHARS);
    expect(new TextEncoder().encode(JSON.stringify({ text: worst })).length).toBeLessThan(512_000 / 4);
  });
});
