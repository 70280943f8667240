import { describe, expect, it } from 'vitest';
import { createHttp } from '../api/http.ts';
import { createFakeService } from '../test/fakeService.ts';
import { until, wait } from '../test/fakeFetch.ts';
import { createConversation } from './conversation.ts';
import { MAX_AUTO_ATTEMPTS } from './delivery.ts';
import { createEmitter } from './events.ts';
import { createOutboxStore } from './outboxStore.ts';
import { createSession } from './session.ts';
import { createMemoryStore, type KeyValueStore } from './storage.ts';
import type { OutboxItem } from './chatMessage.ts';

function setup(options: { store?: KeyValueStore; service?: ReturnType<typeof createFakeService>; open?: boolean } = {}) {
  const service = options.service ?? createFakeService();
  const store = options.store ?? createMemoryStore();
  const http = createHttp({ apiUrl: service.apiUrl, fetch: service.fetch, timeoutMs: 200 });
  const session = createSession({ http, store, projectId: service.projectId, identity: () => ({}) });
  const emitter = createEmitter(null);
  const events: Array<[string, unknown]> = [];
  for (const name of ['message:sent', 'message:received', 'unread:change', 'conversation:started', 'error']) emitter.on(name, (d) => events.push([name, d]));
  const conversation = createConversation({
    http,
    projectId: service.projectId,
    session,
    store,
    outboxStore: createOutboxStore(store, 'test', false),
    emitter,
    isWindowOpen: () => options.open ?? true,
    firstMessageFields: () => ({ departmentid: 'd1', sourcePage: 'https://shop.test/p', language: 'en', userAgent: 'UA', attributes: { userFullname: 'Ada' } }),
    random: () => 0,
    settleMs: 100,
  });
  return { service, store, session, conversation, events };
}

