import { signal, type ReadonlySignal } from '@preact/signals-core';
import { ApiError, type Http } from '../../api/http.ts';
import type { connectMqtt, MqttConnection } from '../../api/mqtt/mqttClient.ts';
import { createChat21Token } from '../../api/chat21Token.ts';
import { inboxFilter } from '../../api/chat21Topics.ts';
import { normalizeChat21Token, normalizePush } from '../../api/normalize/chat21.ts';
import type { Chat21Token, WireMessage } from '../../api/wire.ts';
import { INITIAL_PUSH_STATE, nextPushStep, PAUSE_MS, tokenDue, type PushOutcome } from '../../state/pushPolicy.ts';
import type { KeyValueStore } from '../platform/storage.ts';

/**
 * Agent replies pushed over the service's own real-time channel, Chat21's MQTT broker
 * (docs/service.md §12, issue 24): one connection to the visitor's own inbox, held by the tab that
 * may hold it (`active`). When to try, renew the token, back off or leave it to polling is
 * state/pushPolicy.ts's rule; this model does what each of its steps says. Polling stays the source
 * of truth: nothing here can lose a message, it only makes one arrive sooner.
 *
 * The MQTT client (src/api/mqtt/) is code of its own, downloaded once a token is at hand: on a
 * deployment without Chat21 the token call is refused, and its visitors never fetch it.
 */
export interface Chat21PushModel {
  /** Connected and subscribed: the client may slow its polls down to the safety net. */
  live: ReadonlySignal<boolean>;
  /** Connect for this visitor, or close when this tab may not (not `active`) or nobody is signed in. */
  follow(target: Chat21PushTarget): void;
  /** The network is back: a new run of tries (failures while offline were not the service's). */
  wake(): void;
  stop(): void;
}

export interface Chat21PushTarget {
  /** this tab may hold the connection now (running, leading, a conversation or a list to follow) */
  active: boolean;
  /** the signed-in visitor's JWT (`JWT …`, as the session keeps it) */
  jwt: string | null;
  /** the signed-in visitor's id: the Chat21 user id must be this one */
  visitorId: string | null;
}

export interface Chat21PushOptions {
  http: Http;
  /** `mqttEndpoint(…)`: the broker's ws(s) URL */
  endpoint: string;
  store: KeyValueStore;
  /** A message of conversation `requestId`, in the shape and under the `_id` a poll reads it. */
  onMessage(requestId: string, message: WireMessage): void;
  /** Conversation `requestId` was closed (archived), as a polled `CHAT_CLOSED` says. */
  onClosed(requestId: string): void;
  /** A message of `requestId` without a REST id: only a REST fetch of it shows it. */
  onUnkeyed(requestId: string): void;
  /** After every connect and every reconnect: one REST fetch fills what was missed meanwhile. */
  onUp(): void;
  /** default: `navigator.onLine` */
  isOnline?: () => boolean;
  now?: () => number;
  random?: () => number;
  WebSocketImpl?: typeof WebSocket;
  /** default: the MQTT client's chunk, downloaded on the first connect */
  loadMqtt?: () => Promise<typeof connectMqtt>;
}

/** Store names: the token beside the JWT it was made for, and the pause an hour of polling set. */
export const TOKEN_KEY = 'chat21Token';
export const PAUSE_KEY = 'chat21Pause';

/** What is stored under TOKEN_KEY; read back through the token's boundary (normalizeChat21Token). */
interface StoredToken {
  jwt: string;
  userid: string;
  token: string;
}

/** What is stored under PAUSE_KEY: no socket to `endpoint` before `until`. */
interface StoredPause {
  endpoint: string;
  until: number;
}

/** When the socket may be tried again by this stored record (0: now). A record from a clock set far ahead does not count. */
export function pausedUntil(record: unknown, endpoint: string, now: number): number {
  const { endpoint: url, until } = (record ?? {}) as Partial<StoredPause>;
  return url === endpoint && typeof until === 'number' && now < until && until - now <= PAUSE_MS ? until : 0;
}

