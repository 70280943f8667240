import { afterEach } from 'vitest';
import { createHttp } from '../api/http.ts';
import { createChatClient } from '../client/client.ts';
import type { ChatClient } from '../client/types.ts';
import { createMemoryStore, type KeyValueStore } from '../client/platform/storage.ts';
import { createFakeService } from './fakeService.ts';

/**
 * What a test file calls to start chat clients without any UI: each on a fake service (a new one
 * unless given), with memory storage unless given, no websocket, the test's window, storage kept
 * only in `store` (`persistence: 'none'`) unless `settings` say otherwise. Every client started is
 * disposed after its test. `win`: another tab of the site (fakeTabs.ts `fakeBrowser`).
 */
export function chatClientsOnFakeService() {
  const clients: ChatClient[] = [];
  afterEach(() => {
    for (const client of clients.splice(0)) client.dispose();
  });
  return function startClient(
    settings: Record<string, unknown> = {},
    store: KeyValueStore = createMemoryStore(),
    service = createFakeService(),
    win: Window = window,
  ) {
    const client = createChatClient({
      settings: { projectid: service.projectId, apiUrl: service.apiUrl, persistence: 'none', realtime: false, ...settings },
      http: createHttp({ apiUrl: service.apiUrl, fetch: service.fetch }),
      store,
      window: win,
    });
    clients.push(client);
    return { service, client };
  };
}