describe('conversation: sending', () => {
  it('creates the request id at the first message, posts with a tempUID and first-message fields, then shows the stored message', async () => {
    const { service, conversation, store, events } = setup();
    expect(conversation.requestId.value).toBeNull();
    await conversation.send({ text: 'Hello' });
    const rid = conversation.requestId.value!;
    expect(rid).toMatch(new RegExp(`^support-group-${service.projectId}-[0-9a-f]{32}$`));
    expect(await store.get('conversation')).toEqual({ requestId: rid });
    const [post] = service.posts();
    expect(post!.path).toBe(`/${service.projectId}/requests/${rid}/messages`);
    expect(post!.headers.Authorization).toBe('JWT token-1');
    expect(post!.body).toMatchObject({ text: 'Hello', type: 'text', departmentid: 'd1', sourcePage: 'https://shop.test/p', language: 'en', userAgent: 'UA' });
    const tempUID = (post!.body as { attributes: { tempUID: string } }).attributes.tempUID;
    expect(tempUID).toBeTruthy();
    // First-message attributes sit under the message's own (the client id is never lost).
    expect(post!.body).toMatchObject({ attributes: { userFullname: 'Ada', tempUID } });
    expect(conversation.messages.value).toMatchObject([{ key: tempUID, state: 'sent', fromVisitor: true, text: 'Hello' }]);
    expect(conversation.outbox.value).toEqual([]);
    expect(events.map((e) => e[0])).toEqual(['message:sent', 'conversation:started']);

    await conversation.send({ text: 'Second' });
    const second = service.posts()[1]!.body as Record<string, unknown>;
    expect(second.departmentid).toBeUndefined();
    expect((second.attributes as Record<string, unknown>).userFullname).toBeUndefined();
    expect(second.sourcePage).toBeUndefined();
  });

  it('writes the message to storage before the first attempt', async () => {
    const { service, conversation, store } = setup();
    let storedDuringPost: OutboxItem[] | undefined;
    service.setFault((call) => {
      if (call.method === 'POST' && call.path.endsWith('/messages')) {
        void store.get<OutboxItem[]>('outbox').then((v) => (storedDuringPost = v));
      }
      return undefined;
    });
    await conversation.send({ text: 'Persist me' });
    await until(() => expect(storedDuringPost?.[0]?.text).toBe('Persist me'));
  });

  it('after a dropped connection (stored, no answer) checks the history and does not send twice', async () => {
    const { service, conversation } = setup();
    let drops = 1;
    service.setFault((call) => (call.method === 'POST' && call.path.endsWith('/messages') && drops-- > 0 ? 'store-then-drop' : undefined));
    await conversation.send({ text: 'Once only' });
    expect(conversation.messages.value[0]!.state).toBe('sending');
    await until(() => expect(conversation.outbox.value).toEqual([]), 3000);
    const rid = conversation.requestId.value!;
    expect(service.messages.get(rid)!.map((m) => m.text)).toEqual(['Once only']);
    expect(service.posts()).toHaveLength(1);
    expect(conversation.messages.value).toMatchObject([{ text: 'Once only', state: 'sent' }]);
  });

  it('honours Retry-After on 429 and then sends', async () => {
    const { service, conversation } = setup();
    let refusals = 1;
    service.setFault((call) =>
      call.method === 'POST' && call.path.endsWith('/messages') && refusals-- > 0 ? { status: 429, body: { message: 'Rate limit exceeded' }, headers: { 'Retry-After': '1' } } : undefined,
    );
    const start = Date.now();
    await conversation.send({ text: 'Later' });
    await until(() => expect(conversation.outbox.value).toEqual([]), 3000);
    expect(Date.now() - start).toBeGreaterThanOrEqual(950);
    expect(service.messages.get(conversation.requestId.value!)).toHaveLength(1);
  });

  it('marks a message failed on a 4xx; retry sends it, discard removes it', async () => {
    const { service, conversation, events } = setup();
    let refuse = true;
    service.setFault((call) => (call.method === 'POST' && refuse ? { status: 403, body: { success: false, msg: 'nope' } } : undefined));
    await conversation.send({ text: 'Refused' });
    expect(conversation.messages.value).toMatchObject([{ state: 'failed' }]);
    expect(events.some(([name]) => name === 'error')).toBe(true);
    refuse = false;
    await conversation.retry(conversation.outbox.value[0]!.tempUID);
    await until(() => expect(conversation.messages.value).toMatchObject([{ state: 'sent', text: 'Refused' }]));
    expect(service.messages.get(conversation.requestId.value!)).toHaveLength(1);

    refuse = true;
    await conversation.send({ text: 'Drop me' });
    const failed = conversation.outbox.value.find((i) => i.text === 'Drop me')!;
    await conversation.discard(failed.tempUID);
    expect(conversation.messages.value.map((m) => m.text)).toEqual(['Refused']);
  });

  it(`gives up after ${MAX_AUTO_ATTEMPTS} network failures, then resumes when the network is back`, async () => {
    const { service, conversation } = setup();
    let offline = true;
    service.setFault((call) => (offline && call.path.endsWith('/messages') ? 'network-error' : undefined));
    await conversation.send({ text: 'Offline' });
    // Skip the backoff waits: make every pending attempt due now.
    for (let i = 0; i < MAX_AUTO_ATTEMPTS * 3 && conversation.outbox.value[0]?.state === 'sending'; i++) conversation.resume(), await wait(60);
    await until(() => expect(conversation.outbox.value[0]?.state).toBe('failed'), 3000);
    offline = false;
    conversation.resume();
    await until(() => expect(conversation.messages.value).toMatchObject([{ text: 'Offline', state: 'sent' }]), 3000);
    expect(service.messages.get(conversation.requestId.value!)).toHaveLength(1);
  });

  it('re-signs in on 401 and keeps the message', async () => {
    const { service, conversation, session } = setup();
    await conversation.send({ text: 'one' });
    service.revokeAll();
    await conversation.send({ text: 'two' });
    expect(session.token.value).toBe('JWT token-2');
    expect(conversation.messages.value.map((m) => [m.text, m.fromVisitor, m.state])).toEqual([
      ['one', true, 'sent'],
      ['two', true, 'sent'],
    ]);
  });

  it('resumes the outbox after a reload, checking the history first', async () => {
    const store = createMemoryStore();
    const service = createFakeService();
    const first = setup({ store, service });
    service.setFault((call) => (call.method === 'POST' && call.path.endsWith('/messages') ? 'hang' : undefined));
    void first.conversation.send({ text: 'cut short' });
    await until(() => expect(service.posts()).toHaveLength(1));
    first.conversation.dispose();
    service.setFault(null);
    // The "reload": a new model over the same storage.
    const second = setup({ store, service });
    await second.session.restore();
    await second.conversation.restore();
    await until(() => expect(second.conversation.messages.value).toMatchObject([{ text: 'cut short', state: 'sent' }]), 3000);
    expect(service.messages.get(second.conversation.requestId.value!)).toHaveLength(1);
  });
});

describe('conversation: receiving', () => {
  it('loads history silently after a reload, then announces new agent messages and counts unread while closed', async () => {
    const { service, conversation, events } = setup({ open: false });
    await conversation.send({ text: 'hi' });
    const rid = conversation.requestId.value!;
    service.agentSays(rid, 'old answer');
    await conversation.sync();
    expect(events.filter((e) => e[0] === 'message:received')).toHaveLength(1);
    service.agentSays(rid, 'new answer');
    await conversation.sync();
    await conversation.sync();
    expect(events.filter((e) => e[0] === 'message:received')).toHaveLength(2);
    expect(conversation.unread.value).toBe(2);
    conversation.markRead();
    expect(conversation.unread.value).toBe(0);
    expect(conversation.messages.value.map((m) => [m.text, m.fromVisitor, m.senderName])).toEqual([
      ['hi', true, 'guest#1'],
      ['old answer', false, 'Ann Agent'],
      ['new answer', false, 'Ann Agent'],
    ]);
  });

  it('does not announce the history it finds on restore', async () => {
    const store = createMemoryStore();
    const service = createFakeService();
    const first = setup({ store, service });
    await first.conversation.send({ text: 'hi' });
    service.agentSays(first.conversation.requestId.value!, 'answer');
    const second = setup({ store, service });
    await second.session.restore();
    await second.conversation.restore();
    await second.conversation.sync();
    expect(second.conversation.messages.value).toHaveLength(2);
    expect(second.events.filter((e) => e[0] === 'message:received')).toHaveLength(0);
  });
});
