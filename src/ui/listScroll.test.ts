import { describe, expect, it } from 'vitest';
import type { TimedMessage } from '../client/conversation/splitMessages.ts';
import { captureAnchor, keepPlace, restoreAnchor, scrolled, type ScrollAnchor } from './listScroll.ts';
import type { ShownList } from './listWindow.ts';

/** A list of `count` messages 40 px tall, scrolled by `scrollTop`: each box as the browser would measure it, its reads counted. */
function laidOutList(count: number, scrollTop: number) {
  const list = document.createElement('div');
  let reads = 0;
  let offset = scrollTop;
  Object.defineProperty(list, 'scrollTop', { get: () => offset, set: (v: number) => (offset = v) });
  list.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: 100, width: 300, height: 500 });
  for (let i = 0; i < count; i++) {
    const li = document.createElement('li');
    li.dataset.key = `m${i}`;
    li.getBoundingClientRect = () => {
      reads++;
      return DOMRect.fromRect({ x: 0, y: 100 + i * 40 - offset, width: 300, height: 40 });
    };
    list.appendChild(li);
  }
  return { list, reads: () => reads, scroll: (by: number) => (offset += by) };
}

describe('listScroll: the anchor a step keeps', () => {
  it('is the first message in view, found by reading a handful of boxes, not every message', () => {
    const { list, reads } = laidOutList(60, 1010);
    // 1010 px down: message 25 (1000–1040) is cut by the top edge, 10 px of it above.
    expect(captureAnchor(list)).toEqual({ key: 'm25', top: -10 });
    expect(reads()).toBeLessThanOrEqual(8);
  });

  it('is the first message when nothing is scrolled, and none in an empty list', () => {
    expect(captureAnchor(laidOutList(60, 0).list)).toEqual({ key: 'm0', top: 0 });
    expect(captureAnchor(laidOutList(0, 0).list)).toBeNull();
  });

  it('is put back where it was after messages came in above it', () => {
    const { list, scroll } = laidOutList(60, 1010);
    const anchor = captureAnchor(list)!;
    // Five messages rendered above: everything moved down by 200 px.
    scroll(-200);
    restoreAnchor(list, anchor);
    expect(captureAnchor(list)).toEqual(anchor);
  });

  it('is kept once after the render that moved it, then let go (the list reads its position from there)', () => {
    const { list, scroll } = laidOutList(60, 1010);
    const note: { current: ScrollAnchor | null } = { current: captureAnchor(list) };
    scroll(-200);
    expect(keepPlace(list, note)).toBe(1010);
    expect(note.current).toBeNull();
    scroll(-200);
    expect(keepPlace(list, note)).toBe(810);
  });
});

describe('listScroll: a scroll of a long conversation', () => {
  /** 100 messages, the window on 40–60 (the laid-out list's 20 items), the view 500 px tall. */
  function longList(scrollTop: number, scrollHeight = 800) {
    const laid = laidOutList(20, scrollTop);
    for (const [i, li] of [...laid.list.querySelectorAll('li')].entries()) li.dataset.key = `m${40 + i}`;
    Object.defineProperty(laid.list, 'clientHeight', { value: 500 });
    Object.defineProperty(laid.list, 'scrollHeight', { value: scrollHeight });
    const messages = Array.from({ length: 100 }, (_, i) => ({ key: `m${i}` }) as TimedMessage);
    const shown: ShownList<TimedMessage> = { messages, window: { start: 40, end: 60 }, news: new Set(['m59']) };
    return { ...laid, shown };
  }

  it('near the top takes a step up, noting the first message in view to keep in place', () => {
    const { list, shown } = longList(10);
    const anchor: { current: ScrollAnchor | null } = { current: null };
    expect(scrolled(list, shown, false, anchor)).toBe(true);
    expect(shown.window).toEqual({ start: 35, end: 60 });
    expect(anchor.current).toEqual({ key: 'm40', top: -10 });
    // The latest messages are not in the window: shown again later, they are not news.
    expect(shown.news?.size).toBe(0);
  });

  it('takes one step at a time: none while the last one waits to be rendered, none away from either end', () => {
    const waiting = longList(10);
    const pending = { current: { key: 'm40', top: 0 } };
    expect(scrolled(waiting.list, waiting.shown, false, pending)).toBe(false);
    expect(waiting.shown.window).toEqual({ start: 40, end: 60 });

    const middle = longList(600, 1600);
    const anchor: { current: ScrollAnchor | null } = { current: null };
    expect(scrolled(middle.list, middle.shown, false, anchor)).toBe(false);
    expect(anchor.current).toBeNull();
  });
});
