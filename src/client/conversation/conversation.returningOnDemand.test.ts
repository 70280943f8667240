import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { until } from '../../test/fakeFetch.ts';
import { createFakeService } from '../../test/fakeService.ts';
import { fakeWebStorage } from '../../test/fakeWebStorage.ts';
import { codeOnDemand } from '../../test/codeOnDemand.ts';
import { conversationOnFakeService as setup } from '../../test/conversationWithCodeOnDemand.ts';
import type { OutboxItem } from '../../state/chatMessage.ts';
import type { IdentityAttributes } from '../../state/identity.ts';
import { createSendJournal, type SendJournal } from '../delivery/sendJournal.ts';
import { createMemoryStore } from '../platform/storage.ts';

/** What only a returning visit runs (src/chunks.ts `returning`), and a later message's identity check (`later`). */
const ON_DEMAND = ['../state/outboxRepair.ts', '../client/conversation/journalRecovery.ts', '../state/identityUpdate.ts'];

/** This tab's sessionStorage, as a reload keeps it: each call is the journal of a new page. */
function tabJournal(): () => SendJournal {
  const { storage } = fakeWebStorage();
  return () => createSendJournal({ sessionStorage: storage } as unknown as Window, 'p1', 'local');
}

/** An outbox item an earlier page stored for conversation `rid`. */
const leftItem = (rid: string, text: string, tempUID: string): OutboxItem => ({
  tempUID,
  requestId: rid,
  text,
  type: 'text',
  attributes: {},
  createdAt: 1,
  attempts: 0,
  state: 'sending',
  maybeDelivered: false,
  notBefore: 0,
});

const textsOf = (service: ReturnType<typeof createFakeService>, rid: string) => service.messages.get(rid)?.map((m) => m.text);

