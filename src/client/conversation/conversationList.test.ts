import { signal } from '@preact/signals-core';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttp } from '../../api/http.ts';
import { createFakeService } from '../../test/fakeService.ts';
import { until } from '../../test/fakeFetch.ts';
import { createConversation } from './conversation.ts';
import { createConversationList } from './conversationList.ts';
import { createEmitter } from '../platform/events.ts';
import { createOutboxStore } from '../delivery/outboxStore.ts';
import { createSession } from '../session/session.ts';
import { createMemoryStore } from '../platform/storage.ts';

const disposers: Array<() => void> = [];
afterEach(() => disposers.splice(0).forEach((d) => d()));

async function setup(options: { onScreen?: boolean; leads?: boolean } = {}) {
  const inboxLive = signal(false);
  const service = createFakeService();
  const store = createMemoryStore();
  const http = createHttp({ apiUrl: service.apiUrl, fetch: service.fetch, timeoutMs: 500 });
  const session = createSession({ http, store, projectId: service.projectId, identity: () => ({}) });
  const emitter = createEmitter(null);
  const onScreen = signal(options.onScreen ?? true);
  const conversation = createConversation({
    http,
    projectId: service.projectId,
    session,
    store,
    outboxStore: createOutboxStore(store, 'test', false, (rid) => rid.startsWith(`support-group-${service.projectId}-`)),
    emitter,
    isWindowOpen: () => onScreen.peek(),
    keepsOthers: () => true,
    firstMessageFields: () => ({}),
    settleMs: 50,
  });
  let changes = 0;
  const list = createConversationList({
    http,
    projectId: service.projectId,
    session,
    store,
    marksKey: 'marks',
    conversation,
    ui: { isOpen: onScreen, screen: signal('conversation' as const), setScreen: () => {} },
    env: { visible: signal(true), online: signal(true) },
    tabs: { isLeader: signal(options.leads ?? true), post: () => void changes++ },
    inboxLive,
    onError: (e) => {
      throw e;
    },
  });
  disposers.push(
    () => list.dispose(),
    () => conversation.dispose(),
  );
  await session.ensure();
  const meCalls = () => service.calls.filter((c) => c.path.includes('/requests/me'));
  return { service, store, session, conversation, list, onScreen, inboxLive, meCalls, changes: () => changes };
}

/** Two conversations by the visitor, A (older, left) and B (current). */
async function twoConversations(s: Awaited<ReturnType<typeof setup>>) {
  await s.conversation.send({ text: 'about my order' });
  const a = s.conversation.requestId.peek()!;
  await s.conversation.startNew();
  await s.conversation.send({ text: 'about a refund' });
  const b = s.conversation.requestId.peek()!;
  return { a, b };
}

