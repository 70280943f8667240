import { expect, it } from 'vitest';
import { createHttp } from '../api/http.ts';
import { createEmitter } from '../client/platform/events.ts';
import type { IdentityAttributes } from '../state/identity.ts';
import { createOutboxStore } from '../client/delivery/outboxStore.ts';
import type { SendJournal } from '../client/delivery/sendJournal.ts';
import { createSession } from '../client/session/session.ts';
import { createMemoryStore, type KeyValueStore } from '../client/platform/storage.ts';
import { codeOnDemand } from './codeOnDemand.ts';
import { createFakeService } from './fakeService.ts';

/** A conversation on a fake service (or `options.service`), as a page makes it; the same `store` and `service` make the next page's. */
export async function conversationOnFakeService(
  options: { store?: KeyValueStore; service?: ReturnType<typeof createFakeService>; journal?: SendJournal; identity?: () => IdentityAttributes } = {},
) {
  const { createConversation } = await import('../client/conversation/conversation.ts');
  const service = options.service ?? createFakeService();
  const store = options.store ?? createMemoryStore();
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
    journal: options.journal,
    identity: options.identity,
  });
  return { service, store, session, conversation };
}

/** A conversation on a fake service whose code on demand at `module` is `codeOnDemand`'s. */
export async function conversationWithCodeOnDemand(module: string) {
  const { network, loads } = codeOnDemand(module);
  return { ...(await conversationOnFakeService()), network, loads };
}

/** The first test of every conversation's code on demand: a first open and send never download it. */
export function itIsNotDownloadedByAFirstSend(setup: () => ReturnType<typeof conversationWithCodeOnDemand>) {
  it('is not downloaded by a first open and send', async () => {
    const { conversation, loads } = await setup();
    await conversation.send({ text: 'Hello' });
    expect(conversation.history.value).toHaveLength(1);
    expect(loads).not.toHaveBeenCalled();
    conversation.dispose();
  });
}
