import { signal, type ReadonlySignal } from '@preact/signals-core';
import type { RealtimeConnection } from '../../api/realtime.ts';
import type { WireMessage } from '../../api/wire.ts';
import type { TypingSignal } from '../../api/normalize/typing.ts';
import type { KeyValueStore } from '../platform/storage.ts';
import { reconnectDelay } from '../../state/backoff.ts';

/**
 * The push channel for the current conversation, only where the service is known to take visitors.
 * The reference server does not (docs/service.md §10: it hangs a visitor's handshake at its root
 * and answers 400 elsewhere), and Chromium prints every failed or abandoned handshake to the host
 * page's console with the token in the URL. So: no socket unless the `realtime` setting (the page's,
 * or `project.widget.realtime` announced by the service) says where it is; and a handshake that fails
 * or hangs there pauses the attempts for that API for a day, remembered in storage across reloads.
 * Polling stays the source of truth throughout and only slows down while the push is live.
 */
export interface RealtimeModel {
  live: ReadonlySignal<boolean>;
  /** (Re)connect for this conversation and endpoint, or disconnect when any part is missing. */
  follow(target: RealtimeTarget): void;
  /** Network back: skip a pending backoff, or try again after a failure that happened offline. */
  wake(): void;
  stop(): void;
}

export interface RealtimeTarget {
  requestId: string | null;
  token: string | null;
  /** this tab may hold the socket now (running, leading) */
  active: boolean;
  /** `realtimeEndpoint(…)`: null = no socket */
  endpoint: string | null;
}

/** How long a failed handshake keeps the widget off that socket. */
export const REALTIME_PAUSE_MS = 24 * 60 * 60 * 1000;

/** What is remembered (store name `realtime:<apiUrl>`): this endpoint failed; no attempt before `until`. */
export interface RealtimePause {
  url: string;
  until: number;
}

export { realtimeEndpoint } from './realtimeEndpoint.ts';

/** Is `url` paused by this stored record? A record from a clock set far ahead does not count. */
export function isPaused(record: unknown, url: string, now: number): boolean {
  if (!record || typeof record !== 'object') return false;
  const { url: pausedUrl, until } = record as Partial<RealtimePause>;
  return pausedUrl === url && typeof until === 'number' && now < until && until - now <= REALTIME_PAUSE_MS;
}

export function createRealtime(options: {
  apiUrl: string;
  projectId: string;
  store: KeyValueStore;
  onMessages(messages: WireMessage[]): void;
  /** a typing frame of the conversation (someone, maybe the visitor elsewhere, types) */
  onTyping?(signal: TypingSignal): void;
  onResync(): void;
  /** default: `navigator.onLine` */
  isOnline?: () => boolean;
  now?: () => number;
  WebSocketImpl?: typeof WebSocket;
}): RealtimeModel {
  const live = signal(false);
  const memoryName = `realtime:${options.apiUrl}`;
  const now = options.now ?? Date.now;
  const isOnline = options.isOnline ?? (() => globalThis.navigator?.onLine !== false);
  const hasWebSocket = () => !!(options.WebSocketImpl ?? (globalThis as { WebSocket?: unknown }).WebSocket);
  let connection: RealtimeConnection | null = null;
  let key = '';
  let target: RealtimeTarget = { requestId: null, token: null, active: false, endpoint: null };
  /** Bumped by every start and stop: a start that waited on storage checks it is still the latest. */
  let generation = 0;
  /** This instance's own record, in case the store cannot keep it. */
  let ownPause: RealtimePause | undefined;

  const disconnect = () => {
    generation += 1;
    connection?.close();
    connection = null;
    live.value = false;
  };

  function remember(url: string) {
    ownPause = { url, until: now() + REALTIME_PAUSE_MS };
    void options.store.set(memoryName, ownPause).catch(() => undefined);
  }

  async function start() {
    disconnect();
    const run = generation;
    const { requestId, token, endpoint } = target;
    // Offline, an attempt could only fail (and be blamed on the service): `wake` comes on `online`.
    if (!requestId || !token || !endpoint || !hasWebSocket() || !isOnline()) return;
    // Read every time: another tab may have recorded a failure since. The socket client is its own
    // chunk, fetched only where a socket is configured (the first open does not carry it).
    const [stored, client] = await Promise.all([
      options.store.get<unknown>(memoryName).catch(() => undefined),
      import('../../api/realtime.ts').catch(() => null),
    ]);
    if (run !== generation) return;
    if (isPaused(ownPause, endpoint, now()) || isPaused(stored, endpoint, now())) return;
    // The chunk did not download (offline, a deploy in between): polling carries on; `wake` retries.
    if (!client) return;
    const { connectRealtime } = client;
    const current: RealtimeConnection = connectRealtime({
      url: endpoint,
      token,
      topic: `/${options.projectId}/requests/${requestId}/messages`,
      onMessages: (messages) => options.onMessages(messages),
      typingTopic: `/${options.projectId}/requests/${requestId}/typing`,
      onTyping: (signal) => options.onTyping?.(signal),
      onStateChange: (state) => {
        live.value = state === 'live';
        // Lost while offline: a reconnection now could only fail; `wake` starts afresh on `online`.
        if (state === 'down' && !isOnline()) current.close();
      },
      onResync: () => options.onResync(),
      backoff: reconnectDelay,
      // A failure while offline is not the service's: tried again on `online`.
      onUnreachable: () => {
        if (isOnline()) remember(endpoint);
      },
      ...(options.WebSocketImpl ? { WebSocketImpl: options.WebSocketImpl } : {}),
    });
    connection = current;
  }

  return {
    live,
    follow(next) {
      target = next;
      const nextKey = next.active && next.requestId && next.token && next.endpoint ? `${next.endpoint}|${next.requestId}|${next.token}` : '';
      if (nextKey === key) return;
      key = nextKey;
      if (!nextKey) return disconnect();
      void start();
    },
    wake() {
      if (!key) return;
      // Connecting or live: nothing to wake. Down: waiting to reconnect, or stopped (a pause, if
      // one was recorded, keeps it stopped).
      if (connection && connection.state !== 'down') return;
      void start();
    },
    stop() {
      key = '';
      disconnect();
    },
  };
}
