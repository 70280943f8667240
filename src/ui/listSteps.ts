import { tailWindow, WINDOW_SIZES, type Keyed, type ListWindow, type WindowSizes } from './listWindow.ts';

/** Earlier messages: `step` more above, the latest ones let go beyond `max`. */
export function growUp(shown: ListWindow, sizes: WindowSizes = WINDOW_SIZES): ListWindow {
  if (shown.start === 0) return shown;
  const start = Math.max(0, shown.start - sizes.step);
  return { start, end: Math.min(shown.end, start + sizes.max) };
}

/** Later messages: `step` more below, the earliest ones let go beyond `max`. */
export function growDown(shown: ListWindow, length: number, sizes: WindowSizes = WINDOW_SIZES): ListWindow {
  if (shown.end >= length) return shown;
  const end = Math.min(length, shown.end + sizes.step);
  return { start: Math.max(shown.start, end - sizes.max), end };
}

/**
 * The step a scroll asks for (`toward` the end of what is rendered that it came near). While the
 * list follows the conversation (listWindow.ts `follows`), a step that would let go of the latest
 * message is not taken: the visitor would stop following without having scrolled away (a window at
 * its cap whose messages are short is near its top while at its bottom).
 */
export function stepWindow(shown: ListWindow, length: number, toward: 'up' | 'down' | null, following: boolean, sizes: WindowSizes = WINDOW_SIZES): ListWindow {
  const next = toward === 'up' ? growUp(shown, sizes) : toward === 'down' ? growDown(shown, length, sizes) : shown;
  return following && next.end < length ? shown : next;
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
  // The usual case, at no cost: messages added at the end.
  if (latest && after[before.length - 1]?.key === latest.key) return after.slice(before.length);
  if (!latest || !after.some((m) => m.key === latest.key)) return [];
  const held = new Set(before.map((m) => m.key));
  return after.filter((m) => !held.has(m.key));
}
