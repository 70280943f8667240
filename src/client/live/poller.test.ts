import { signal } from '@preact/signals-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPoller } from './poller.ts';
import { nextSlot, POLL_ACTIVE_MS, POLL_CLOSED_MS } from '../../state/pollSchedule.ts';

describe('createPoller', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  function setup(state: { hasConversation?: boolean; windowOpen?: boolean } = {}) {
    const env = { online: signal(true), visible: signal(true) };
    const look = { hasConversation: true, windowOpen: false, ...state };
    const tick = vi.fn(() => Promise.resolve());
    const onOnline = vi.fn();
    const poller = createPoller({ env, tick, onOnline, state: () => ({ ...look, msSinceActivity: 0 }) });
    return { env, look, tick, onOnline, poller };
  }

  it('looks on the schedule of the state it reads, and again after each look', async () => {
    const { tick, poller } = setup();
    await vi.advanceTimersByTimeAsync(POLL_CLOSED_MS - 1);
    expect(tick).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(tick).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(POLL_CLOSED_MS);
    expect(tick).toHaveBeenCalledTimes(2);
    poller.stop();
  });

  it('re-reads the state on reschedule (the window opened)', async () => {
    const { tick, look, poller } = setup();
    look.windowOpen = true;
    poller.reschedule();
    await vi.advanceTimersByTimeAsync(POLL_ACTIVE_MS);
    expect(tick).toHaveBeenCalledTimes(1);
    poller.stop();
  });

  it('pauses in a hidden page and looks at once when it is seen again', async () => {
    const { tick, env, poller } = setup();
    env.visible.value = false;
    await vi.advanceTimersByTimeAsync(POLL_CLOSED_MS * 4);
    expect(tick).not.toHaveBeenCalled();
    env.visible.value = true;
    expect(tick).toHaveBeenCalledTimes(1);
    poller.stop();
  });

  it('pauses offline; back online it resumes the outbox first, then looks at once', async () => {
    const { tick, env, onOnline, poller } = setup();
    env.online.value = false;
    await vi.advanceTimersByTimeAsync(POLL_CLOSED_MS * 4);
    expect(tick).not.toHaveBeenCalled();
    env.online.value = true;
    expect(onOnline).toHaveBeenCalledTimes(1);
    expect(tick).toHaveBeenCalledTimes(1);
    poller.stop();
  });

  it('never runs two looks at once: a kick during a look makes one more look after it', async () => {
    const { tick, poller } = setup();
    let finish = () => {};
    tick.mockImplementationOnce(() => new Promise<void>((resolve) => (finish = resolve)));
    poller.kick();
    poller.kick();
    poller.kick();
    expect(tick).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(tick).toHaveBeenCalledTimes(2);
    poller.stop();
  });

  it('does nothing without a conversation, and nothing after stop', async () => {
    const { tick, env, poller } = setup({ hasConversation: false });
    await vi.advanceTimersByTimeAsync(POLL_CLOSED_MS * 4);
    expect(tick).not.toHaveBeenCalled();
    poller.stop();
    env.visible.value = false;
    env.visible.value = true;
    poller.kick();
    expect(tick).not.toHaveBeenCalled();
  });

  it('keeps to its schedule: the next look is armed when a look STARTS, not after its fetch and render', async () => {
    const { tick, poller } = setup({ windowOpen: true });
    const starts: number[] = [];
    // Each look takes 1.5 s (a slow answer and a long re-render) on a 2 s schedule.
    tick.mockImplementation(() => {
      starts.push(Date.now());
      return new Promise<void>((resolve) => setTimeout(resolve, 1500));
    });
    const t0 = Date.now();
    await vi.advanceTimersByTimeAsync(POLL_ACTIVE_MS * 5);
    expect(starts.map((t) => t - t0)).toEqual([1, 2, 3, 4, 5].map((k) => k * POLL_ACTIVE_MS));
    poller.stop();
  });

  it('never two looks in flight: a due time during a look is skipped, not made up in a burst after it', async () => {
    const { tick, poller } = setup({ windowOpen: true });
    let inFlight = 0;
    let most = 0;
    const starts: number[] = [];
    // 5 s looks on a 2 s schedule: the dues at 4 and 6 s find one running.
    tick.mockImplementation(() => {
      starts.push(Date.now());
      most = Math.max(most, ++inFlight);
      return new Promise<void>((resolve) =>
        setTimeout(() => {
          inFlight--;
          resolve();
        }, 5000),
      );
    });
    const t0 = Date.now();
    await vi.advanceTimersByTimeAsync(15_000);
    expect(most).toBe(1);
    // Started at 2 s, ends at 7 s: the next slot on the 2 s grid is 8 s, then 14 s.
    expect(starts.map((t) => t - t0)).toEqual([2000, 8000, 14000]);
    poller.stop();
  });

  it('a reschedule keeps the rhythm of the last look instead of starting a whole interval again', async () => {
    const { tick, look, poller } = setup();
    await vi.advanceTimersByTimeAsync(POLL_CLOSED_MS);
    expect(tick).toHaveBeenCalledTimes(1);
    // 10 s later the window opens: a 2 s schedule from the last look is already due.
    await vi.advanceTimersByTimeAsync(10_000);
    look.windowOpen = true;
    poller.reschedule();
    await vi.advanceTimersByTimeAsync(0);
    expect(tick).toHaveBeenCalledTimes(2);
    poller.stop();
  });
});

describe('nextSlot', () => {
  it('is the first time start + k × delay (k ≥ 1) not yet past', () => {
    expect(nextSlot(0, 2000, 0)).toBe(2000);
    expect(nextSlot(0, 2000, 500)).toBe(1500);
    expect(nextSlot(0, 2000, 2000)).toBe(0);
    expect(nextSlot(0, 2000, 2500)).toBe(1500);
    expect(nextSlot(1000, 15000, 40000)).toBe(6000);
    // A clock that went back: a whole delay from now.
    expect(nextSlot(5000, 2000, 1000)).toBe(2000);
  });
});
