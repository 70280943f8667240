import { signal } from '@preact/signals-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Http } from '../../api/http.ts';
import type { Chat21PushOptions, Chat21PushTarget } from './chat21Push.ts';
import { createMemoryStore } from '../platform/storage.ts';

type FakeModel = { endpoint: string; follows: Chat21PushTarget[]; live: { value: boolean }; wakes: number; stopped: number };

/** The push code on demand, faked: counts its downloads, fails them while `network.codeDown`. */
async function setup() {
  const network = { codeDown: false };
  const created: FakeModel[] = [];
  const loads = vi.fn();
  vi.doMock('./chat21Push.ts', async () => {
    loads();
    // What `import()` does offline, or after a deploy removed the chunk.
    if (network.codeDown) throw new Error('Failed to fetch dynamically imported module');
    return {
      createChat21Push: ({ endpoint }: Chat21PushOptions) => {
        const live = signal(false);
        const model = { endpoint, follows: [] as Chat21PushTarget[], live, wakes: 0, stopped: 0 };
        created.push(model);
        return { live, follow: (t: Chat21PushTarget) => model.follows.push(t), wake: () => model.wakes++, stop: () => model.stopped++ };
      },
    };
  });
  const { createChat21PushOnDemand } = await import('./chat21PushOnDemand.ts');
  return { createChat21PushOnDemand, network, created, loads };
}

const options = (endpoint = 'wss://api.test/mqws/ws') => ({
  endpoint,
  http: (async () => undefined) as Http,
  store: createMemoryStore(),
  onMessage() {},
  onClosed() {},
  onUnkeyed() {},
  onUp() {},
});
const target = (active = true, jwt: string | null = 'JWT v', visitorId: string | null = 'guest-1'): Chat21PushTarget => ({ active, jwt, visitorId });
/** Lets a dynamic import settle (it is a real module load, so no fake clock moves it). */
const downloads = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('createChat21PushOnDemand', () => {
  afterEach(() => {
    vi.doUnmock('./chat21Push.ts');
    vi.resetModules();
  });

  it('never fetches the push code for an inactive tab, or before a visitor signs in', async () => {
    const { createChat21PushOnDemand, loads } = await setup();
    const push = createChat21PushOnDemand(options());
    push.follow(target(false));
    push.follow(target(true, null, null));
    push.wake();
    await downloads();
    expect(loads).not.toHaveBeenCalled();
    expect(push.live.value).toBe(false);
    push.stop();
  });

  it('fetches it for a signed-in active tab, replays the latest target, follows its live, and stops it', async () => {
    const { createChat21PushOnDemand, created, loads } = await setup();
    const push = createChat21PushOnDemand(options());
    push.follow(target());
    push.follow(target(true, 'JWT w', 'guest-2'));
    await vi.waitFor(() => expect(created).toHaveLength(1));
    expect(loads).toHaveBeenCalledTimes(1);
    const [model] = created;
    expect(model!.endpoint).toBe('wss://api.test/mqws/ws');
    expect(model!.follows).toEqual([target(true, 'JWT w', 'guest-2')]);
    model!.live.value = true;
    expect(push.live.value).toBe(true);
    push.follow(target(false));
    expect(model!.follows.at(-1)).toEqual(target(false));
    push.wake();
    expect(model!.wakes).toBe(1);
    push.stop();
    expect(model!.stopped).toBe(1);
  });

  it('a failed download is tried again on the next follow', async () => {
    const { createChat21PushOnDemand, created, loads, network } = await setup();
    network.codeDown = true;
    const push = createChat21PushOnDemand(options('wss://push.test/ws'));
    push.follow(target());
    await vi.waitFor(() => expect(loads).toHaveBeenCalledTimes(1));
    await downloads();
    expect(created).toHaveLength(0);
    network.codeDown = false;
    push.follow(target(true, 'JWT w'));
    await vi.waitFor(() => expect(created).toHaveLength(1));
    expect(loads).toHaveBeenCalledTimes(2);
    expect(created[0]!.follows).toEqual([target(true, 'JWT w')]);
  });
});
