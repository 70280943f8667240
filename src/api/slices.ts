/**
 * Long work in slices with the page running between them (issue 9 §1: no task of ours over 50 ms on
 * a slow phone). A history of thousands of messages is read, normalised and turned into chat
 * messages this way. A chunk of its own: only a long history needs it (a first open never does).
 * Nothing here is module-level state: each piece of work makes its own clock.
 */
import { historyReader } from './normalize/message.ts';
import type { WireMessage } from './wire.ts';
import { yieldToPage } from './yieldToPage.ts';

export { yieldToPage };

/** Where a slice ends: `due()` once it has run its time; `next()` lets the page run and starts the next. */
export interface Slices {
  due(): boolean;
  next(): Promise<void>;
}

/** Slices of `budgetMs` (a few ms: a slow phone runs 4× slower than the machine that measured it). */
export function createSlices(budgetMs = 8, pause: () => Promise<void> = yieldToPage, now: () => number = () => performance.now()): Slices {
  let start = now();
  return {
    due: () => now() - start >= budgetMs,
    async next() {
      await pause();
      start = now();
    },
  };
}

/** Items done between two reads of the clock. */
const CLOCK_EVERY = 16;

/** Runs `step` over `items` in slices (all at once without `slices`). */
export async function eachInSlices<T>(items: readonly T[], step: (item: T, index: number) => void, slices?: Slices): Promise<void> {
  for (let i = 0; i < items.length; i++) {
    // The clock is read every few items: reading it costs about what one item does.
    if (i % CLOCK_EVERY === 0 && slices?.due()) await slices.next();
    step(items[i]!, i);
  }
}

/** `normalizeMessages`, the same result, in slices (the first one after a yield: parsing it was long). */
export async function normalizeMessagesInSlices(value: unknown[], fallbackTime: number = Date.now()): Promise<WireMessage[]> {
  const reader = historyReader(fallbackTime);
  const slices = createSlices();
  await slices.next();
  await eachInSlices(value, reader.read, slices);
  return reader.messages;
}

/** `step(end)` for `end` = `size`, `2 × size`, … up to `length`, in slices (their own, or those of the work before). */
export async function growInSlices(length: number, size: number, step: (end: number) => void, slices: Slices = createSlices()): Promise<void> {
  for (let end = 0; end < length;) {
    if (slices.due()) await slices.next();
    step((end = Math.min(length, end + size)));
  }
}

/** Runs `steps` (a generator that stops now and then, e.g. state/chatMessage.ts `mergeSteps`) to its end, in slices. */
export async function runInSlices<T>(steps: Iterator<unknown, T>, slices: Slices = createSlices()): Promise<T> {
  for (;;) {
    if (slices.due()) await slices.next();
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** How much of an answer's text one JSON.parse reads at a time (under a millisecond at 4× CPU). */
const PIECE_CHARS = 64 * 1024;

/**
 * `JSON.parse(text)` of a long JSON array, the same result, in slices: one parse of a history of
 * thousands of messages is a long task of its own on a slow phone (≈ 35 ms and its garbage at 4×).
 * The text is cut where one object item ends and the next begins (`},{`); a cut that is not there
 * (inside a string, or inside an item's own array of objects) leaves `[` + piece + `]` unbalanced or
 * with an open string, which JSON.parse refuses, and the piece grows to the next one. A piece that
 * parses is therefore whole items, in order. Throws where JSON.parse of the whole text throws.
 */
export async function parseArrayInSlices(text: string, slices: Slices = createSlices(), pieceChars = PIECE_CHARS): Promise<unknown> {
  if (!/^\s*\[/.test(text)) return JSON.parse(text);
  const items: unknown[] = [];
  let start = text.indexOf('[') + 1;
  for (let cut = text.indexOf('},{', start + pieceChars); cut !== -1; cut = text.indexOf('},{', cut + 1)) {
    let piece: unknown;
    try {
      piece = JSON.parse(`[${text.slice(start, cut + 1)}]`);
    } catch {
      continue;
    }
    for (const item of piece as unknown[]) items.push(item);
    start = cut + 2;
    if (slices.due()) await slices.next();
    cut = text.indexOf('},{', start + pieceChars) - 1;
    if (cut < 0) break;
  }
  const rest: unknown = JSON.parse(`[${text.slice(start)}`);
  for (const item of rest as unknown[]) items.push(item);
  return items;
}
