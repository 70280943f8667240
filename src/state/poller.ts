import type { Environment } from './environment.ts';
import { pollDelay, type PollState } from './pollSchedule.ts';

/**
 * Runs `tick` on the adaptive schedule of `pollDelay`: one timer, re-armed after every tick, woken
 * at once when the page becomes visible or the network comes back.
 */
export interface Poller {
  /** Look now (and re-arm): after a send, on open. */
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
  let running: Promise<void> | null = null;
  let stopped = false;
  let again = false;

  const current = (): PollState => ({
    ...options.state(),
    pageHidden: !env.visible.peek(),
    online: env.online.peek(),
  });

  function arm() {
    clearTimeout(timer);
    if (stopped) return;
    const delay = pollDelay(current());
    if (delay !== null) timer = setTimeout(run, delay);
  }

  function run() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = options
      .tick()
      .catch(() => undefined)
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          run();
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
    onChange(env.visible, (visible) => (visible ? run() : arm())),
    onChange(env.online, (online) => {
      if (!online) return arm();
      options.onOnline?.();
      run();
    }),
  ];
  arm();

  return {
    kick: run,
    reschedule: arm,
    stop() {
      stopped = true;
      clearTimeout(timer);
      for (const stop of unwatch) stop();
    },
  };
}
