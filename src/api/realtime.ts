/**
 * The one place that speaks the websocket (docs/service.md §10) to the service: one connection per
 * conversation topic `/<pid>/requests/<rid>/messages`. Everything above it gets validated messages
 * and a coarse state; nothing above it knows about frames, handshakes or heartbeats.
 *
 * Realtime is a bonus on top of REST polling: the reference server HANGS a visitor's upgrade at its
 * root and answers 400 on any other path, a proxy may drop idle sockets, a laptop may sleep. Every
 * failure is quiet (never thrown). But Chromium prints every failed or abandoned handshake to the
 * page's console, token and all, so an attempt is never repeated blindly:
 *
 * Lifecycle of one attempt: the socket opens within `connectTimeoutMs` → we subscribe → the server's
 * snapshot (`CREATE` with an array) confirms the subscription within another `connectTimeoutMs`
 * (the reference refuses a subscription silently) → `live`, and the caller is told to re-sync from
 * REST. An attempt that fails before that (error, close, timeout) ends the connection for good and
 * calls `onUnreachable`: the service does not take this visitor there. A live socket that is lost
 * (close, error, `staleMs` without a frame) is a drop: state `down`, wait `backoff(drops)`, try
 * again (`connecting`).
 */
export { socketUrlFor } from './socketUrl.ts';
import type { WireMessage, WsClientFrame } from './wire.ts';
import { normalizeMessage, normalizeMessages } from './normalize/message.ts';
import { normalizeTyping, type TypingSignal } from './normalize/typing.ts';

export type RealtimeState = 'connecting' | 'live' | 'down';

export interface RealtimeOptions {
  /** ws(s) URL of the socket endpoint, e.g. `socketUrlFor(apiUrl)` (the API root, where the reference listens) */
  url: string;
  /** `"JWT …"`, sent as `?token=` (URL-encoded) */
  token: string;
  /** `/${projectId}/requests/${requestId}/messages` */
  topic: string;
  onMessages(messages: WireMessage[], kind: 'snapshot' | 'live'): void;
  /** `/${projectId}/requests/${requestId}/typing`: subscribed too; its frames go to `onTyping` (no snapshot, nothing confirms it). */
  typingTopic?: string;
  onTyping?(signal: TypingSignal): void;
  onStateChange?(state: RealtimeState): void;
  /** Called after every (re)connection once subscribed: the caller re-syncs from REST (messages may have been missed). */
  onResync?(): void;
  /** An attempt failed or hung before its subscription was confirmed: the connection has stopped for good. */
  onUnreachable?(): void;
  /** default 4000: the reference server HANGS a guest's upgrade, so a handshake that does not open in time is abandoned */
  connectTimeoutMs?: number;
  /** default 20000 (< the server's 30 s): an application heartbeat frame */
  heartbeatMs?: number;
  /** default 65000: no frame of any kind from the server for this long → reconnect */
  staleMs?: number;
  /** wait before reconnecting after a drop (the client's rule: state/backoff.ts `reconnectDelay`); `attempt` counts the drops (1, 2, …) */
  backoff: (attempt: number) => number;
  /** injected by tests (and by Node callers: `ws`) */
  WebSocketImpl?: typeof WebSocket;
}

export interface RealtimeConnection {
  /** Stops everything: the socket, every timer, every callback. Idempotent. */
  close(): void;
  readonly state: RealtimeState;
  /** Skips a pending backoff wait (on `online` / `visibilitychange`); a no-op while connecting, live, given up or closed. */
  reconnectNow(): void;
}

const CONNECTING = 0;
const OPEN = 1;
const HEARTBEAT: WsClientFrame = { action: 'heartbeat', payload: { message: { text: 'ping' } } };

/** The wait after a drop when `backoff` throws or answers no wait at all: a minute. */
const FALLBACK_BACKOFF_MS = 60_000;

/**
 * Closes a socket without a word in the page's console: Chromium warns of one closed while it
 * connects ("closed before the connection is established"), as a sign-out or a new visitor may
 * do, so that one is closed once it opens. (A handshake given up as hung is aborted: it may never open.)
 */
function closeQuietly(socket: WebSocket): void {
  if (socket.readyState === CONNECTING) socket.onopen = () => socket.close();
  else socket.close();
}

