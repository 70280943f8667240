import { afterEach, describe, expect, it } from 'vitest';
import { createHttp } from '../../api/http.ts';
import { until } from '../../test/fakeFetch.ts';
import { createFakeService } from '../../test/fakeService.ts';
import { createChatClient } from '../client.ts';
import { createMemoryStore } from '../platform/storage.ts';
import type { ChatClient } from '../types.ts';

const clients: ChatClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.dispose();
});

describe('ending a conversation (conversationLeave.ts)', () => {
  it('whose answer comes once the visitor has moved on to a new one ends that one only: the new one stays open and keeps its messages', async () => {
    const service = createFakeService();
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    let asked = false;
    // The service's answer to the end, held until the visitor has moved on.
    const fetch: typeof service.fetch = async (input, init) => {
      if (init?.method === 'PUT' && (input instanceof Request ? input.url : input.toString()).endsWith('/closeg')) {
        asked = true;
        await held;
      }
      return service.fetch(input, init);
    };
    const client = createChatClient({
      settings: { projectid: service.projectId, apiUrl: service.apiUrl, persistence: 'none', realtime: false },
      http: createHttp({ apiUrl: service.apiUrl, fetch }),
      store: createMemoryStore(),
    });
    clients.push(client);
    await client.ready;
    await client.send('first');
    const ended = client.conversation.requestId.value;
    const closedSeen: boolean[] = [];
    client.endConversation();
    await until(() => expect(asked).toBe(true));
    client.startNewConversation();
    await client.send('second');
    const current = client.conversation.requestId.value;
    expect(current).not.toBe(ended);
    const stop = client.conversation.closed.subscribe((closed) => closedSeen.push(closed));
    answer();
    // A message sent once the service has answered the end: it goes after that answer is handled.
    await until(() => expect(service.isClosed(ended!)).toBe(true));
    await client.send('third');
    stop();
    expect(closedSeen).not.toContain(true);
    expect(client.conversation.requestId.value).toBe(current);
    expect(service.posts().map((c) => [c.path.split('/')[3], (c.body as { text: string }).text])).toEqual([
      [ended, 'first'],
      [current, 'second'],
      [current, 'third'],
    ]);
  });
});
