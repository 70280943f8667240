import { computed, signal } from '@preact/signals-core';
import type * as PushCode from './chat21Push.ts';
import type { Chat21PushModel, Chat21PushOptions } from './chat21Push.ts';

export type Chat21PushOnDemandOptions = Omit<Chat21PushOptions, 'endpoint'> & {
  /** the `mqttEndpoint` setting as given; made an endpoint (state/mqttEndpoint.ts) by the code on demand */
  setting: unknown;
  apiUrl: string;
  /** what a relative `apiUrl` is relative to (default: none, `apiUrl` is absolute) */
  pageUrl?: string;
};

/**
 * The Chat21 push channel (client/live/chat21Push.ts) with its code, the MQTT client among it,
 * downloaded only when there may be somewhere to connect (the `mqttEndpoint` setting is given) and
 * this tab may connect for a signed-in visitor: most deployments have no broker for the widget, so
 * most visits never fetch it, nor the rules that make the setting an endpoint. Calls made before
 * the download are replayed (the latest target); a download that failed is tried again on the
 * next `follow`.
 */
export function createChat21PushOnDemand(options: Chat21PushOnDemandOptions): Chat21PushModel {
  const { setting, apiUrl, pageUrl, ...rest } = options;
  const model = signal<Chat21PushModel | null>(null);
  let loading = false;
  let stopped = false;
  let target: PushCode.Chat21PushTarget | null = null;
  const load = () => {
    if (loading) return;
    loading = true;
    import('./chat21Push.ts').then(
      (code) => {
        const endpoint = code.mqttEndpoint(setting, apiUrl, pageUrl);
        // No usable endpoint: nothing to connect to, ever; `loading` stays set so it is not fetched again.
        if (stopped || !endpoint) return;
        const created = (model.value = code.createChat21Push({ ...rest, endpoint }));
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
      if (next.active && next.jwt && next.visitorId && typeof setting === 'string' && setting.trim()) load();
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
