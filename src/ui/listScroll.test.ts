import { describe, expect, it } from 'vitest';
import { captureAnchor, restoreAnchor } from './listScroll.ts';

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
});
