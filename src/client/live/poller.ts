import { untracked } from '@preact/signals-core';
import type { Environment } from './environment.ts';
import { nextSlot, pollDelay, type PollState } from '../../state/pollSchedule.ts';

/**
 * Runs `tick` on the adaptive schedule of `pollDelay`. The next look is armed when a look STARTS,
 * so a slow answer or a long re-render does not stretch the interval (a 2 s schedule stays 2 s,
 * not 2 s + fetch + render). Never two looks in flight: a due time that finds one still running is
 * skipped (that look answers for it), and the schedule goes on from when the next one starts.
 * Woken at once when the page becomes visible or the network comes back.
 */
export interface Poller {
  /** Look now (and re-arm): after a send, on open. A kick during a look makes one more after it. */
  kick(): void;
  /** Re-read the state (window opened, conversation started) and re-arm. */
  reschedule(): void;
  stop(): void;
}

export function createPoller(options: {
  state: () => Omit<PollState, 'pageHidden' | 'online'>;
  tick: () => Promise<void>;
  onOnline?: () => void;
  env: Pick<Environment, 'online' | 'visible'>;
}): Poller {
  const { env } = options;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  let stopped = false;
  let again = false;
  /** When the last look started: a reschedule keeps the schedule's rhythm from there. */
  let lastStart: number | null = null;

  const current = (): PollState => ({
    ...options.state(),
    pageHidden: !env.visible.peek(),
    online: env.online.peek(),
  });

  /**
   * Arms the next look on the schedule's grid from the last start (`lastStart + k × delay`, the
   * first such time not yet past), or `delay` from now when nothing ran yet.
   */
  function arm() {
    clearTimeout(timer);
    timer = undefined;
    if (stopped) return;
    const delay = pollDelay(current());
    if (delay === null) return;
    timer = setTimeout(due, lastStart === null ? delay : nextSlot(lastStart, delay, Date.now()));
  }

  /** The timer's look: skipped while one is in flight (it was armed at that one's start). */
  function due() {
    timer = undefined;
    if (running) return;
    run();
  }

  function run() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    lastStart = Date.now();
    // Armed before the look: the interval counts from its start, whatever the fetch and render take.
    arm();
    options
      .tick()
      .catch(() => undefined)
      .finally(() => {
        running = false;
        if (again) {
          again = false;
          run();
          // Re-read the state (a message may have made the conversation active), same rhythm.
        } else arm();
      });
  }

  /** Calls `react` on each change of `source` (not for the value it has now). */
  const onChange = <T>(source: { peek(): T; subscribe(fn: (value: T) => void): () => void }, react: (value: T) => void) => {
    let last = source.peek();
    return source.subscribe((value) => {
      if (value === last) return;
      last = value;
      react(value);
    });
  };
  const unwatch = [
    onChange(env.visible, (visible) => untracked(visible ? run : arm)),
    onChange(env.online, (online) =>
      untracked(() => {
        if (!online) return arm();
        options.onOnline?.();
        run();
      }),
    ),
  ];
  arm();

  return {
    // Untracked: an effect that kicks or reschedules must not subscribe to what the schedule and
    // the look read (the conversation's activity, the session…), or each message that a look
    // brings would run that effect again and start a second look right behind the first.
    kick: () => untracked(run),
    reschedule: () => untracked(arm),
    stop() {
      stopped = true;
      clearTimeout(timer);
      for (const stop of unwatch) stop();
    },
  };
}
