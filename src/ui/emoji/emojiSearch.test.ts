import { describe, expect, it } from 'vitest';
import { emojiCategories, moveInGrid, searchEmoji } from './emojiSearch.ts';

const data = [
  ['SMILEYS', '😀 grinning face|😂 face with tears of joy,lol haha|❤️ heavy black heart,love heart red'],
  ['FOOD', '☕ hot beverage,coffee|🍕 slice of pizza'],
] as const;

describe('emoji data and search', () => {
  it('unpacks the generated data with names and extra words', () => {
    const categories = emojiCategories(data);
    expect(categories.map((c) => c.id)).toEqual(['SMILEYS', 'FOOD']);
    expect(categories[0]!.entries[1]).toEqual({ emoji: '😂', words: 'face with tears of joy,lol haha' });
  });

  it('finds emoji by the start of their words, every word of the query, and drops empty categories', () => {
    const categories = emojiCategories(data);
    expect(searchEmoji(categories, 'coff').flatMap((c) => c.entries.map((e) => e.emoji))).toEqual(['☕']);
    expect(searchEmoji(categories, 'LOL').map((c) => c.id)).toEqual(['SMILEYS']);
    expect(searchEmoji(categories, 'face joy').flatMap((c) => c.entries.map((e) => e.emoji))).toEqual(['😂']);
    // Inside a word does not count: "ear" is not "heart".
    expect(searchEmoji(categories, 'ear')).toEqual([]);
    expect(searchEmoji(categories, '  ')).toEqual(categories);
  });

  it('the full set is a few hundred to about a thousand distinct emoji, each with a name', () => {
    const all = emojiCategories().flatMap((c) => c.entries);
    expect(all.length).toBeGreaterThan(300);
    expect(new Set(all.map((e) => e.emoji)).size).toBe(all.length);
    for (const e of all) expect(e.words.split(',')[0]!.length).toBeGreaterThan(1);
  });
});

describe('arrow keys in the emoji grid', () => {
  // Two categories: 10 emoji (rows of 8 + 2) and 3 emoji (one row).
  const sizes = [10, 3];
  it('moves along the reading direction, mirrored in RTL', () => {
    expect(moveInGrid(0, 'ArrowRight', sizes, 8, false)).toBe(1);
    expect(moveInGrid(1, 'ArrowLeft', sizes, 8, false)).toBe(0);
    expect(moveInGrid(0, 'ArrowLeft', sizes, 8, true)).toBe(1);
    expect(moveInGrid(1, 'ArrowRight', sizes, 8, true)).toBe(0);
    expect(moveInGrid(12, 'ArrowRight', sizes, 8, false)).toBe(12);
  });

  it('moves by rows, across categories, keeping the column where the row is long enough', () => {
    expect(moveInGrid(5, 'ArrowDown', sizes, 8, false)).toBe(9); // row 2 has 2 emoji: the last one
    expect(moveInGrid(9, 'ArrowDown', sizes, 8, false)).toBe(11); // next category, column 1
    expect(moveInGrid(11, 'ArrowUp', sizes, 8, false)).toBe(9);
    expect(moveInGrid(9, 'ArrowUp', sizes, 8, false)).toBe(1);
    expect(moveInGrid(3, 'ArrowUp', sizes, 8, false)).toBe(3); // first row: the picker moves to search
    expect(moveInGrid(4, 'End', sizes, 8, false)).toBe(12);
    expect(moveInGrid(4, 'Home', sizes, 8, false)).toBe(0);
    expect(moveInGrid(4, 'a', sizes, 8, false)).toBeNull();
  });
});
