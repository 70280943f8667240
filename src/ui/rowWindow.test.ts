import { describe, expect, it } from 'vitest';
import { WINDOW_SIZES } from './listWindow.ts';
import { NOT_LAID_OUT, rowWindow } from './rowWindow.ts';

const { initial, step, max } = WINDOW_SIZES;
const pitch = 50;
const height = 500;

describe('rowWindow', () => {
  it('opens on the first rows, before any layout and at the top', () => {
    expect(rowWindow(10_000, NOT_LAID_OUT)).toEqual({ start: 0, end: initial });
    expect(rowWindow(10_000, { top: 0, height, pitch })).toEqual({ start: 0, end: initial });
    expect(rowWindow(3, NOT_LAID_OUT)).toEqual({ start: 0, end: 3 });
    expect(rowWindow(0, { top: 0, height, pitch })).toEqual({ start: 0, end: 0 });
  });

  it('renders the rows in view and a step either side, wherever the view is', () => {
    const shown = rowWindow(10_000, { top: 5_000 * pitch, height, pitch });
    expect(shown).toEqual({ start: 5_000 - step, end: 5_000 + height / pitch + step });
    // The list starting below the view's top (the welcome above it): from its first row.
    expect(rowWindow(10_000, { top: -300, height, pitch }).start).toBe(0);
  });

  it('at the end, the last rows (at least `initial`); never more than `max`, however tall the view', () => {
    expect(rowWindow(10_000, { top: 10_000 * pitch - height, height, pitch })).toEqual({ start: 10_000 - initial, end: 10_000 });
    expect(rowWindow(10_000, { top: 9_000 * pitch, height, pitch })).toEqual({ start: 9_000 - step, end: 9_000 + height / pitch + step });
    expect(rowWindow(10_000, { top: 1e9, height, pitch })).toEqual({ start: 10_000 - initial, end: 10_000 });
    const tall = rowWindow(10_000, { top: 0, height: 100_000, pitch });
    expect(tall.end - tall.start).toBe(max);
  });
});
