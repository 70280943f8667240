import { describe, expect, it } from 'vitest';
import { arrivals, carryWindow, growDown, growUp, stepWindow } from './listSteps.ts';
import { follows, parkedStart, tailWindow, WINDOW_SIZES, type WindowSizes } from './listWindow.ts';

const sizes: WindowSizes = { initial: 4, step: 3, max: 6 };
const list = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => ({ key: `m${from + i}` }));

describe('listWindow', () => {
  it('opens on the last messages', () => {
    expect(tailWindow(10, sizes)).toEqual({ start: 6, end: 10 });
    expect(tailWindow(2, sizes)).toEqual({ start: 0, end: 2 });
    expect(tailWindow(0, sizes)).toEqual({ start: 0, end: 0 });
  });

  it('grows by a step towards either end, letting go of the far side past the maximum, and reaches the first message', () => {
    let w = tailWindow(20, sizes);
    w = growUp(w, sizes);
    expect(w).toEqual({ start: 13, end: 19 });
    for (let i = 0; i < 10; i++) {
      w = growUp(w, sizes);
      expect(w.end - w.start).toBeLessThanOrEqual(sizes.max);
    }
    expect(w).toEqual({ start: 0, end: 6 });
    expect(growUp(w, sizes)).toBe(w);
    w = growDown(w, 20, sizes);
    expect(w).toEqual({ start: 3, end: 9 });
    for (let i = 0; i < 10; i++) w = growDown(w, 20, sizes);
    expect(w).toEqual({ start: 14, end: 20 });
    expect(growDown(w, 20, sizes)).toBe(w);
  });

  it('keeps the element cap at any history length with the real sizes', () => {
    for (const length of [5_000, 10_000]) {
      let w = tailWindow(length);
      while (w.start > 0) {
        w = growUp(w);
        expect(w.end - w.start).toBeLessThanOrEqual(WINDOW_SIZES.max);
      }
      // About ten elements a message (bubble, body, name, time, text…): well under 3,000.
      expect(WINDOW_SIZES.max * 12).toBeLessThan(3_000);
    }
  });

  it('carries the window over appended messages: new ones join the tail it shows', () => {
    const before = list(0, 10);
    expect(carryWindow({ start: 6, end: 10 }, before, list(0, 12), false, sizes)).toEqual({ start: 6, end: 12 });
    // Past the maximum the earliest ones go.
    expect(carryWindow({ start: 6, end: 10 }, before, list(0, 15), true, sizes)).toEqual({ start: 9, end: 15 });
  });

  it('a window away from the tail stays on the messages it showed; following (the visitor wrote) goes to the tail', () => {
    const before = list(0, 30);
    expect(carryWindow({ start: 5, end: 11 }, before, list(0, 31), false, sizes)).toEqual({ start: 5, end: 11 });
    expect(carryWindow({ start: 5, end: 11 }, before, list(0, 31), true, sizes)).toEqual(tailWindow(31, sizes));
  });

  it('opens on the tail of a list that changed otherwise: the history loaded, another conversation, a message gone', () => {
    expect(carryWindow({ start: 0, end: 0 }, [], list(0, 5000), false, sizes)).toEqual({ start: 4996, end: 5000 });
    expect(carryWindow({ start: 2, end: 6 }, list(0, 6), list(100, 110), false, sizes)).toEqual({ start: 6, end: 10 });
    expect(carryWindow({ start: 2, end: 6 }, list(0, 30), list(1, 30), false, sizes)).toEqual({ start: 25, end: 29 });
    expect(carryWindow({ start: 2, end: 6 }, list(0, 6), [], false, sizes)).toEqual({ start: 0, end: 0 });
  });
});

describe('following the conversation', () => {
  const tail = { start: 40, end: 100 };
  it('starts at the bottom of a window holding the latest message, wherever it came from', () => {
    expect(follows(false, tail, 100, { atBottom: true, up: true })).toBe(true);
    expect(follows(false, tail, 100, { atBottom: true, up: false })).toBe(true);
  });

  it('goes on when content grew under the list (not at the bottom, not scrolled up) and stops when the visitor scrolls up', () => {
    expect(follows(true, tail, 100, { atBottom: false, up: false })).toBe(true);
    expect(follows(true, tail, 100, { atBottom: false, up: true })).toBe(false);
    expect(follows(false, tail, 100, { atBottom: false, up: false })).toBe(false);
  });

  it('never follows in a window without the latest message, even at its bottom', () => {
    expect(follows(true, { start: 10, end: 70 }, 100, { atBottom: true, up: false })).toBe(false);
  });

  it('a step never lets go of the latest message while following, also exactly at the cap; otherwise it is taken', () => {
    const atCap = { start: 14, end: 20 };
    expect(stepWindow(atCap, 20, 'up', true, sizes)).toBe(atCap);
    expect(stepWindow(atCap, 20, 'up', false, sizes)).toEqual({ start: 11, end: 17 });
    // Below the cap a step up keeps the latest: taken while following.
    expect(stepWindow({ start: 17, end: 20 }, 20, 'up', true, sizes)).toEqual({ start: 14, end: 20 });
    // One short of the cap: a full step would let go of one.
    expect(stepWindow({ start: 15, end: 20 }, 20, 'up', true, sizes)).toEqual({ start: 15, end: 20 });
    expect(stepWindow({ start: 5, end: 11 }, 20, 'down', false, sizes)).toEqual({ start: 8, end: 14 });
    expect(stepWindow(atCap, 20, null, false, sizes)).toBe(atCap);
  });
});

describe('arrivals', () => {
  it('is what the list did not hold before, wherever it came in', () => {
    expect(arrivals(list(0, 3), list(0, 5)).map((m) => m.key)).toEqual(['m3', 'm4']);
    expect(arrivals(list(0, 3), list(0, 3))).toEqual([]);
    // An agent's reply that lands before the visitor's message still on its way.
    const reply = { key: 'reply' };
    expect(arrivals(list(0, 3), [...list(0, 2), reply, ...list(2, 3)])).toEqual([reply]);
  });

  it('is nothing when the history loads (nothing before) or the conversation changed', () => {
    expect(arrivals([], list(0, 5000))).toEqual([]);
    expect(arrivals(list(0, 3), list(10, 12))).toEqual([]);
  });
});

describe('parkedStart', () => {
  const keyed = (n: number) => Array.from({ length: n }, (_, i) => ({ key: `m${i}` }));
  const keys = (...indexes: number[]) => new Set(indexes.map((i) => `m${i}`));

  it('adds at most `fresh` messages not rendered before, counted from the end of the window', () => {
    const messages = keyed(1000);
    expect(parkedStart(messages, { start: 980, end: 1000 }, new Set(), 5)).toBe(995);
    expect(parkedStart(messages, { start: 980, end: 1000 }, keys(995, 996, 997, 998, 999), 5)).toBe(990);
  });

  it('keeps what it rendered: a message arriving adds itself, the window start is reached in the end', () => {
    const messages = keyed(21);
    const before = new Set(Array.from({ length: 20 }, (_, i) => `m${i}`));
    expect(parkedStart(messages, { start: 1, end: 21 }, before, 5)).toBe(1);
    expect(parkedStart(keyed(3), { start: 0, end: 3 }, new Set(), 5)).toBe(0);
  });
});
