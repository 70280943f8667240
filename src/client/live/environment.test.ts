import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLOCK_MS, createEnvironment } from './environment.ts';

describe('createEnvironment', () => {
  afterEach(() => void vi.useRealTimers());

  it('follows online/offline and page visibility, and stops following when disposed', () => {
    const env = createEnvironment(window);
    expect(env.online.value).toBe(true);
    window.dispatchEvent(new Event('offline'));
    expect(env.online.value).toBe(false);
    window.dispatchEvent(new Event('online'));
    expect(env.online.value).toBe(true);

    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(env.visible.value).toBe(false);
    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(env.visible.value).toBe(true);

    env.dispose();
    window.dispatchEvent(new Event('offline'));
    expect(env.online.value).toBe(true);
    visibility.mockRestore();
  });

  it('ticks its clock every 30 s', () => {
    vi.useFakeTimers();
    const env = createEnvironment(window);
    const start = env.clock.value;
    vi.advanceTimersByTime(CLOCK_MS - 1);
    expect(env.clock.value).toBe(start);
    vi.advanceTimersByTime(1);
    expect(env.clock.value).toBe(start + CLOCK_MS);
    expect(CLOCK_MS).toBe(30_000);
    env.dispose();
  });

  it('a matchMedia that throws (a hostile page, an odd embedder) is no phone, not a failure', () => {
    const win = Object.assign(Object.create(window) as Window, {
      matchMedia: () => {
        throw new TypeError('matchMedia is not available');
      },
    });
    const env = createEnvironment(win);
    expect(env.isMobile()).toBe(false);
    env.dispose();
  });
});
