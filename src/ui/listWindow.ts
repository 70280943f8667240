/**
 * Which messages the list renders: a window `[start, end)` of the conversation, never all of it. A
 * long history (10,000 messages) would otherwise put tens of thousands of elements in the shadow root
 * and re-lay them out on every change. The window opens on the last messages; it grows by a step on
 * scrolling towards either end and, past `max`, lets go of the far side (listSteps.ts, loaded with
 * listScroll.ts once a conversation is longer than its window). Pure rules: the view (MessageList)
 * measures and keeps the scroll position.
 */
export interface ListWindow {
  start: number;
  /** exclusive */
  end: number;
}

export interface WindowSizes {
  /** messages shown on opening: a few screens */
  initial: number;
  /** added per step: small enough to render within one frame on a slow phone */
  step: number;
  /** at most: with about ten elements a message, well under the 3,000-element cap (issue 9) */
  max: number;
}

export const WINDOW_SIZES: WindowSizes = { initial: 30, step: 20, max: 120 };

interface Keyed {
  key: string;
}

export function tailWindow(length: number, sizes: WindowSizes = WINDOW_SIZES): ListWindow {
  return { start: Math.max(0, length - sizes.initial), end: length };
}

/**
 * The window over a list that changed. Messages only added at the end (the usual case) leave every
 * index as it was: a window showing the latest message takes the new ones in, another stays on what
 * it showed (unless `follow`: the view is at the bottom, or the visitor just wrote). Any other
 * change (the history loaded, another conversation) opens on the tail.
 */
export function carryWindow(
  shown: ListWindow,
  before: readonly Keyed[],
  after: readonly Keyed[],
  follow: boolean,
  sizes: WindowSizes = WINDOW_SIZES,
): ListWindow {
  const tail = shown.end >= before.length;
  const appended = before.length > 0 && after[before.length - 1]?.key === before[before.length - 1]!.key;
  if (!appended || (follow && !tail)) return tailWindow(after.length, sizes);
  return tail ? { start: Math.max(shown.start, after.length - sizes.max), end: after.length } : shown;
}

/**
 * What arrived (or was sent) since `before`: the messages it did not hold. Nothing when it held
 * none (a history loading is not news) or its latest is gone (another conversation).
 */
export function arrivals<T extends Keyed>(before: readonly Keyed[], after: readonly T[]): T[] {
  const latest = before[before.length - 1];
  if (!latest || !after.some((m) => m.key === latest.key)) return [];
  const held = new Set(before.map((m) => m.key));
  return after.filter((m) => !held.has(m.key));
}