export function createChat21Push(options: Chat21PushOptions): Chat21PushModel {
  const { http, endpoint, store } = options;
  const now = options.now ?? Date.now;
  const isOnline = options.isOnline ?? (() => globalThis.navigator?.onLine !== false);
  const loadMqtt = options.loadMqtt ?? (() => import('../../api/mqtt/mqttClient.ts').then((code) => code.connectMqtt));
  const live = signal(false);
  let target: Chat21PushTarget = { active: false, jwt: null, visitorId: null };
  let key = '';
  let policy = INITIAL_PUSH_STATE;
  let connection: MqttConnection | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Bumped by every start and stop: what an earlier run awaited is then dropped. */
  let generation = 0;

  function halt(): void {
    generation += 1;
    clearTimeout(timer);
    connection?.close();
    connection = null;
    live.value = false;
  }

  function later(ms: number, renewToken: boolean): void {
    const run = generation;
    clearTimeout(timer);
    timer = setTimeout(() => run === generation && void attempt(renewToken), ms);
  }

  /** Feeds what happened to the policy and does what it says. */
  function obey(outcome: PushOutcome): void {
    const { state, step } = nextPushStep(policy, outcome, now(), options.random);
    policy = state;
    if (step.do === 'connect') later(step.afterMs, step.renewToken);
    if (step.do === 'poll') {
      // The widget's store falls back to memory when it cannot keep it (platform/storage.ts): the pause holds either way.
      void store.set(PAUSE_KEY, { endpoint, until: step.retryAt } satisfies StoredPause).catch(() => undefined);
      later(step.retryAt - now(), false);
    }
  }

  /** The stored token, if it is this visitor's, made with this JWT and not about to expire. */
  async function storedToken(jwt: string, visitorId: string): Promise<Chat21Token | null> {
    const stored = await store.get<Partial<StoredToken>>(TOKEN_KEY).catch(() => undefined);
    const token = stored?.jwt === jwt ? normalizeChat21Token(stored) : null;
    return token && token.userid === visitorId && !tokenDue(token, now()) ? token : null;
  }

  async function attempt(renewToken: boolean): Promise<void> {
    halt();
    const run = generation;
    const { jwt, visitorId } = target;
    // Offline, a try could only fail (and be blamed on the service): `wake` comes on `online`.
    if (!key || !jwt || !visitorId || !isOnline()) return;
    // Read every time: an hour of polling decided earlier (this page, or before a reload) holds.
    const until = pausedUntil(await store.get(PAUSE_KEY).catch(() => undefined), endpoint, now());
    if (run !== generation) return;
    if (until) return later(until - now(), false);
    obey({ type: 'try' });
    let token = renewToken ? null : await storedToken(jwt, visitorId);
    if (run !== generation) return;
    if (!token) {
      let outcome: PushOutcome | null = null;
      try {
        token = await createChat21Token(http, jwt);
        // A token for another user would subscribe to someone else's inbox (the broker refuses it anyway).
        if (token?.userid !== visitorId) token = null;
        if (!token) outcome = { type: 'token-unusable' };
      } catch (error) {
        outcome = error instanceof ApiError ? { type: 'token-refused', status: error.status } : { type: 'token-failed' };
      }
      if (run !== generation) return;
      if (!token) {
        // A call that failed offline was not refused by the service: tried again on `online`.
        if (outcome && (outcome.type !== 'token-failed' || isOnline())) obey(outcome);
        return;
      }
      const { userid } = token;
      void store.set(TOKEN_KEY, { jwt, userid, token: token.token } satisfies StoredToken).catch(() => undefined);
    }
    const { userid } = token;
    let connect: typeof connectMqtt;
    try {
      connect = await loadMqtt();
    } catch {
      // Not downloaded (offline, a deploy in between): a connection that failed, tried again as one.
      if (run === generation && isOnline()) obey({ type: 'end', end: { reason: 'lost', wasUp: false } });
      return;
    }
    if (run !== generation) return;
    connection = connect({
      url: endpoint,
      username: 'JWT',
      password: token.token,
      topic: inboxFilter(userid),
      onMessage(topic, payload) {
        const event = normalizePush(topic, payload, userid, now());
        if (event?.kind === 'message') options.onMessage(event.requestId, event.message);
        else if (event) (event.kind === 'closed' ? options.onClosed : options.onUnkeyed)(event.requestId);
      },
      onUp() {
        live.value = true;
        obey({ type: 'up' });
        options.onUp();
      },
      onEnd(end) {
        connection = null;
        live.value = false;
        // Lost while offline: not the broker's failure; `wake` starts a new run on `online`.
        if (isOnline()) obey({ type: 'end', end });
      },
      WebSocketImpl: options.WebSocketImpl,
    });
  }

  return {
    live,
    follow(next) {
      const { active, jwt, visitorId } = next;
      // Another visitor (or none): their token is not to be used again, nor their run's failures.
      if (jwt !== target.jwt && target.jwt) {
        policy = INITIAL_PUSH_STATE;
        void store.del(TOKEN_KEY).catch(() => undefined);
      }
      target = next;
      const nextKey = active && jwt && visitorId ? `${jwt}|${visitorId}` : '';
      if (nextKey === key) return;
      key = nextKey;
      if (!nextKey) return halt();
      void attempt(false);
    },
    wake() {
      if (!key || connection) return;
      policy = INITIAL_PUSH_STATE;
      void attempt(false);
    },
    stop() {
      key = '';
      halt();
    },
  };
}
