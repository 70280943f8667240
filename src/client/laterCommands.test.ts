import { describe, expect, it } from 'vitest';
import { chatClientsOnFakeService } from '../test/chatClientOnFakeService.ts';
import { until } from '../test/fakeFetch.ts';

const startClient = chatClientsOnFakeService();

/** The conversation a message was posted to. */
const conversationOf = (path: string) => /\/requests\/([^/]+)\/messages$/.exec(path)?.[1];

describe('the commands a first open never calls (laterCommands.ts, on demand)', () => {
  it('a message sent after a reset whose code is still on its way goes to the new conversation, and is not lost', async () => {
    const { client, service } = startClient();
    await client.ready;
    await client.send('hello');
    const old = client.conversation.requestId.value;
    expect(old).toBeTruthy();
    // This client has not loaded its later commands yet: the reset waits for them, the send waits for the reset.
    const reset = client.reset();
    const sent = client.send('after the reset');
    await Promise.all([reset, sent]);
    await until(() => expect(service.posts()).toHaveLength(2));
    const [first, second] = service.posts();
    expect(conversationOf(first!.path)).toBe(old);
    expect(second!.body).toMatchObject({ text: 'after the reset' });
    expect(conversationOf(second!.path)).not.toBe(old);
    expect(client.conversation.requestId.value).toBe(conversationOf(second!.path));
    expect(client.conversation.outbox.value).toEqual([]);
  });

  it('run in the order they were called, then at once once here', async () => {
    const { client } = startClient();
    await client.ready;
    client.open();
    const screens: string[] = [];
    const stop = client.ui.screen.subscribe((screen) => screens.push(screen));
    // Both wait for the code: the home screen, then a new conversation, as called.
    client.showHome(true);
    client.startNewConversation();
    expect(screens).toEqual(['conversation']);
    await until(() => expect(screens).toEqual(['conversation', 'home', 'conversation']));
    stop();
    // Here now: synchronous, as before.
    client.showHome();
    expect(client.ui.screen.value).toBe('home');
  });
});