describe('conversation: what only a returning visit runs comes on demand', () => {
  // Retries and backoff on a fake clock: "nothing more goes out" is checked past every wait of the code.
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    for (const module of ON_DEMAND) vi.doUnmock(module);
    vi.resetModules();
  });

  it("is not downloaded by a new visitor's start-up, first message and second one (the outbox read back is this tab's own)", async () => {
    const { loads } = codeOnDemand(...ON_DEMAND);
    const page = tabJournal();
    const { service, session, conversation } = await setup({ journal: page() });
    await session.restore();
    await conversation.restore();
    await conversation.send({ text: 'Hello' });
    await conversation.send({ text: 'Again' });
    await until(() => expect(conversation.outbox.value).toEqual([]));
    expect(textsOf(service, conversation.requestId.value!)).toEqual(['Hello', 'Again']);
    expect(loads).not.toHaveBeenCalled();
    conversation.dispose();
  });

  it('an outbox an earlier page left is read with it; not downloaded, the start-up goes on, nothing stored is dropped, and the network’s return sends it', async () => {
    const { network, loads } = codeOnDemand(...ON_DEMAND);
    const service = createFakeService();
    const store = createMemoryStore();
    const rid = `support-group-${service.projectId}-0123456789abcdef0123456789abcdef`;
    await store.set('conversation', { requestId: rid });
    await store.set('outbox', [leftItem(rid, 'left behind', 'left-1')]);
    network.codeDown = true;
    const { session, conversation } = await setup({ store, service });
    await session.restore();
    await expect(conversation.restore()).resolves.toBeUndefined();
    expect(conversation.requestId.value).toBe(rid);
    expect(await store.get('outbox')).toMatchObject([{ tempUID: 'left-1', text: 'left behind' }]);
    expect(service.posts()).toEqual([]);

    network.codeDown = false;
    conversation.resume();
    await until(() => expect(textsOf(service, rid)).toEqual(['left behind']));
    await until(() => expect(conversation.outbox.value).toEqual([]));
    expect(loads).toHaveBeenCalledWith('../state/outboxRepair.ts');
    conversation.dispose();
  });

  it('a message written while it cannot be downloaded is kept, and goes after the earlier page’s once it can (order kept)', async () => {
    const { network } = codeOnDemand(...ON_DEMAND);
    const service = createFakeService();
    const store = createMemoryStore();
    const rid = `support-group-${service.projectId}-0123456789abcdef0123456789abcdef`;
    await store.set('conversation', { requestId: rid });
    await store.set('outbox', [leftItem(rid, 'first', 'left-1')]);
    const page = tabJournal();
    network.codeDown = true;
    const { session, conversation } = await setup({ store, service, journal: page() });
    await session.restore();
    await conversation.restore();
    // The outbox cannot be read yet: the message stays in the journal (a reload would find it too).
    await expect(conversation.send({ text: 'second' })).rejects.toThrow();
    expect(page().left()).toMatchObject([{ text: 'second', requestId: rid }]);

    network.codeDown = false;
    await conversation.send({ text: 'third' });
    await until(() => expect(conversation.outbox.value).toEqual([]));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(textsOf(service, rid)).toEqual(['first', 'second', 'third']);
    expect(page().left()).toEqual([]);
    conversation.dispose();
  });

  it('messages a reload cut off wait in the journal while it cannot be downloaded, and go before the next message', async () => {
    const { network, loads } = codeOnDemand(...ON_DEMAND);
    const service = createFakeService();
    const store = createMemoryStore();
    const page = tabJournal();
    const first = await setup({ store, service, journal: page() });
    // The page goes before start-up, the conversation id or the outbox write could happen.
    void first.conversation.send({ text: 'cut off' }, new Promise(() => {}));
    first.conversation.dispose();

    network.codeDown = true;
    const { session, conversation } = await setup({ store, service, journal: page() });
    await session.restore();
    await expect(conversation.restore()).resolves.toBeUndefined();
    expect(page().left()).toMatchObject([{ text: 'cut off' }]);
    expect(service.posts()).toEqual([]);

    network.codeDown = false;
    await conversation.send({ text: 'next' });
    await until(() => expect(conversation.outbox.value).toEqual([]));
    expect(textsOf(service, conversation.requestId.value!)).toEqual(['cut off', 'next']);
    expect(page().left()).toEqual([]);
    expect(loads).toHaveBeenCalledWith('../client/conversation/journalRecovery.ts');
    conversation.dispose();
  });

  it('forgetting the visitor empties an outbox it cannot read yet: nothing of theirs goes out later', async () => {
    const { network } = codeOnDemand(...ON_DEMAND);
    const service = createFakeService();
    const store = createMemoryStore();
    const rid = `support-group-${service.projectId}-0123456789abcdef0123456789abcdef`;
    await store.set('conversation', { requestId: rid });
    await store.set('outbox', [leftItem(rid, 'theirs', 'left-1')]);
    network.codeDown = true;
    const { session, conversation } = await setup({ store, service });
    await session.restore();
    await conversation.restore();
    await conversation.forget();
    expect(await store.get('outbox')).toBeUndefined();
    network.codeDown = false;
    conversation.resume();
    await vi.dynamicImportSettled();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(service.posts()).toEqual([]);
    conversation.dispose();
  });

  it('a later message downloads whether it names the visitor again; not downloaded, it goes without and the next one does', async () => {
    const { network, loads } = codeOnDemand(...ON_DEMAND);
    let who: IdentityAttributes = { userFullname: 'Ada' };
    const { service, conversation } = await setup({ identity: () => who });
    await conversation.send({ text: 'one' });
    expect(loads).not.toHaveBeenCalled();
    who = { userFullname: 'Ada Lovelace' };
    network.codeDown = true;
    await conversation.send({ text: 'two' });
    network.codeDown = false;
    await conversation.send({ text: 'three' });
    const attributes = service.posts().map((p) => (p.body as { attributes: Record<string, unknown> }).attributes.userFullname);
    // The first message's name comes with the first-message fields (none here).
    expect(attributes).toEqual([undefined, undefined, 'Ada Lovelace']);
    expect(loads).toHaveBeenCalledWith('../state/identityUpdate.ts');
    conversation.dispose();
  });
});
