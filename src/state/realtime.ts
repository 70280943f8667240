import { signal, type ReadonlySignal } from '@preact/signals';
import { connectRealtime, socketUrlFor, type RealtimeConnection } from '../api/realtime.ts';
import type { WireMessage } from '../api/wire.ts';

/**
 * The push channel for the current conversation: connected while there is a conversation, a
 * token and a visible page; polling stays the source of truth (the reference server hangs a
 * guest's upgrade, so this often never goes live) and only slows down while the push is live.
 */
export interface RealtimeModel {
  live: ReadonlySignal<boolean>;
  /** (Re)connect for this conversation, or disconnect when any part is missing. */
  follow(target: { requestId: string | null; token: string | null; active: boolean }): void;
  /** Network back or page visible: skip a pending backoff, or start over after giving up. */
  wake(): void;
  stop(): void;
}

export function createRealtime(options: {
  apiUrl: string;
  projectId: string;
  onMessages(messages: WireMessage[]): void;
  onResync(): void;
  enabled: boolean;
  WebSocketImpl?: typeof WebSocket;
}): RealtimeModel {
  const live = signal(false);
  let connection: RealtimeConnection | null = null;
  let key = '';
  let target: { requestId: string | null; token: string | null; active: boolean } = { requestId: null, token: null, active: false };

  const disconnect = () => {
    connection?.close();
    connection = null;
    live.value = false;
  };

  function connect() {
    disconnect();
    const { requestId, token } = target;
    if (!requestId || !token) return;
    connection = connectRealtime({
      url: socketUrlFor(options.apiUrl),
      token,
      topic: `/${options.projectId}/requests/${requestId}/messages`,
      onMessages: (messages) => options.onMessages(messages),
      onStateChange: (state) => (live.value = state === 'live'),
      onResync: () => options.onResync(),
      ...(options.WebSocketImpl ? { WebSocketImpl: options.WebSocketImpl } : {}),
    });
  }

  return {
    live,
    follow(next) {
      target = next;
      const nextKey = next.active && next.requestId && next.token ? `${next.requestId}|${next.token}` : '';
      if (nextKey === key) return;
      key = nextKey;
      if (!options.enabled || !nextKey || typeof WebSocket === 'undefined') return disconnect();
      connect();
    },
    wake() {
      if (!key || !options.enabled) return;
      // A connection that is down may have given up for good: a fresh one starts its attempts over.
      if (!connection || connection.state === 'down') connect();
      else connection.reconnectNow();
    },
    stop() {
      key = '';
      disconnect();
    },
  };
}
