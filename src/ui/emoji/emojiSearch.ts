import { EMOJI_DATA } from './emojiData.ts';

export interface EmojiEntry {
  emoji: string;
  /** English search words: its name, then after a comma a few more ("red heart,love"). */
  words: string;
}

export interface EmojiCategory {
  /** Suffix of its text key, `EMOJI_CATEGORY_<id>`. */
  id: string;
  entries: EmojiEntry[];
}

/** The generated data, unpacked once per picker (it is a compact string per category). */
export function emojiCategories(data: ReadonlyArray<readonly [string, string]> = EMOJI_DATA): EmojiCategory[] {
  return data.map(([id, packed]) => ({
    id,
    entries: packed.split('|').map((item) => {
      const cut = item.indexOf(' ');
      return { emoji: item.slice(0, cut), words: item.slice(cut + 1) };
    }),
  }));
}

/**
 * The categories with only the emoji whose words start with every word of the query ("hea"
 * finds "heart"; "red heart" needs both). An empty query keeps everything.
 */
export function searchEmoji(categories: readonly EmojiCategory[], query: string): EmojiCategory[] {
  const terms = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!terms.length) return [...categories];
  return categories
    .map((c) => ({ id: c.id, entries: c.entries.filter((e) => terms.every((t) => ` ${e.words.replace(',', ' ')}`.includes(` ${t}`) || e.emoji === t)) }))
    .filter((c) => c.entries.length);
}

/**
 * Arrow-key movement in the picker: each category is its own block of rows `columns` wide, so Up
 * and Down move to the row above or below (across categories) keeping the column where it can.
 * Left and Right follow the reading direction (mirrored in RTL). Home/End go to the ends.
 * Returns the new flat index, or null for a key that does not move.
 */
export function moveInGrid(index: number, key: string, sizes: readonly number[], columns: number, rtl: boolean): number | null {
  const rows: Array<{ start: number; length: number }> = [];
  let start = 0;
  for (const size of sizes) {
    for (let i = 0; i < size; i += columns) rows.push({ start: start + i, length: Math.min(columns, size - i) });
    start += size;
  }
  const total = start;
  if (!total) return null;
  const row = rows.findIndex((r) => index >= r.start && index < r.start + r.length);
  const column = index - rows[row]!.start;
  const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
  const back = rtl ? 'ArrowRight' : 'ArrowLeft';
  const toRow = (r: number) => rows[r]!.start + Math.min(column, rows[r]!.length - 1);
  switch (key) {
    case forward:
      return Math.min(index + 1, total - 1);
    case back:
      return Math.max(index - 1, 0);
    case 'ArrowDown':
      return row < rows.length - 1 ? toRow(row + 1) : index;
    case 'ArrowUp':
      return row > 0 ? toRow(row - 1) : index;
    case 'Home':
      return 0;
    case 'End':
      return total - 1;
    default:
      return null;
  }
}
