import { vi } from 'vitest';
import { createHttp } from '../api/http.ts';
import { createEmitter } from '../state/events.ts';
import { createOutboxStore } from '../state/outboxStore.ts';
import { createSession } from '../state/session.ts';
import { createMemoryStore } from '../state/storage.ts';
import { createFakeService } from './fakeService.ts';

/**
 * A conversation on a fake service whose code on demand at `module` (a path from src/test, e.g.
 * `../state/typing.ts`) counts its downloads in `loads` and cannot be downloaded while
 * `network.codeDown`. Call `vi.doUnmock(module)` and `vi.resetModules()` after each test.
 */
export async function conversationWithCodeOnDemand(module: string) {
  const network = { codeDown: false };
  const loads = vi.fn();
  vi.doMock(module, async (original) => {
    loads();
    if (network.codeDown) throw new Error('Failed to fetch dynamically imported module');
    return original();
  });
  const { createConversation } = await import('../state/conversation.ts');
  const service = createFakeService();
  const store = createMemoryStore();
  const http = createHttp({ apiUrl: service.apiUrl, fetch: service.fetch, timeoutMs: 200 });
  const session = createSession({ http, store, projectId: service.projectId, identity: () => ({}) });
  const conversation = createConversation({
    http,
    projectId: service.projectId,
    session,
    store,
    outboxStore: createOutboxStore(store, 'test', false, (rid) => rid.startsWith(`support-group-${service.projectId}-`)),
    emitter: createEmitter(null),
    isWindowOpen: () => true,
    firstMessageFields: () => ({}),
    random: () => 0,
    settleMs: 100,
  });
  return { service, store, session, conversation, network, loads };
}
