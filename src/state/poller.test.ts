import { signal } from '@preact/signals-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPoller } from './poller.ts';
import { POLL_ACTIVE_MS, POLL_CLOSED_MS } from './pollSchedule.ts';

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
});
