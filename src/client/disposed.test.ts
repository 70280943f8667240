import { describe, expect, it } from 'vitest';
import { createMemoryStore } from './platform/storage.ts';
import { chatClientsOnFakeService } from '../test/chatClientOnFakeService.ts';
import { ChatDisposedError } from './disposedCommands.ts';

const startClient = chatClientsOnFakeService();

describe('a command after dispose()', () => {
  it('rejects when it answers with a promise (ChatDisposedError), and keeps nothing: send, reset, rate, transcript…', async () => {
    const store = createMemoryStore();
    const { client, service } = startClient({}, store);
    await client.ready;
    client.dispose();
    const sent = client.send('too late');
    await expect(sent).rejects.toBeInstanceOf(ChatDisposedError);
    await expect(sent).rejects.toMatchObject({ command: 'send' });
    await expect(client.reset()).rejects.toBeInstanceOf(ChatDisposedError);
    await expect(client.logout()).rejects.toBeInstanceOf(ChatDisposedError);
    await expect(client.rate(5, '')).rejects.toBeInstanceOf(ChatDisposedError);
    await expect(client.signInWithCustomToken('jwt')).rejects.toBeInstanceOf(ChatDisposedError);
    await expect(client.transcript()).rejects.toBeInstanceOf(ChatDisposedError);
    // Nothing was kept to be sent at the next page load, nor asked of the service.
    expect(await store.get('outbox')).toBeUndefined();
    expect(client.conversation.outbox.value).toEqual([]);
    expect(service.calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('does nothing when it answers nothing (open, close, show…): the window stays as it was', async () => {
    const { client } = startClient();
    await client.ready;
    client.dispose();
    expect(() => client.open()).not.toThrow();
    expect(client.ui.isOpen.value).toBe(false);
    client.hide();
    expect(client.ui.isShown.value).toBe(true);
  });
});
