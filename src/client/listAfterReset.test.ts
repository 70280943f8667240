import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttp } from '../api/http.ts';
import { createMemoryStore } from './platform/storage.ts';
import { until } from '../test/fakeFetch.ts';
import { createFakeService } from '../test/fakeService.ts';
import type { ChatClient } from './types.ts';

/**
 * Issue 22 §19: the visitor's conversation list is code on demand (client/conversation/conversationList.ts). A
 * reset while that code is on its way must not be undone when it arrives: the list was asked for
 * the visitor who left.
 */
const LIST = '../client/conversation/conversationList.ts';

const clients: ChatClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.dispose();
  vi.doUnmock(LIST);
  vi.resetModules();
});

/** A client whose list code arrives only when the test calls `listCodeArrives`. */
async function setup() {
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  vi.doMock(LIST, async (original) => {
    await arrived;
    return original();
  });
  const { createChatClient } = await import('./client.ts');
  const service = createFakeService();
  const client = createChatClient({
    settings: { projectid: service.projectId, apiUrl: service.apiUrl, persistence: 'none', realtime: false },
    http: createHttp({ apiUrl: service.apiUrl, fetch: service.fetch }),
    store: createMemoryStore(),
    window,
  });
  clients.push(client);
  return { client, service, listCodeArrives: arrive };
}

const listed = (service: ReturnType<typeof createFakeService>) => service.calls.filter((c) => c.path.includes('/requests/me'));

describe('a reset while the conversation list is on its way', () => {
  it('the list asked for the visitor who left is never made: no list, no call for it, their conversation not opened again', async () => {
    const { client, service, listCodeArrives } = await setup();
    await client.ready;
    await client.send('hello');
    const left = client.conversation.requestId.value!;
    // A rating of nothing rates nothing: it only brings the later commands' code.
    await client.rate(0, '');
    // The visitor's list is asked for (its code on its way), and a conversation in it opened.
    client.showHome();
    client.openConversation(left);
    await client.reset();
    expect(client.conversation.requestId.value).toBeNull();

    listCodeArrives();
    await vi.dynamicImportSettled();
    // The next visitor's first message makes their own conversation.
    await client.send('next visitor');
    const next = client.conversation.requestId.value;
    expect(next).not.toBe(left);
    expect(service.messages.get(left)!.map((m) => m.text)).toEqual(['hello']);
    expect(client.conversations.value).toBeNull();
    expect(listed(service)).toEqual([]);

    // Asked for again now, the list is the next visitor's.
    client.showHome();
    await until(() => expect(client.conversations.value).not.toBeNull());
    await until(() => expect(listed(service)).toHaveLength(1));
  });

  it('a client disposed meanwhile never makes it', async () => {
    const { client, service, listCodeArrives } = await setup();
    await client.ready;
    await client.send('hello');
    await client.rate(0, '');
    client.showHome();
    client.dispose();
    listCodeArrives();
    await vi.dynamicImportSettled();
    expect(client.conversations.value).toBeNull();
    expect(listed(service)).toEqual([]);
  });
});
