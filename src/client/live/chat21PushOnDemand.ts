import { computed, signal } from '@preact/signals-core';
import type * as PushCode from './chat21Push.ts';
import type { Chat21PushModel, Chat21PushOptions } from './chat21Push.ts';

/**
 * The Chat21 push channel (client/live/chat21Push.ts) with its code, the MQTT client among it,
 * downloaded only once this tab may connect for a signed-in visitor: a visitor who never writes
 * never fetches it. Calls made before the download are replayed (the latest target); a download
 * that failed is tried again on the next `follow`.
 */
export function createChat21PushOnDemand(options: Chat21PushOptions): Chat21PushModel {
  const model = signal<Chat21PushModel | null>(null);
  let loading = false;
  let stopped = false;
  let target: PushCode.Chat21PushTarget | null = null;
  const load = () => {
    if (loading) return;
    loading = true;
    import('./chat21Push.ts').then(
      (code) => {
        if (stopped) return;
        const created = (model.value = code.createChat21Push(options));
        if (target) created.follow(target);
      },
      // Not downloaded (offline, a deploy in between): polling carries on; the next `follow` tries again.
      () => void (loading = false),
    );
  };
  return {
    live: computed(() => model.value?.live.value ?? false),
    follow(next) {
      target = next;
      const created = model.peek();
      if (created) return created.follow(next);
      if (next.active && next.jwt && next.visitorId) load();
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