function withToken(url: string, token: string): string {
  const [beforeHash = url] = url.split('#');
  const separator = beforeHash.includes('?') ? (/[?&]$/.test(beforeHash) ? '' : '&') : '?';
  // encodeURIComponent, not URLSearchParams: the space of "JWT x" goes as %20, which the reference strips.
  return `${beforeHash}${separator}token=${encodeURIComponent(token)}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function positive(value: number | undefined, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback;
}

type Timer = ReturnType<typeof setTimeout>;

export function connectRealtime(options: RealtimeOptions): RealtimeConnection {
  const { topic } = options;
  // Captured once: a host page that later swaps `window.WebSocket` does not reach us.
  const Impl = options.WebSocketImpl ?? (globalThis as { WebSocket?: typeof WebSocket }).WebSocket;
  const connectTimeoutMs = positive(options.connectTimeoutMs, 4000);
  const heartbeatMs = positive(options.heartbeatMs, 20_000);
  const staleMs = positive(options.staleMs, 65_000);
  const { backoff } = options;
  const fullUrl = withToken(options.url, options.token);

  let state: RealtimeState = 'connecting';
  /** close() was called or we gave up: nothing happens any more. */
  let stopped = false;
  let socket: WebSocket | null = null;
  /** the current socket delivered its snapshot */
  let subscribed = false;
  /** live sockets lost so far: the backoff grows with them */
  let drops = 0;
  let connectTimer: Timer | undefined;
  let staleTimer: Timer | undefined;
  let retryTimer: Timer | undefined;
  let heartbeatTimer: ReturnType<typeof setInterval> | undefined;

  /** The caller's code never breaks our state machine, and our errors never reach the caller. */
  function guard(run: () => void): void {
    try {
      run();
    } catch {
      /* swallowed on purpose */
    }
  }

  function setState(next: RealtimeState): void {
    if (state === next) return;
    state = next;
    if (!stopped) guard(() => options.onStateChange?.(next));
  }

  function clearSocketTimers(): void {
    clearTimeout(connectTimer);
    clearTimeout(staleTimer);
    clearInterval(heartbeatTimer);
    connectTimer = staleTimer = heartbeatTimer = undefined;
  }

  /**
   * Forgets the current socket; its handlers become inert (they stay attached: `ws` throws on an
   * unheard 'error'). `quietly`: closed by our caller (a sign-out, another visitor), not given up.
   */
  function drop(quietly = false): void {
    const old = socket;
    socket = null;
    subscribed = false;
    clearSocketTimers();
    if (old) guard(() => (quietly ? closeQuietly(old) : old.close()));
  }

  function send(frame: WsClientFrame): void {
    const current = socket;
    if (!current || current.readyState !== OPEN) return;
    guard(() => current.send(JSON.stringify(frame)));
  }

  function failure(): void {
    if (stopped) return;
    const wasLive = subscribed;
    drop();
    if (!wasLive) {
      // Refused, hung or never confirmed: another try would only print another console error.
      setState('down');
      stopped = true;
      clearTimeout(retryTimer);
      retryTimer = undefined;
      guard(() => options.onUnreachable?.());
      return;
    }
    drops += 1;
    setState('down');
    if (stopped) return; // the state callback closed us
    let delay = Number.NaN;
    guard(() => {
      delay = backoff(drops);
    });
    if (!Number.isFinite(delay) || delay < 0) delay = FALLBACK_BACKOFF_MS;
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      attempt();
    }, delay);
  }

  function armStale(): void {
    clearTimeout(staleTimer);
    staleTimer = setTimeout(failure, staleMs);
  }

  function onOpen(): void {
    // The subscription must be confirmed (by the snapshot) in time too: the reference refuses silently.
    clearTimeout(connectTimer);
    connectTimer = setTimeout(failure, connectTimeoutMs);
    armStale();
    send({ action: 'subscribe', payload: { topic } });
    if (options.typingTopic) send({ action: 'subscribe', payload: { topic: options.typingTopic } });
    heartbeatTimer = setInterval(() => send(HEARTBEAT), heartbeatMs);
  }

  function onFrame(current: WebSocket, data: unknown): void {
    armStale(); // any frame proves the socket alive, also the server's heartbeat ping and our pong
    if (typeof data !== 'string') return;
    let frame: unknown;
    try {
      frame = JSON.parse(data);
    } catch {
      return;
    }
    if (!isRecord(frame) || frame.action !== 'publish') return;
    const payload = frame.payload;
    if (!isRecord(payload)) return;
    if (options.typingTopic && payload.topic === options.typingTopic) {
      // Only once live: before the snapshot, nothing says the subscriptions were taken.
      const signal = subscribed ? normalizeTyping(payload.message) : null;
      if (signal) guard(() => options.onTyping?.(signal));
      return;
    }
    if (payload.topic !== topic || payload.method !== 'CREATE') return;
    const message = payload.message;
    if (Array.isArray(message)) {
      if (subscribed) return; // only the first array is the snapshot
      subscribed = true;
      clearTimeout(connectTimer);
      connectTimer = undefined;
      const messages = normalizeMessages(message);
      guard(() => options.onMessages(messages, 'snapshot'));
      if (socket !== current || stopped) return; // the callback closed or restarted us
      setState('live');
      if (socket !== current || stopped) return;
      guard(() => options.onResync?.());
    } else {
      // Everything from the server is untrusted: the one boundary coerces it, or skips it.
      const normalized = normalizeMessage(message);
      if (normalized) guard(() => options.onMessages([normalized], 'live'));
    }
  }

  function attempt(): void {
    if (stopped) return;
    setState('connecting');
    if (stopped) return;
    let created: WebSocket;
    try {
      if (!Impl) throw new Error('no WebSocket');
      created = new Impl(fullUrl);
    } catch {
      // A bad URL, a CSP refusal, no WebSocket at all: a failure like any other, reported asynchronously.
      clearTimeout(connectTimer);
      connectTimer = setTimeout(failure, 0);
      return;
    }
    const current = created;
    socket = current;
    connectTimer = setTimeout(failure, connectTimeoutMs);
    guard(() => {
      current.onopen = () => {
        if (socket === current && !stopped) onOpen();
      };
      current.onmessage = (event: MessageEvent) => {
        if (socket === current && !stopped) onFrame(current, (event as { data?: unknown } | undefined)?.data);
      };
      current.onerror = () => {
        if (socket === current) failure();
      };
      current.onclose = () => {
        if (socket === current) failure();
      };
    });
  }

  attempt();

  return {
    get state() {
      return state;
    },
    close() {
      stopped = true;
      clearTimeout(retryTimer);
      retryTimer = undefined;
      drop(true);
      state = 'down'; // silently: no callback after close()
    },
    reconnectNow() {
      if (stopped || retryTimer === undefined) return;
      clearTimeout(retryTimer);
      retryTimer = undefined;
      attempt();
    },
  };
}
