import { effect, signal } from '@preact/signals-core';
import type { createRealtime, RealtimeModel, RealtimeTarget } from './realtime.ts';

/**
 * The push channel (state/realtime.ts) with its code downloaded only when there is somewhere to
 * connect: most projects have no socket for visitors (realtime is off by default), so most visits
 * never fetch it. Same interface; calls made before the download are replayed in order.
 */
export function createRealtimeOnDemand(options: Parameters<typeof createRealtime>[0]): RealtimeModel {
  const live = signal(false);
  let model: RealtimeModel | null = null;
  let loading = false;
  let stopped = false;
  let target: RealtimeTarget | null = null;
  let stopLive = () => {};
  const load = () => {
    if (loading) return;
    loading = true;
    import('./realtime.ts').then(
      (code) => {
        if (stopped) return;
        model = code.createRealtime(options);
        const created = model;
        stopLive = effect(() => void (live.value = created.live.value));
        if (target) created.follow(target);
      },
      // Not downloaded (offline): polling carries the conversation; the next change of target tries again.
      () => void (loading = false),
    );
  };
  return {
    live,
    follow(next) {
      target = next;
      if (model) return model.follow(next);
      if (next.active && next.requestId && next.token && next.endpoint) load();
    },
    wake() {
      model?.wake();
    },
    stop() {
      stopped = true;
      stopLive();
      model?.stop();
    },
  };
}
