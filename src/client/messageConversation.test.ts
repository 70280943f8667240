import { describe, expect, it } from 'vitest';
import { createMemoryStore } from './platform/storage.ts';
import { chatClientsOnFakeService } from '../test/chatClientOnFakeService.ts';
import { until } from '../test/fakeFetch.ts';
import type { createFakeService } from '../test/fakeService.ts';
import type { ChatClient } from './types.ts';

/**
 * Issue 22 §2: a message belongs to the conversation that was current when it was sent, whatever
 * happens before its turn to be posted comes (a switch, a new conversation, a reload, another tab).
 */
const startClient = chatClientsOnFakeService();

type Service = ReturnType<typeof createFakeService>;

/** What the service stored in conversation `rid`, in order. */
const textsIn = (service: Service, rid: string) => (service.messages.get(rid) ?? []).map((m) => m.text);

/** Every POST of `text` (each attempt), with its body. */
const postsOf = (service: Service, text: string) => service.posts().filter((p) => (p.body as { text?: string }).text === text);

/** The client shows a conversation of its own with `text` in it (sent and stored); its id. */
async function conversationWith(client: ChatClient, text: string): Promise<string> {
  await client.send(text);
  await until(() => expect(client.conversation.outbox.value).toEqual([]));
  return client.conversation.requestId.value!;
}

/** The client shows the visitor's conversation `rid` (opened from their list). */
async function openIt(client: ChatClient, rid: string) {
  client.openConversation(rid);
  await until(() => expect(client.conversation.requestId.value).toBe(rid));
}

/**
 * A conversation B the visitor had before, then a new one with a message of its own (A, current).
 * The visitor has gone to B and back once: the switch's code is here, a switch takes milliseconds.
 */
async function twoConversations(client: ChatClient) {
  const b = await conversationWith(client, 'B1');
  client.startNewConversation();
  await until(() => expect(client.conversation.requestId.value).toBeNull());
  const a = await conversationWith(client, 'A1');
  expect(a).not.toBe(b);
  await openIt(client, b);
  await openIt(client, a);
  return { a, b };
}

/** Both messages wait in the stored outbox (the service refuses them for now), the first tried once. */
async function waitingInOutbox(client: ChatClient, service: Service, texts: [string, string]) {
  await until(() => expect(client.conversation.outbox.value.map((i) => i.text)).toEqual(texts));
  await until(() => expect(postsOf(service, texts[0])).toHaveLength(1));
}

/** Every POST of a message answers 503 (no Retry-After) until the returned function is called. */
function postsRefused(service: Service): () => void {
  let down = true;
  service.setFault((call) => (down && call.method === 'POST' && call.path.endsWith('/messages') ? { status: 503, body: 'Service Unavailable' } : undefined));
  return () => (down = false);
}

