import { conversationOf } from '../test/conversationOf.ts';
import { effect } from '@preact/signals-core';
import { describe, expect, it, vi } from 'vitest';
import { createMemoryStore, type KeyValueStore } from './platform/storage.ts';
import { createFakeService } from '../test/fakeService.ts';
import { chatClientsOnFakeService } from '../test/chatClientOnFakeService.ts';
import { until } from '../test/fakeFetch.ts';
import { afterFakeTime, nextTask } from '../test/fakeTime.ts';

/**
 * What polling costs (issue 9 "cheap polls"): no history fetch at a page load while the window is
 * closed, unless the badge needs it — a stored conversation: one request, then the schedule; and a
 * poll with nothing new writes no signal, so nothing re-renders.
 */
const startClient = chatClientsOnFakeService();
const start = (service: ReturnType<typeof createFakeService>, store: KeyValueStore) => startClient({}, store, service).client;

const historyReads = (service: ReturnType<typeof createFakeService>) => service.calls.filter((c) => c.method === 'GET' && c.path.endsWith('/messages')).length;

/** The last visit: the visitor wrote, closed the window (and the agent answered meanwhile, if `reply`). */
async function lastVisit(service: ReturnType<typeof createFakeService>, store: ReturnType<typeof createMemoryStore>, reply?: string) {
  const before = start(service, store);
  await before.ready;
  await before.send('hello');
  before.close();
  if (reply) service.agentSays(before.conversation.requestId.value!, reply);
  before.dispose();
}

describe('a page load with the window closed', () => {
  it('without a stored conversation: no history request at all', async () => {
    const service = createFakeService();
    // Ten minutes of (fake) time from the page load on: no read, neither at start-up nor polled.
    await afterFakeTime(10 * 60_000, async () => {
      const client = start(service, createMemoryStore());
      await client.ready;
    });
    expect(historyReads(service)).toBe(0);
  });

  it('with a stored conversation: exactly one history request (the unread badge), then nothing before the schedule', async () => {
    const service = createFakeService();
    const store = createMemoryStore();
    await lastVisit(service, store, 'a reply while away');
    // What the last visit set off before it went (its code asked for, its last promise jobs) is done.
    await vi.dynamicImportSettled();
    await nextTask();
    const readsBefore = historyReads(service);

    const client = start(service, store);
    await client.ready;
    await until(() => expect(historyReads(service) - readsBefore).toBe(1));
    // Start-up and the code it asked for are done: no second read comes with them.
    await vi.dynamicImportSettled();
    await nextTask();
    expect(historyReads(service) - readsBefore).toBe(1);
    // The one request brought the conversation (what the badge counts from).
    expect(client.conversation.messages.value.map((m) => m.text)).toContain('a reply while away');
    expect(client.ui.isOpen.value).toBe(false);
  });

  it('keeps the schedule of a conversation as active as its newest message (15 s closed), not of a dormant one (60 s)', async () => {
    const service = createFakeService();
    const store = createMemoryStore();
    // Only the visitor wrote: nothing from the other side would mark it active after a reload.
    await lastVisit(service, store);
    const client = start(service, store);
    await client.ready;
    await until(() => expect(client.conversation.messages.value.length).toBe(1));
    expect(Date.now() - client.conversation.lastActivity.value).toBeLessThan(60_000);
  });
});

describe('a poll with nothing new', () => {
  it('writes no signal: the history, the messages, the activity and the unread count stay the same objects', async () => {
    const service = createFakeService();
    const client = start(service, createMemoryStore());
    await client.ready;
    await client.send('hello');
    service.agentSays(client.conversation.requestId.value!, 'hi');
    await conversationOf(client).sync();
    const { history, messages, lastActivity, unread } = client.conversation;
    const before = { history: history.value, messages: messages.value };
    const writes: string[] = [];
    const watch = (name: string, read: () => unknown) => {
      let first = true;
      return effect(() => {
        read();
        if (!first) writes.push(name);
        first = false;
      });
    };
    const stops = [
      watch('history', () => history.value),
      watch('messages', () => messages.value),
      watch('lastActivity', () => lastActivity.value),
      watch('unread', () => unread.value),
    ];
    const reads = historyReads(service);
    await conversationOf(client).sync();
    await conversationOf(client).sync();
    expect(historyReads(service) - reads).toBe(2);
    expect(writes).toEqual([]);
    expect(history.value).toBe(before.history);
    expect(messages.value).toBe(before.messages);
    // Something new is still taken in.
    service.agentSays(client.conversation.requestId.value!, 'news');
    await conversationOf(client).sync();
    expect(writes).toContain('history');
    expect(messages.value.at(-1)?.text).toBe('news');
    for (const stop of stops) stop();
  });
});
