import { vi } from 'vitest';

/**
 * Runs `start`, then lets `ms` pass on a fake clock for the timers it and what follows set (timers
 * set before keep the real clock), running the promises freed on the way: a "nothing happens" check
 * waits past the code's own delays and fallbacks instead of guessing real milliseconds. A timer of
 * that time still due when it ends never fires: use it last in a test, or for what ends within `ms`.
 */
export async function afterFakeTime(ms: number, start: () => unknown = () => {}): Promise<void> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  try {
    await start();
    await vi.advanceTimersByTimeAsync(ms);
  } finally {
    vi.useRealTimers();
  }
}

/**
 * Resolves in the next task: after every promise job queued now, and those they queue, has run. Not a
 * wait for time: for code that sets no timer, what a step set off is then done, however slow the machine.
 */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
