import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WireMessage } from '../../api/wire.ts';
import { FakeSocket } from '../../test/fakeSocket.ts';
import { createRealtime, isPaused, REALTIME_PAUSE_MS, realtimeEndpoint, type RealtimeTarget } from './realtime.ts';
import { resolveSettings, settingsFromQuery } from '../../state/settings.ts';
import { createMemoryStore, type KeyValueStore } from '../platform/storage.ts';

const API = 'https://api.example.com/v3';
const ROOT = 'wss://api.example.com/v3/';
const DAY = 24 * 60 * 60 * 1000;

describe('realtimeEndpoint: where the socket is tried', () => {
  it('nowhere by default: the reference server does not take visitors', () => {
    expect(resolveSettings().realtime).toBe(false);
    expect(realtimeEndpoint(resolveSettings().realtime, API)).toBeNull();
    expect(realtimeEndpoint(false, API)).toBeNull();
  });

  it('true: the API root, where the reference places its socket (not an invented /ws)', () => {
    expect(realtimeEndpoint(true, API)).toBe(ROOT);
    expect(realtimeEndpoint(true, 'http://127.0.0.1:3000')).toBe('ws://127.0.0.1:3000/');
  });

  it('a ws(s) URL: that endpoint; anything else: none', () => {
    expect(realtimeEndpoint('wss://push.example.com/socket?v=2', API)).toBe('wss://push.example.com/socket?v=2');
    expect(realtimeEndpoint('ws://127.0.0.1:4000/', API)).toBe('ws://127.0.0.1:4000/');
    for (const bad of ['', 'https://push.example.com/', 'javascript:alert(1)', 'wss://', '/ws', 'true']) expect(realtimeEndpoint(bad, API)).toBeNull();
  });

  it('is a setting of the page or of the service (project.widget), the page winning; a URL never from the query string', () => {
    expect(resolveSettings({ realtime: 'wss://push.example.com/' }).realtime).toBe('wss://push.example.com/');
    expect(resolveSettings({ realtime: 'true' }).realtime).toBe(true);
    expect(resolveSettings({ realtime: 'https://nope.example.com/' }).realtime).toBe(false);
    // Layers: project.widget, then the page.
    expect(resolveSettings({ realtime: true }, {}).realtime).toBe(true);
    expect(resolveSettings({ realtime: true }, { realtime: false }).realtime).toBe(false);
    expect(settingsFromQuery('?porchlight_realtime').realtime).toBe(true);
    expect(settingsFromQuery('?porchlight_realtime=0').realtime).toBe(false);
    expect(settingsFromQuery('?porchlight_realtime=wss%3A%2F%2Fevil.example%2F').realtime).toBeUndefined();
  });
});

describe('isPaused', () => {
  const now = 1_000_000_000;
  it('pauses the recorded endpoint until the record expires', () => {
    expect(isPaused({ url: ROOT, until: now + 1 }, ROOT, now)).toBe(true);
    expect(isPaused({ url: ROOT, until: now }, ROOT, now)).toBe(false);
    expect(isPaused({ url: ROOT, until: now + 1 }, 'wss://other/', now)).toBe(false);
  });

  it('ignores junk and records from a clock set far ahead', () => {
    for (const junk of [undefined, null, 'x', 42, [], {}, { url: ROOT }, { url: ROOT, until: '9e15' }]) expect(isPaused(junk, ROOT, now)).toBe(false);
    expect(isPaused({ url: ROOT, until: now + REALTIME_PAUSE_MS }, ROOT, now)).toBe(true);
    expect(isPaused({ url: ROOT, until: now + REALTIME_PAUSE_MS + 1 }, ROOT, now)).toBe(false);
  });
});

