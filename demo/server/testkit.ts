/** Helpers for the demo's integration tests: a running demo, signed-in callers, small fetch wrappers. */
import { randomBytes } from 'node:crypto';
import { WebSocket } from 'ws';
import { connectMqtt, type MqttEnd } from '../../src/api/mqtt/mqttClient.ts';
import { normalizePush } from '../../src/api/normalize/chat21.ts';
import type { SignInResponse, WireMessage } from '../../src/api/wire.ts';
import type { DemoHandle, DemoOptions } from './index.ts';
import { DEMO_AGENT, DEMO_PROJECT_ID, startDemo } from './index.ts';

export const PID = DEMO_PROJECT_ID;

export interface Kit {
  demo: DemoHandle;
  /** fetch against `${apiUrl}${path}` */
  call(path: string, init?: RequestInit & { json?: unknown; token?: string }): Promise<Response>;
  guest(body?: Record<string, unknown>): Promise<SignInResponse>;
  agent(email?: string, password?: string): Promise<SignInResponse>;
  reset(): Promise<void>;
}

export function newRequestId(projectId: string = PID): string {
  return `support-group-${projectId}-${randomBytes(16).toString('hex')}`;
}

export async function startKit(options: DemoOptions = {}): Promise<Kit> {
  const demo = await startDemo({ quiet: true, botDelayMs: [5, 15], ...options });
  const call: Kit['call'] = (path, init = {}) => {
    const { json, token, headers, ...rest } = init;
    const merged = new Headers(headers);
    if (json !== undefined) merged.set('content-type', 'application/json');
    if (token) merged.set('authorization', token);
    return fetch(`${demo.apiUrl}${path}`, { ...rest, headers: merged, body: json !== undefined ? JSON.stringify(json) : rest.body });
  };
  return {
    demo,
    call,
    async guest(body = {}) {
      const res = await call('/auth/signinAnonymously', { method: 'POST', json: { id_project: PID, ...body } });
      return (await res.json()) as SignInResponse;
    },
    async agent(email = DEMO_AGENT.email, password = DEMO_AGENT.password) {
      const res = await call('/auth/signin', { method: 'POST', json: { email, password } });
      return (await res.json()) as SignInResponse;
    },
    async reset() {
      await fetch(`${demo.apiOrigin}/__demo/reset`, { method: 'POST' });
    },
  };
}

/** Sends a message as `token` on `rid`. */
export async function send(kit: Kit, token: string, rid: string, body: Record<string, unknown>): Promise<Response> {
  return kit.call(`/${PID}/requests/${rid}/messages`, { method: 'POST', token, json: body });
}

/** The conversation's history as `token` reads it (`GET …/messages`). */
export async function history(kit: Kit, token: string, rid: string): Promise<WireMessage[]> {
  return (await (await kit.call(`/${PID}/requests/${rid}/messages`, { token })).json()) as WireMessage[];
}

/** Polls `check` until it returns a value (or times out). */
export async function eventually<T>(check: () => Promise<T | undefined> | T | undefined, timeoutMs = 3000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function putDemo(kit: Kit, path: string, body: unknown): Promise<Response> {
  return fetch(`${kit.demo.apiOrigin}/__demo/${path}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

export async function setFaults(kit: Kit, body: unknown): Promise<Response> {
  return fetch(`${kit.demo.apiOrigin}/__demo/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

/** A message a probe received. */
export interface Pushed {
  topic: string;
  payload: string;
}

/** An MQTT subscriber in Node: the widget's own client (src/api/mqtt) over `ws`. */
export interface MqttProbe {
  /** resolves when the subscription is granted; rejects when the connection ends first */
  up: Promise<void>;
  /** how the connection ended (never resolves while it is up) */
  ended: Promise<MqttEnd>;
  received: Pushed[];
  /** the next message (after those already received) matching `where`, within `timeoutMs` */
  next(where?: (pushed: Pushed) => boolean, timeoutMs?: number): Promise<Pushed>;
  close(): void;
}

export function mqttProbe(url: string, password: string, topic: string, username = 'JWT'): MqttProbe {
  const received: Pushed[] = [];
  const listeners = new Set<() => void>();
  let seen = 0;
  let resolveUp: () => void = () => {};
  let rejectUp: (end: MqttEnd) => void = () => {};
  let resolveEnd: (end: MqttEnd) => void = () => {};
  const up = new Promise<void>((resolve, reject) => ((resolveUp = resolve), (rejectUp = reject)));
  up.catch(() => {});
  const ended = new Promise<MqttEnd>((resolve) => (resolveEnd = resolve));
  const connection = connectMqtt({
    url,
    username,
    password,
    topic,
    WebSocketImpl: WebSocket as unknown as typeof globalThis.WebSocket,
    onMessage: (t, payload) => {
      received.push({ topic: t, payload: new TextDecoder().decode(payload) });
      for (const listener of listeners) listener();
    },
    onUp: () => resolveUp(),
    onEnd: (end) => {
      rejectUp(end);
      resolveEnd(end);
    },
  });
  return {
    up,
    ended,
    received,
    next(where = () => true, timeoutMs = 3000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          while (seen < received.length) {
            const pushed = received[seen++]!;
            if (where(pushed)) {
              listeners.delete(check);
              clearTimeout(timer);
              resolve(pushed);
              return;
            }
          }
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`no matching message within ${timeoutMs} ms`));
        }, timeoutMs);
        listeners.add(check);
        check();
      });
    },
    close: () => connection.close(),
  };
}

/** The messages a probe received for conversation `rid`, as the widget reads them (normalizePush), in order. */
export function pushedMessages(probe: MqttProbe, userid: string, rid: string): WireMessage[] {
  return probe.received
    .map((pushed) => normalizePush(pushed.topic, pushed.payload, userid))
    .flatMap((event) => (event?.kind === 'message' && event.requestId === rid ? [event.message] : []));
}
