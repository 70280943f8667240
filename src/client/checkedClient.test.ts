import { describe, expect, it, onTestFinished } from 'vitest';
import { createHttp } from '../api/http.ts';
import { createFakeService } from '../test/fakeService.ts';
import { createChatClient } from './checkedClient.ts';
import { createMemoryStore } from './platform/storage.ts';
import type { ChatClientOptions } from './types.ts';

describe("porchlight/client's createChatClient", () => {
  const start = (settings: ChatClientOptions['settings']) => {
    const service = createFakeService();
    const client = createChatClient({
      settings: { projectid: service.projectId, apiUrl: service.apiUrl, persistence: 'none', realtime: false, ...settings },
      http: createHttp({ apiUrl: service.apiUrl, fetch: service.fetch }),
      store: createMemoryStore(),
      window,
    });
    onTestFinished(() => client.dispose());
    return client;
  };

  it('takes its settings as one closed type: a key that is no setting does not compile, and at run time is one error {type: config} naming it, after start-up', async () => {
    // Type-level: the line must fail to compile, or tsc reports the unused directive.
    const typo = () =>
      // @ts-expect-error `themeColour` is no setting (themeColor)
      createChatClient({ settings: { projectid: 'p', themeColour: 'red' } });
    expect(typo).toBeTypeOf('function');
    // What a page without types (or with a variable) may still pass.
    const client = start({ themeColour: 'red', soundEnabled: false, nosuch: 1 } as ChatClientOptions['settings']);
    const errors: unknown[] = [];
    client.on('error', (e) => errors.push(e));
    await client.ready;
    expect(errors).toEqual([{ type: 'config', message: 'Porchlight: no such setting: themeColour, nosuch' }]);
    // The settings it knows are taken: only the unknown ones are named.
    expect(client.settings.peek().soundEnabled).toBe(false);
  });

  it('says nothing of settings it knows', async () => {
    const client = start({ themeColor: '#123456', jwt: null });
    const errors: unknown[] = [];
    client.on('error', (e) => errors.push(e));
    await client.ready;
    expect(errors).toEqual([]);
  });
});
