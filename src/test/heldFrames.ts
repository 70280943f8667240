import { afterEach, vi } from 'vitest';

/**
 * The page's animation frames, held until the test draws one (`drawFrame`): `requestAnimationFrame`
 * queues, `cancelAnimationFrame` takes a queued one back. A test file that calls it gets the real
 * ones (and real timers) back after each test.
 */
export function heldFrames() {
  const frames: FrameRequestCallback[] = [];
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    frames.length = 0;
  });
  return {
    hold() {
      vi.stubGlobal('requestAnimationFrame', (run: FrameRequestCallback) => frames.push(run));
      vi.stubGlobal('cancelAnimationFrame', (id: number) => void (frames[id - 1] = () => undefined));
    },
    drawFrame: () => frames.splice(0).forEach((run) => run(performance.now())),
    get waiting() {
      return frames.length;
    },
  };
}
