/**
 * Which messages the list renders: a window `[start, end)` of the conversation, never all of it. A
 * long history (10,000 messages) would otherwise put tens of thousands of elements in the shadow root
 * and re-lay them out on every change. The window opens on the last messages; it grows by a step on
 * scrolling towards either end and, past `max`, lets go of the far side. The rules of a window that
 * moves (listSteps.ts) load with listScroll.ts once a conversation is longer than its window: a
 * short one only ever shows its tail. Pure rules: the view (MessageList) measures and keeps the
 * scroll position.
 */
export interface ListWindow {
  start: number;
  /** exclusive */
  end: number;
}

export interface WindowSizes {
  /** messages shown on opening: a phone's screen of short ones and more (the window's first frame renders these only) */
  initial: number;
  /** added per step: small enough to render and lay out within a frame's budget on a slow phone (issue 9: 50 ms at 4× CPU) */
  step: number;
  /** at most: a few screens either side of the one in view (a step needs one), what a step lays out and paints stays small, and with about ten elements a message it is far under the 3,000-element cap (issue 9) */
  max: number;
}

export const WINDOW_SIZES: WindowSizes = { initial: 20, step: 5, max: 60 };

export interface Keyed {
  key: string;
}

export function tailWindow(length: number, sizes: WindowSizes = WINDOW_SIZES): ListWindow {
  return { start: Math.max(0, length - sizes.initial), end: length };
}

/**
 * Where a parked list (windowPreparation.ts: rendered ahead of the first tap, while the page is
 * idle) starts this time: every message of `shown` it has rendered already, and at most `fresh`
 * others counted from the end; the rest come at the next idle moment. A history that arrives while
 * the window is closed is then never rendered in one long task of the host page.
 */
export function parkedStart(messages: readonly Keyed[], shown: ListWindow, rendered: ReadonlySet<string>, fresh: number): number {
  let added = 0;
  for (let i = shown.end - 1; i >= shown.start; i--) {
    if (!rendered.has(messages[i]!.key) && ++added > fresh) return i + 1;
  }
  return shown.start;
}

/** Where a scroll left the view: at the bottom of what is rendered, and above where it was last (the visitor scrolled up). */
export interface ViewMove {
  atBottom: boolean;
  up: boolean;
}

/**
 * Whether the list follows the conversation (its window holds the latest message, and new ones
 * scroll into view) after the view moved. It does at the bottom of a window that holds the latest
 * message; it lets go when the visitor scrolls up, and only then: the list's own moves (to the
 * bottom, as messages come and go; a step's place kept) are where `up` is measured from, not a move
 * of the visitor's, even when the content grew under them before the browser reported the scroll.
 * While it follows, the window never lets go of the latest message (listSteps.ts `stepWindow`,
 * `carryWindow`).
 */
export function follows(was: boolean, shown: ListWindow, length: number, view: ViewMove): boolean {
  return shown.end >= length && (view.atBottom || (was && !view.up));
}

/**
 * What the list rendered last: the messages and the window over them; and, once the conversation
 * is longer than its window (listScroll.ts loaded), which messages arrived while it was on screen,
 * the only ones the live region announces (`news`; null: all are, as in a short conversation).
 */
export interface ShownList<T extends Keyed> {
  messages: readonly T[];
  window: ListWindow;
  news: Set<string> | null;
}
