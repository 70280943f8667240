import { WINDOW_SIZES, type ListWindow, type WindowSizes } from './listWindow.ts';

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