describe('a message belongs to the conversation that was current when it was sent', () => {
  it('send, send, openConversation(B) in one go: both messages stay in A', async () => {
    const { client, service } = startClient();
    await client.ready;
    const { a, b } = await twoConversations(client);

    void client.send('A2');
    void client.send('A3');
    client.openConversation(b);

    await until(() => expect(client.conversation.requestId.value).toBe(b));
    await until(() => expect(textsIn(service, a)).toEqual(['A1', 'A2', 'A3']));
    expect(textsIn(service, b)).toEqual(['B1']);
    await until(() => expect(client.conversation.outbox.value).toEqual([]));
    // B shows B's history only.
    expect(client.conversation.messages.value.map((m) => m.text)).toEqual(['B1']);
  });

  it('send, send, startNewConversation() in one go: both messages stay in A, the new conversation starts empty', async () => {
    const { client, service } = startClient();
    await client.ready;
    const a = await conversationWith(client, 'A1');

    void client.send('A2');
    void client.send('A3');
    client.startNewConversation();

    await until(() => expect(textsIn(service, a)).toEqual(['A1', 'A2', 'A3']));
    await until(() => expect(client.conversation.outbox.value).toEqual([]));
    expect(client.conversation.requestId.value).toBeNull();
    expect(client.conversation.messages.value).toEqual([]);
    // The next message makes the new conversation, with nothing of A in it.
    const next = await conversationWith(client, 'N1');
    expect(next).not.toBe(a);
    expect(textsIn(service, next)).toEqual(['N1']);
  });

  it('the first messages of a conversation not made yet make it at once: a switch right after does not take them', async () => {
    const { client, service } = startClient();
    await client.ready;

    void client.send('N1');
    void client.send('N2');
    // The conversation exists from the first send on: both messages have it.
    const made = client.conversation.requestId.value;
    expect(made).toBeTruthy();
    client.startNewConversation();

    await until(() => expect(textsIn(service, made!)).toEqual(['N1', 'N2']));
    await until(() => expect(client.conversation.outbox.value).toEqual([]));
    expect(service.messages.size).toBe(1);
    // Only the first one carries what opens a conversation.
    expect(postsOf(service, 'N1')[0]!.body).toHaveProperty('language');
    expect(postsOf(service, 'N2')[0]!.body).not.toHaveProperty('language');
    expect(client.conversation.requestId.value).toBeNull();
  });

  it('openConversation(B), then send at once: the message goes to B, the conversation asked for before it', async () => {
    const { client, service } = startClient();
    await client.ready;
    const { a, b } = await twoConversations(client);

    client.openConversation(b);
    void client.send('B2');

    await until(() => expect(textsIn(service, b)).toEqual(['B1', 'B2']));
    await until(() => expect(client.conversation.outbox.value).toEqual([]));
    expect(textsIn(service, a)).toEqual(['A1']);
    expect(client.conversation.messages.value.map((m) => m.text)).toEqual(['B1', 'B2']);
  });

  it("reset, then send at once (the reset's code here): the message is the next visitor's, in a conversation of their own", async () => {
    const { client, service } = startClient();
    await client.ready;
    const a = await conversationWith(client, 'A1');
    // A rating of nothing rates nothing: it only brings the later commands' code (laterCommands.ts).
    await client.rate(0, '');

    const reset = client.reset();
    void client.send('after the reset');
    await reset;

    await until(() => expect(postsOf(service, 'after the reset')).toHaveLength(1));
    await until(() => expect(client.conversation.outbox.value).toEqual([]));
    const next = client.conversation.requestId.value!;
    expect(next).not.toBe(a);
    expect(textsIn(service, a)).toEqual(['A1']);
    expect(textsIn(service, next)).toEqual(['after the reset']);
  });

  it('through a reload: the outbox restored after send, send, openConversation(B) delivers both to A', async () => {
    const store = createMemoryStore();
    const { client, service } = startClient({}, store);
    await client.ready;
    const { a, b } = await twoConversations(client);
    const serviceBack = postsRefused(service);

    void client.send('A2');
    void client.send('A3');
    client.openConversation(b);
    // Refused (503): in the stored outbox when the page goes.
    await until(() => expect(client.conversation.requestId.value).toBe(b));
    await waitingInOutbox(client, service, ['A2', 'A3']);
    client.dispose();

    serviceBack();
    const { client: reloaded } = startClient({}, store, service);
    await reloaded.ready;
    expect(reloaded.conversation.requestId.value).toBe(b);
    await until(() => expect(textsIn(service, a)).toEqual(['A1', 'A2', 'A3']));
    await until(() => expect(reloaded.conversation.outbox.value).toEqual([]));
    expect(textsIn(service, b)).toEqual(['B1']);
  });

  it('through another tab: the tab that takes over the outbox sends each message to its own conversation, with its own first-message fields', async () => {
    const store = createMemoryStore();
    const { client: first, service } = startClient({ lang: 'en' }, store);
    await first.ready;
    const b = await conversationWith(first, 'B1');
    first.startNewConversation();
    await until(() => expect(first.conversation.requestId.value).toBeNull());
    const serviceBack = postsRefused(service);

    // A is made by its first message, then the visitor goes back to B at once.
    void first.send('A1');
    void first.send('A2');
    const a = first.conversation.requestId.value!;
    first.openConversation(b);
    await until(() => expect(first.conversation.requestId.value).toBe(b));
    await waitingInOutbox(first, service, ['A1', 'A2']);
    // The tab closes with both in the outbox; another tab (in Italian) takes over.
    first.dispose();
    serviceBack();
    const { client: second } = startClient({ lang: 'it' }, store, service);
    await second.ready;
    await until(() => expect(textsIn(service, a)).toEqual(['A1', 'A2']));
    await until(() => expect(second.conversation.outbox.value).toEqual([]));
    expect(textsIn(service, b)).toEqual(['B1']);
    // A's first message opens A as it was sent (in English, from the first tab); the second opens nothing.
    expect(postsOf(service, 'A1').at(-1)!.body).toMatchObject({ language: 'en' });
    expect(postsOf(service, 'A2').at(-1)!.body).not.toHaveProperty('language');
  });
});