describe('conversation list', () => {
  it('lists open and closed conversations from requests/me (status=all, a page of 20), the current one from its own messages, latest first', async () => {
    const s = await setup();
    const { a, b } = await twoConversations(s);
    s.service.agentSays(a, 'Your order shipped');
    s.service.closeRequest(a);
    await s.list.refresh();
    expect(s.meCalls().at(-1)?.path).toBe(`/${s.service.projectId}/requests/me?status=all&page=0&limit=20`);
    expect(s.list.loaded.value).toBe(true);
    // The agent's reply in A is the latest activity.
    expect(s.list.items.value.map((i) => [i.requestId, i.text, i.fromVisitor, i.closed])).toEqual([
      [a, 'Your order shipped', false, true],
      [b, 'about a refund', true, false],
    ]);
    expect(s.list.hasMore.value).toBe(false);
  });

  it("counts an agent's replies in a conversation not on screen (after the list shows them), and forgets them once it is opened", async () => {
    const s = await setup();
    const { a, b } = await twoConversations(s);
    await s.list.refresh();
    // First sight: what A holds was there before.
    expect(s.list.unreadElsewhere.value).toBe(0);
    s.service.agentSays(a, 'one');
    s.service.agentSays(a, 'two');
    await s.list.refresh();
    expect(s.list.items.value.find((i) => i.requestId === a)?.unread).toBe(2);
    expect(s.list.unreadElsewhere.value).toBe(2);
    expect(s.changes()).toBeGreaterThan(0);
    // B (current, on screen) has nothing unread; A's marks survive in the store for the next visit.
    expect(s.list.items.value.find((i) => i.requestId === b)?.unread).toBe(0);
    expect(await s.store.get('marks')).toMatchObject({ unread: { [a]: 2 } });

    await s.conversation.open(a, false);
    await until(() => s.conversation.messages.value.length === 3);
    expect(s.conversation.messages.value.map((m) => m.text)).toEqual(['about my order', 'one', 'two']);
    expect(s.list.unreadElsewhere.value).toBe(0);
    expect(s.list.items.value.find((i) => i.requestId === a)?.unread).toBe(0);
  });

  it("the current conversation's replies while off screen are its own unread count (not counted twice)", async () => {
    const s = await setup();
    const { b } = await twoConversations(s);
    await s.list.refresh();
    s.onScreen.value = false;
    s.service.agentSays(b, 'reply');
    await s.conversation.sync();
    await s.list.refresh();
    expect(s.list.items.value.find((i) => i.requestId === b)?.unread).toBe(1);
    expect(s.list.unreadElsewhere.value).toBe(0);
  });

  it('only the leading tab counts; a following tab reads the counts the leader stored', async () => {
    const s = await setup({ leads: false });
    const { a } = await twoConversations(s);
    await s.list.refresh();
    s.service.agentSays(a, 'hello');
    await s.list.refresh();
    expect(s.service.calls.filter((c) => c.method === 'GET' && c.path.endsWith('/messages') && c.path.includes(a))).toHaveLength(0);
    await s.store.set('marks', { seen: {}, unread: { [a]: 3 } });
    await s.list.follow();
    expect(s.list.unreadElsewhere.value).toBe(3);
  });

  it('pages: more than 20 conversations → hasMore, and loadMore asks for the next 20 in one call', async () => {
    const s = await setup();
    for (let i = 0; i < 21; i++) {
      await s.conversation.startNew();
      await s.conversation.send({ text: `q${i}` });
    }
    await s.list.refresh();
    // The newest 20 (the current one among them).
    expect(s.list.items.value).toHaveLength(20);
    expect(s.list.hasMore.value).toBe(true);
    await s.list.loadMore();
    expect(s.meCalls().at(-1)?.path).toContain('limit=40');
    expect(s.list.items.value).toHaveLength(21);
    expect(s.list.items.value.at(-1)?.text).toBe('q0');
    expect(s.list.hasMore.value).toBe(false);
  });

  it('a hostile answer of 10,000 conversations to a page of 20 keeps 20: the limit asked for, not what came', async () => {
    const s = await setup();
    const requests = Array.from({ length: 10_000 }, (_, i) => ({
      request_id: `support-group-${s.service.projectId}-${String(i).padStart(32, '0')}`,
      status: 200,
      first_text: `flood ${i}`,
      createdAt: new Date(Date.UTC(2024, 0, 1) + i * 1000).toISOString(),
    }));
    s.service.setFault((call) => (call.path.includes('/requests/me') ? { body: { perPage: 10_000, count: 10_000, requests } } : undefined));
    await s.list.refresh();
    expect(s.meCalls().at(-1)?.path).toContain('limit=20');
    expect(s.list.items.value).toHaveLength(20);
    expect(s.list.hasMore.value).toBe(true);
    await s.list.loadMore();
    expect(s.list.items.value).toHaveLength(40);
  });

  it('asks nothing without a session (nothing to list), and keeps the list when the service refuses the session', async () => {
    const s = await setup();
    await twoConversations(s);
    await s.list.refresh();
    expect(s.list.items.value).toHaveLength(2);
    s.service.refuseAll('membership');
    s.service.setFault((call) => (call.path === '/auth/signinAnonymously' ? { status: 500, body: 'down' } : undefined));
    await s.list.refresh().catch(() => undefined);
    expect(s.list.items.value).toHaveLength(2);

    const fresh = await setup();
    await fresh.session.forget();
    const calls = fresh.service.calls.length;
    await fresh.list.refresh();
    expect(fresh.service.calls.length).toBe(calls);
    expect(fresh.list.items.value).toEqual([]);
    expect(fresh.list.loaded.value).toBe(true);
  });
});

describe('switching conversations (conversation.open)', () => {
  it("shows each conversation's own history and outbox; a message waiting in one is sent to it, once", async () => {
    const s = await setup();
    const { a, b } = await twoConversations(s);
    s.service.setFault((call) => (call.method === 'POST' && call.path.includes(b) ? 'network-error' : undefined));
    await s.conversation.send({ text: 'still in B' });
    await s.conversation.open(a, false);
    await until(() => s.conversation.messages.value.length === 1);
    expect(s.conversation.messages.value.map((m) => m.text)).toEqual(['about my order']);
    // B's waiting message is kept (not shown in A), and goes to B once the service takes it.
    expect(s.conversation.outbox.value.map((i) => [i.requestId, i.text])).toEqual([[b, 'still in B']]);
    s.service.setFault(null);
    s.conversation.resume();
    await until(() => s.conversation.outbox.value.length === 0);
    expect(s.service.messages.get(b)!.map((m) => m.text)).toEqual(['about a refund', 'still in B']);
    await s.conversation.open(b, false);
    await until(() => s.conversation.messages.value.length === 2);
    expect(s.conversation.messages.value.map((m) => m.text)).toEqual(['about a refund', 'still in B']);
  });

  it('a closed conversation opens read-only; an id of another project is refused', async () => {
    const s = await setup();
    const { a } = await twoConversations(s);
    await s.conversation.open(a, true);
    expect(s.conversation.closed.value).toBe(true);
    expect(await s.store.get('conversation')).toEqual({ requestId: a, closed: true });
    await s.conversation.open('support-group-other-0123456789abcdef0123456789abcdef', false);
    expect(s.conversation.requestId.value).toBe(a);
  });
});
