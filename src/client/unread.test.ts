import { conversationOf } from '../test/conversationOf.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryStore } from './platform/storage.ts';
import { chatClientsOnFakeService } from '../test/chatClientOnFakeService.ts';
import { until } from '../test/fakeFetch.ts';
import { createFakeService } from '../test/fakeService.ts';
import { fakeBrowser } from '../test/fakeTabs.ts';
import type { ChatClient } from './types.ts';

/**
 * Issue 22 §3: an unread reply stays visible (the launcher's count and the preview) until the
 * visitor opens the conversation: after a reload, in a new tab, after an unmount and remount, on
 * every tab of the site. The count comes from the read mark kept beside the conversation.
 */
const startClient = chatClientsOnFakeService();
afterEach(() => {
  // What a visit kept in web storage (the look, the loader's hint) would make the next test a return visit.
  localStorage.clear();
  sessionStorage.clear();
});

type Service = ReturnType<typeof createFakeService>;
const texts = (client: ChatClient) => client.conversation.messages.value.map((m) => m.text);

/** The visitor wrote with the window open and closed it; the agent answered (`reply`), heard by `client` while closed. */
async function repliedWhileClosed(client: ChatClient, service: Service, reply = 'Your parcel left today.') {
  await client.ready;
  client.open();
  await client.send('Where is my parcel?');
  client.close();
  service.agentSays(client.conversation.requestId.value!, reply);
  await conversationOf(client).sync();
  return reply;
}

describe('the unread count after a reload or a remount', () => {
  it('comes back at once from the read mark, with an unread:change and the preview, until the visitor opens the conversation', async () => {
    const service = createFakeService();
    const store = createMemoryStore();
    const { client: before } = startClient({}, store, service);
    const reply = await repliedWhileClosed(before, service);
    expect(before.unreadCount).toBe(1);
    before.dispose();

    const { client: after } = startClient({}, store, service);
    const heard: number[] = [];
    after.on('unread:change', (n) => heard.push(n));
    await after.ready;
    await until(() => expect(after.unreadCount).toBe(1));
    expect(after.unread.value).toBe(1);
    expect(heard).toEqual([1]);
    await until(() => expect(after.attention.preview.value?.text).toBe(reply));

    after.open();
    expect(after.unreadCount).toBe(0);
    expect(heard).toEqual([1, 0]);
    after.close();
    expect(after.attention.preview.value).toBeNull();
    after.dispose();

    // Read: the next page counts nothing, and says nothing.
    const { client: later } = startClient({}, store, service);
    const laterHeard: number[] = [];
    later.on('unread:change', (n) => laterHeard.push(n));
    await later.ready;
    await until(() => expect(texts(later)).toContain(reply));
    expect(later.unreadCount).toBe(0);
    expect(laterHeard).toEqual([]);
  });

  it('counts what the other side wrote while no page was open (and not what the visitor had seen)', async () => {
    const service = createFakeService();
    const store = createMemoryStore();
    const { client: before } = startClient({}, store, service);
    await before.ready;
    before.open();
    await before.send('Hello');
    service.agentSays(before.conversation.requestId.value!, 'Hi, seen in the open window');
    await conversationOf(before).sync();
    before.close();
    const rid = before.conversation.requestId.value!;
    before.dispose();
    service.agentSays(rid, 'One');
    service.agentSays(rid, 'Two');

    const { client: after } = startClient({}, store, service);
    await until(() => expect(after.unreadCount).toBe(2));
    await until(() => expect(after.attention.preview.value?.text).toBe('Two'));
  });
});

describe('the unread count in every tab of the site', () => {
  it('a reply while closed shows in every tab, and in a tab opened later; opening it in one tab reads it in all', async () => {
    const browser = fakeBrowser();
    const service = createFakeService();
    const store = createMemoryStore();
    const settings = { persistence: 'local' };
    const { client: first } = startClient(settings, store, service, browser.tab());
    await first.ready;
    first.open();
    await first.send('Where is my parcel?');
    first.close();
    // A second tab: the one the visitor looks at leads (both are "visible" here; the newer took the lead).
    const { client: second } = startClient(settings, store, service, browser.tab());
    await second.ready;
    service.agentSays(first.conversation.requestId.value!, 'Your parcel left today.');
    await conversationOf(second).sync();
    for (const tab of [first, second]) {
      await until(() => expect(tab.unreadCount).toBe(1));
      await until(() => expect(tab.attention.preview.value?.text).toBe('Your parcel left today.'));
    }

    const { client: third } = startClient(settings, store, service, browser.tab());
    await until(() => expect(third.unreadCount).toBe(1));
    await until(() => expect(third.attention.preview.value?.text).toBe('Your parcel left today.'));

    first.open();
    for (const tab of [first, second, third]) {
      await until(() => expect(tab.unreadCount).toBe(0));
      expect(tab.attention.preview.value).toBeNull();
    }
  });
});
