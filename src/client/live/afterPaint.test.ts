import { describe, expect, it, vi } from 'vitest';
import { heldFrames } from '../../test/heldFrames.ts';
import { afterPaint } from './afterPaint.ts';

describe('afterPaint', () => {
  const frames = heldFrames();
  const { drawFrame } = frames;
  const withFrames = () => {
    vi.useFakeTimers();
    frames.hold();
  };

  it('runs in the task after the next frame, not in the frame (before it paints) nor before it', () => {
    withFrames();
    const run = vi.fn();
    afterPaint(run);
    vi.advanceTimersByTime(10);
    expect(run).not.toHaveBeenCalled();
    drawFrame();
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(run).toHaveBeenCalledOnce();
    // Once only: the hidden tab's timeout was cleared.
    vi.advanceTimersByTime(100);
    expect(run).toHaveBeenCalledOnce();
  });

  it('runs in a hidden tab, which draws no frames, after a short wait', () => {
    withFrames();
    const run = vi.fn();
    afterPaint(run);
    vi.advanceTimersByTime(40);
    expect(run).toHaveBeenCalledOnce();
    drawFrame();
    vi.advanceTimersByTime(100);
    expect(run).toHaveBeenCalledOnce();
  });

  it('runs nothing once cancelled, before or after the frame', () => {
    withFrames();
    const before = vi.fn();
    afterPaint(before)();
    const after = vi.fn();
    const cancelAfter = afterPaint(after);
    drawFrame();
    cancelAfter();
    vi.advanceTimersByTime(100);
    expect(before).not.toHaveBeenCalled();
    expect(after).not.toHaveBeenCalled();
  });
});
