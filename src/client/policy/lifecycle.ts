import { effect, signal, type ReadonlySignal } from '@preact/signals-core';

/**
 * Where one client is in its life, which every policy module reads: made (commands work, nothing
 * runs), started (the first restore is done: what changes now is the visitor's doing — events,
 * labels, display rules), running (the live parts may go: the push channel, the leading tab's
 * work), disposed (nothing of it starts any more, and what it still has in flight is cut off).
 */
export interface Lifecycle {
  readonly started: boolean;
  running: ReadonlySignal<boolean>;
  readonly disposed: boolean;
  /** Aborted by `dispose`: the client's requests in flight. */
  signal: AbortSignal;
  /** `stop` runs at `dispose` (an effect, an idle task, a timer). */
  onDispose(stop: () => void): void;
  /** Runs each of `effects` as a signals effect for as long as the client lives (stopped at `dispose`). */
  effects(...effects: Array<() => void>): void;
  start(): void;
  run(): void;
  dispose(): void;
}

export function createLifecycle(): Lifecycle {
  const running = signal(false);
  const abort = new AbortController();
  const stops: Array<() => void> = [];
  let started = false;
  let disposed = false;
  return {
    get started() {
      return started;
    },
    running,
    get disposed() {
      return disposed;
    },
    signal: abort.signal,
    onDispose: (stop) => void stops.push(stop),
    effects: (...effects) => void stops.push(...effects.map((run) => effect(run))),
    start: () => void (started = true),
    run: () => void (running.value = true),
    dispose() {
      disposed = true;
      abort.abort();
      for (const stop of stops.splice(0)) stop();
    },
  };
}
