import { WINDOW_SIZES, type ListWindow, type WindowSizes } from './listWindow.ts';

/**
 * Which rows of a list of rows of one height (the home screen's conversations) are rendered: those in
 * view and a step either side, never more than `max`, however long the list (issue 22: 10,000
 * conversations made 80,000 elements). The rows left out are an empty space of their height, so the
 * scrollbar is the whole list's and the rows in view stay where they were as the window moves.
 * Pure: the view (Home.tsx) measures where it is.
 */
export interface RowView {
  /** How far the view's top is below the list's top (px; negative while the list starts lower down). */
  top: number;
  /** The view's height (px). */
  height: number;
  /** One row's height with the gap to the next (px); 0 until laid out. */
  pitch: number;
}

export const NOT_LAID_OUT: RowView = { top: 0, height: 0, pitch: 0 };

/** Until the rows are laid out, the first `initial`: the newest, where the list opens. */
export function rowWindow(count: number, view: RowView, sizes: WindowSizes = WINDOW_SIZES): ListWindow {
  if (!(view.pitch > 0)) return { start: 0, end: Math.min(count, sizes.initial) };
  const top = Math.max(0, view.top);
  const start = Math.max(0, Math.min(Math.floor(top / view.pitch) - sizes.step, count - sizes.initial));
  const inView = Math.ceil((top + view.height) / view.pitch) + sizes.step;
  return { start, end: Math.min(count, Math.max(inView, start + sizes.initial), start + sizes.max) };
}
