import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryStore } from './platform/storage.ts';
import { chatClientsOnFakeService } from '../test/chatClientOnFakeService.ts';
import { until } from '../test/fakeFetch.ts';
import { createFakeService } from '../test/fakeService.ts';
import { FakeSocket } from '../test/fakeSocket.ts';
import { fakeBrowser } from '../test/fakeTabs.ts';

/** Issue 22 §19: the typing indicator shows in every tab of the site, not only in the one that holds the socket. */
const startClient = chatClientsOnFakeService();
beforeEach(() => {
  FakeSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

describe('typing in every tab', () => {
  it("the leading tab's socket says an agent types: the other tabs show it too, and stop at the agent's message", async () => {
    const browser = fakeBrowser();
    const service = createFakeService();
    const store = createMemoryStore();
    const settings = { persistence: 'local', realtime: 'wss://push.test/socket' };
    const { client: first } = startClient(settings, store, service, browser.tab());
    await first.ready;
    first.open();
    await first.send('Is anyone there?');
    const rid = first.conversation.requestId.value!;
    // The newer tab takes the lead (both are "visible" here), and with it the socket.
    const { client: second } = startClient(settings, store, service, browser.tab());
    await second.ready;
    const live = () => FakeSocket.instances.filter((s) => s.readyState !== FakeSocket.CLOSED).at(-1);
    await until(() => expect(live()?.url).toMatch(/^wss:\/\/push\.test\/socket/));
    await until(() => expect(FakeSocket.instances.filter((s) => s.readyState !== FakeSocket.CLOSED)).toHaveLength(1));
    const socket = live()!;
    const publish = (topic: string, message: unknown) =>
      socket.receive({ action: 'publish', payload: { topic: `/${service.projectId}/requests/${rid}/${topic}`, method: 'CREATE', message } });
    socket.open();
    publish('messages', []);

    publish('typing', { typing: true, sender: 'agent-1', senderFullname: 'Ann Agent' });
    await until(() => expect(second.conversation.typist.value?.name).toBe('Ann Agent'));
    await until(() => expect(first.conversation.typist.value?.name).toBe('Ann Agent'));

    publish('messages', service.agentSays(rid, 'Yes, Ann here.'));
    await until(() => expect(first.conversation.messages.value.map((m) => m.text)).toContain('Yes, Ann here.'));
    expect(first.conversation.typist.value).toBeNull();
    expect(second.conversation.typist.value).toBeNull();
  });
});