describe('createRealtime: the attempts and their day-long memory', () => {
  let clock = 0;
  let online = true;
  const received: WireMessage[][] = [];

  beforeEach(() => {
    FakeSocket.instances = [];
    received.length = 0;
    clock = Date.UTC(2026, 0, 1);
    online = true;
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  function model(store: KeyValueStore, apiUrl = API) {
    return createRealtime({
      apiUrl,
      projectId: 'p1',
      store,
      onMessages: (messages) => received.push(messages),
      onResync: () => {},
      isOnline: () => online,
      now: () => clock,
      WebSocketImpl: FakeSocket as unknown as typeof WebSocket,
    });
  }

  const target = (endpoint: string | null, over: Partial<RealtimeTarget> = {}): RealtimeTarget => ({
    requestId: 'r1',
    token: 'JWT guest',
    active: true,
    endpoint,
    ...over,
  });
  /** Lets the storage read and the socket client's chunk (a dynamic import) before an attempt finish. */
  const settle = async () => {
    await import('../../api/realtime.ts');
    await vi.advanceTimersByTimeAsync(0);
  };
  /** A socket at the API root that opened and got its subscription's snapshot: live. */
  const liveSocket = async (store: KeyValueStore) => {
    const realtime = model(store);
    realtime.follow(target(ROOT));
    await settle();
    const socket = FakeSocket.instances[0]!;
    socket.open();
    socket.receive({ action: 'publish', payload: { topic: '/p1/requests/r1/messages', method: 'CREATE', message: [] } });
    return { realtime, socket };
  };
  /** The reference's answer to a visitor at its root: nothing, until the widget gives up (4 s). */
  const hang = () => vi.advanceTimersByTimeAsync(4000);

  it('is live once its subscription is confirmed, and no longer once stopped', async () => {
    const realtime = model(createMemoryStore(), API);
    realtime.follow(target(ROOT));
    await settle();
    FakeSocket.instances[0]!.open();
    expect(realtime.live.value).toBe(false);
    FakeSocket.instances[0]!.receive({ action: 'publish', payload: { topic: '/p1/requests/r1/messages', method: 'CREATE', message: [] } });
    expect(realtime.live.value).toBe(true);
    realtime.stop();
    expect(realtime.live.value).toBe(false);
  });

  it('never opens a socket without an endpoint, whatever else is there', async () => {
    const realtime = model(createMemoryStore());
    realtime.follow(target(null));
    realtime.wake();
    await settle();
    expect(FakeSocket.instances).toHaveLength(0);
    realtime.stop();
  });

  it('connects at the endpoint with the token, only while active with a conversation and a token', async () => {
    const realtime = model(createMemoryStore());
    realtime.follow(target(ROOT, { active: false }));
    realtime.follow(target(ROOT, { token: null }));
    realtime.follow(target(ROOT, { requestId: null }));
    await settle();
    expect(FakeSocket.instances).toHaveLength(0);
    realtime.follow(target(ROOT));
    await settle();
    expect(FakeSocket.instances.map((s) => s.url)).toEqual([`${ROOT}?token=JWT%20guest`]);
    const socket = FakeSocket.instances[0]!;
    socket.open();
    socket.receive({ action: 'publish', payload: { topic: '/p1/requests/r1/messages', method: 'CREATE', message: [] } });
    expect(realtime.live.value).toBe(true);
    realtime.follow(target(ROOT, { active: false }));
    expect(realtime.live.value).toBe(false);
    expect(socket.closeCalls).toBe(1);
  });

  it('a hung handshake pauses that API for a day, across reloads, then it is tried once more', async () => {
    const store = createMemoryStore();
    const first = model(store);
    first.follow(target(ROOT));
    await settle();
    await hang();
    expect(FakeSocket.instances).toHaveLength(1);
    expect(await store.get(`realtime:${API}`)).toEqual({ url: ROOT, until: clock + DAY });
    // Nothing in this page wakes it: not a new conversation, not the network coming back.
    first.follow(target(ROOT, { requestId: 'r2' }));
    first.wake();
    await settle();
    await hang();
    expect(FakeSocket.instances).toHaveLength(1);
    first.stop();

    // A reload: a new instance on the same storage.
    clock += DAY - 1;
    const reloaded = model(store);
    reloaded.follow(target(ROOT));
    await settle();
    expect(FakeSocket.instances).toHaveLength(1);
    reloaded.stop();

    clock += 1;
    const nextDay = model(store);
    nextDay.follow(target(ROOT));
    await settle();
    expect(FakeSocket.instances).toHaveLength(2);
    nextDay.stop();
  });

  it('a refused handshake (400) pauses it the same way', async () => {
    const store = createMemoryStore();
    const realtime = model(store);
    realtime.follow(target(ROOT));
    await settle();
    FakeSocket.instances[0]!.drop();
    expect(await store.get(`realtime:${API}`)).toEqual({ url: ROOT, until: clock + DAY });
    realtime.stop();
  });

  it('the memory is per API and per endpoint', async () => {
    const store = createMemoryStore();
    const a = model(store);
    a.follow(target(ROOT));
    await settle();
    await hang();
    a.stop();
    // Another API on the same storage is not paused.
    const other = model(store, 'https://other.example.com/v3');
    other.follow(target('wss://other.example.com/v3/'));
    await settle();
    expect(FakeSocket.instances).toHaveLength(2);
    other.stop();
    // The same API told of another endpoint tries that one.
    const moved = model(store);
    moved.follow(target('wss://push.example.com/'));
    await settle();
    expect(FakeSocket.instances).toHaveLength(3);
    expect(FakeSocket.instances[2]!.url).toBe('wss://push.example.com/?token=JWT%20guest');
    moved.stop();
  });

  it('another tab’s record stops this one too', async () => {
    const store = createMemoryStore();
    const tab = model(store);
    await store.set(`realtime:${API}`, { url: ROOT, until: clock + 1000 });
    tab.follow(target(ROOT));
    await settle();
    expect(FakeSocket.instances).toHaveLength(0);
    tab.stop();
  });

  it('a store that cannot keep the record still pauses this page', async () => {
    const broken: KeyValueStore = {
      get: () => Promise.reject(new Error('blocked')),
      set: () => Promise.reject(new Error('blocked')),
      del: () => Promise.reject(new Error('blocked')),
    };
    const realtime = model(broken);
    realtime.follow(target(ROOT));
    await settle();
    await hang();
    realtime.follow(target(ROOT, { requestId: 'r2' }));
    await settle();
    expect(FakeSocket.instances).toHaveLength(1);
    realtime.stop();
  });

  it('offline: no attempt, and a failure is not blamed on the service; back online it tries', async () => {
    const store = createMemoryStore();
    const realtime = model(store);
    online = false;
    realtime.follow(target(ROOT));
    await settle();
    expect(FakeSocket.instances).toHaveLength(0);
    online = true;
    realtime.wake();
    await settle();
    expect(FakeSocket.instances).toHaveLength(1);
    online = false; // the network goes while the handshake is under way
    FakeSocket.instances[0]!.drop();
    expect(await store.get(`realtime:${API}`)).toBeUndefined();
    online = true;
    realtime.wake();
    await settle();
    expect(FakeSocket.instances).toHaveLength(2);
    realtime.stop();
  });

  it('a live socket that drops reconnects (a drop is not a failed handshake)', async () => {
    const store = createMemoryStore();
    const { realtime, socket } = await liveSocket(store);
    socket.drop();
    expect(realtime.live.value).toBe(false);
    realtime.wake(); // online: skip the backoff
    await settle();
    expect(FakeSocket.instances).toHaveLength(2);
    expect(await store.get(`realtime:${API}`)).toBeUndefined();
    realtime.stop();
  });

  it('a live socket lost while offline waits for the network instead of retrying', async () => {
    const store = createMemoryStore();
    const { realtime, socket } = await liveSocket(store);
    online = false;
    socket.drop();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(FakeSocket.instances).toHaveLength(1);
    online = true;
    realtime.wake();
    await settle();
    expect(FakeSocket.instances).toHaveLength(2);
    expect(await store.get(`realtime:${API}`)).toBeUndefined();
    realtime.stop();
  });

  it('a stop while the storage is read opens nothing', async () => {
    const realtime = model(createMemoryStore());
    realtime.follow(target(ROOT));
    realtime.stop();
    await settle();
    expect(FakeSocket.instances).toHaveLength(0);
  });
});
