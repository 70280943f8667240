import { signal } from '@preact/signals-core';
import { describe, expect, it, vi } from 'vitest';
import type { RealtimeTarget } from './realtime.ts';
import { createRealtimeOnDemand, type RealtimeWish } from './realtimeOnDemand.ts';
import { createMemoryStore } from '../platform/storage.ts';

const created = vi.hoisted(() => [] as Array<{ follows: RealtimeTarget[]; live: { value: boolean }; stopped: number }>);
vi.mock('./realtime.ts', async () => ({
  realtimeEndpoint: (await import('./realtimeEndpoint.ts')).realtimeEndpoint,
  createRealtime: () => {
    const live = signal(false);
    const model = { follows: [] as RealtimeTarget[], live, stopped: 0 };
    created.push(model);
    return { live, follow: (t: RealtimeTarget) => model.follows.push(t), wake() {}, stop: () => model.stopped++ };
  },
}));

const options = { apiUrl: 'http://api.test/v3', projectId: 'p', store: createMemoryStore(), onMessages() {}, onResync() {} };
const ids = { requestId: 'support-group-p-1', token: 'JWT t' };
/** What the client asks for (its `realtime` setting), and what the socket's code is then handed. */
const wish = (setting: boolean | string, active = true): RealtimeWish => ({ ...ids, active, setting });
const target = (endpoint: string | null, active = true): RealtimeTarget => ({ ...ids, active, endpoint });

describe('createRealtimeOnDemand', () => {
  it('never fetches the socket code while there is nowhere to connect', async () => {
    created.length = 0;
    const realtime = createRealtimeOnDemand(options);
    realtime.follow(wish(false));
    realtime.follow(wish(''));
    realtime.follow(wish('wss://push.test/', false));
    realtime.wake();
    await vi.dynamicImportSettled();
    expect(created).toHaveLength(0);
    expect(realtime.live.value).toBe(false);
    realtime.stop();
  });

  it('fetches it for an endpoint, replays the latest target, follows its `live`, and stops it', async () => {
    created.length = 0;
    const realtime = createRealtimeOnDemand(options);
    realtime.follow(wish('wss://push.test/'));
    realtime.follow(wish('wss://push.test/other'));
    await vi.waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]!.follows).toEqual([target('wss://push.test/other')]);
    // Its `live` is the one handed out before it was here.
    created[0]!.live.value = true;
    expect(realtime.live.value).toBe(true);
    // The setting's rules come with the code: `true` is the API root, anything but a ws(s) URL none.
    realtime.follow(wish(true));
    expect(created[0]!.follows.at(-1)).toEqual(target('ws://api.test/v3/'));
    realtime.follow(wish('https://push.test/'));
    expect(created[0]!.follows.at(-1)).toEqual(target(null));
    realtime.follow(wish(false));
    expect(created[0]!.follows.at(-1)).toEqual(target(null));
    realtime.stop();
    expect(created[0]!.stopped).toBe(1);
  });
});
