import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttp } from '../api/http.ts';
import { createMemoryStore } from './platform/storage.ts';
import { codeOnDemand } from '../test/codeOnDemand.ts';
import { createFakeService } from '../test/fakeService.ts';
import { withOwn } from '../test/withOwn.ts';
import type { ChatClient } from './types.ts';

/**
 * What another tab posts is checked and acted on by code of its own (client/policy/tabRelay.ts), which comes
 * with the first such message: a visitor with one tab never downloads it.
 */
const RELAY = '../client/policy/tabRelay.ts';

/** A window whose tabs share storage: another tab holds the lead, and the test speaks for it on the channel. */
function windowWithAnotherTab() {
  const channels: Array<{ onmessage: ((event: MessageEvent) => void) | null }> = [];
  class Channel {
    onmessage: ((event: MessageEvent) => void) | null = null;
    constructor() {
      channels.push(this);
    }
    postMessage() {}
    close() {}
  }
  // The other tab never lets go of the lock: this tab follows.
  const locks = { request: () => new Promise(() => {}) };
  const win = withOwn(window, { navigator: withOwn(window.navigator, { locks }), BroadcastChannel: Channel });
  const otherTabPosts = (data: unknown) => {
    for (const channel of channels) channel.onmessage?.({ data } as MessageEvent);
  };
  return { win, otherTabPosts };
}

const clients: ChatClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.dispose();
  vi.doUnmock(RELAY);
  vi.resetModules();
  // What the visit kept (the look, the open state) would make the next test a returning visit.
  localStorage.clear();
  sessionStorage.clear();
});

async function setup() {
  const code = codeOnDemand(RELAY);
  const { createChatClient } = await import('./client.ts');
  const service = createFakeService();
  const { win, otherTabPosts } = windowWithAnotherTab();
  const client = createChatClient({
    settings: { projectid: service.projectId, apiUrl: service.apiUrl, persistence: 'local', realtime: false },
    http: createHttp({ apiUrl: service.apiUrl, fetch: service.fetch }),
    store: createMemoryStore(),
    window: win,
  });
  clients.push(client);
  await client.ready;
  return { ...code, client, otherTabPosts };
}

describe('what another tab says, with code on demand', () => {
  it('a first open and send of a visitor with one tab never download it', async () => {
    const { client, loads } = await setup();
    client.open(true);
    await client.send('Hello');
    await vi.waitFor(() => expect(client.conversation.outbox.value).toEqual([]), { timeout: 5000 });
    expect(loads).not.toHaveBeenCalled();
  });

  it('messages that come before the code wait for it and are handled in the order they came; what is no tab message is dropped', async () => {
    const { client, loads, otherTabPosts } = await setup();
    otherTabPosts({ type: 'unread', count: 2 });
    otherTabPosts({ type: 'format-disk' });
    otherTabPosts({ type: 'unread', count: 5 });
    expect(client.conversation.unread.value).toBe(0);
    await vi.waitFor(() => expect(client.conversation.unread.value).toBe(5), { timeout: 5000 });
    expect(loads).toHaveBeenCalledTimes(1);
  });

  it('not downloaded (offline): the next message tries again', async () => {
    const { client, loads, network, otherTabPosts } = await setup();
    network.codeDown = true;
    otherTabPosts({ type: 'unread', count: 2 });
    await vi.waitFor(() => expect(loads).toHaveBeenCalledTimes(1), { timeout: 5000 });
    await vi.dynamicImportSettled();
    expect(client.conversation.unread.value).toBe(0);
    network.codeDown = false;
    otherTabPosts({ type: 'unread', count: 3 });
    await vi.waitFor(() => expect(client.conversation.unread.value).toBe(3), { timeout: 5000 });
    expect(loads).toHaveBeenCalledTimes(2);
  });
});
