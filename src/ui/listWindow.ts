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

/** Where the message with `key` is now: where it was (the usual case: messages only appended), or searched. */
function indexOf(list: readonly Keyed[], key: string, was: number): number {
  return list[was]?.key === key ? was : list.findIndex((m) => m.key === key);
}

/**
 * The window over a list that changed: the messages it showed stay shown. With the latest message in
 * view, new ones join below it (`follow`: the view is at the bottom, or the visitor just wrote, and
 * the window becomes the tail). A list it cannot find its messages in (another conversation) opens
 * on its tail.
 */
export function carryWindow(
  shown: ListWindow,
  before: readonly Keyed[],
  after: readonly Keyed[],
  follow: boolean,
  sizes: WindowSizes = WINDOW_SIZES,
): ListWindow {
  const showedTail = shown.end >= before.length;
  if (!after.length || shown.end <= shown.start || (follow && !showedTail)) return tailWindow(after.length, sizes);
  const start = indexOf(after, before[shown.start]!.key, shown.start);
  if (start < 0) return tailWindow(after.length, sizes);
  let end = after.length;
  if (!showedTail && !follow) {
    const last = indexOf(after, before[shown.end - 1]!.key, shown.end - 1);
    end = last < start ? Math.min(after.length, start + shown.end - shown.start) : last + 1;
  }
  return { start: Math.max(start, end - sizes.max), end };
}

/**
 * The messages added at the end since `before`: what arrived (or was sent) while the list was on
 * screen. Nothing when `before` was empty (the history loading is not news) or its last message is
 * gone (another conversation).
 */
export function appendedSince<T extends Keyed>(before: readonly Keyed[], after: readonly T[]): T[] {
  const last = before[before.length - 1];
  if (!last) return [];
  const at = indexOf(after, last.key, before.length - 1);
  return at < 0 ? [] : after.slice(at + 1);
}
