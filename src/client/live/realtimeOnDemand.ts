import { computed, signal } from '@preact/signals-core';
import type * as RealtimeCode from './realtime.ts';
import type { RealtimeModel, RealtimeTarget } from './realtime.ts';

/** What the client wants of the push channel: its `realtime` setting where `RealtimeTarget` has the endpoint made of it. */
export type RealtimeWish = Omit<RealtimeTarget, 'endpoint'> & { setting: boolean | string };

/**
 * The push channel (client/live/realtime.ts) with its code downloaded only when there may be somewhere
 * to connect (the `realtime` setting is on): most projects have no socket for visitors (realtime is
 * off by default), so most visits never fetch it, nor the rules that turn the setting into an
 * endpoint (realtimeEndpoint.ts, with it). Calls made before the download are replayed in order.
 */
export function createRealtimeOnDemand(options: Parameters<typeof RealtimeCode.createRealtime>[0]): Omit<RealtimeModel, 'follow'> & {
  follow(wish: RealtimeWish): void;
} {
  const model = signal<RealtimeModel | null>(null);
  let loading = false;
  let stopped = false;
  let wish: RealtimeWish | null = null;
  let follow = (_: RealtimeWish) => {};
  const load = () => {
    if (loading) return;
    loading = true;
    import('./realtime.ts').then(
      (code) => {
        if (stopped) return;
        const created = (model.value = code.createRealtime(options));
        follow = ({ setting, ...target }) => created.follow({ ...target, endpoint: code.realtimeEndpoint(setting, options.apiUrl) });
        if (wish) follow(wish);
      },
      // Not downloaded (offline): polling carries the conversation; the next change of target tries again.
      () => void (loading = false),
    );
  };
  return {
    // The socket's own, once its code is here.
    live: computed(() => model.value?.live.value ?? false),
    follow(next) {
      wish = next;
      if (model.peek()) return follow(next);
      if (next.active && next.requestId && next.token && next.setting) load();
    },
    wake() {
      model.peek()?.wake();
    },
    stop() {
      stopped = true;
      model.peek()?.stop();
    },
  };
}
