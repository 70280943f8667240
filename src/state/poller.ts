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
  win?: Window;
}): Poller {
  const win = options.win ?? window;
  const doc = win.document;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | null = null;
  let stopped = false;
  let again = false;

  const current = (): PollState => ({
    ...options.state(),
    pageHidden: doc.visibilityState === 'hidden',
    online: win.navigator.onLine !== false,
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

  const onVisibility = () => (doc.visibilityState === 'visible' ? run() : arm());
  const onOnline = () => {
    options.onOnline?.();
    run();
  };
  doc.addEventListener('visibilitychange', onVisibility);
  win.addEventListener('online', onOnline);
  win.addEventListener('offline', arm);
  arm();

  return {
    kick: run,
    reschedule: arm,
    stop() {
      stopped = true;
      clearTimeout(timer);
      doc.removeEventListener('visibilitychange', onVisibility);
      win.removeEventListener('online', onOnline);
      win.removeEventListener('offline', arm);
    },
  };
}
