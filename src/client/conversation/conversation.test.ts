import { effect } from '@preact/signals-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHttp } from '../../api/http.ts';
import { createFakeService } from '../../test/fakeService.ts';
import { until } from '../../test/fakeFetch.ts';
import { createConversation } from './conversation.ts';
import { HOLD_ATTEMPTS, REASONS } from '../../state/delivery.ts';
import { MAX_AUTO_ATTEMPTS } from '../delivery/deliveryFailure.ts';
import { MAX_MESSAGE_CHARS } from '../../state/messageLength.ts';
import { createEmitter } from '../platform/events.ts';
import { createOutboxStore } from '../delivery/outboxStore.ts';
import { createSession } from '../session/session.ts';
import { createMemoryStore, type KeyValueStore } from '../platform/storage.ts';
import type { FirstMessageFields, OutboxItem } from '../../state/chatMessage.ts';
import { createSendJournal, type SendJournal } from '../delivery/sendJournal.ts';
import { fakeWebStorage } from '../../test/fakeWebStorage.ts';

/** This tab's sessionStorage, as a reload keeps it: each call is the journal of a new page. */
function tabJournal(): () => SendJournal {
  const { storage } = fakeWebStorage();
  return () => createSendJournal({ sessionStorage: storage } as unknown as Window, 'p1', 'local');
}

// Backoff, settling and the slices of a long history run on a fake clock the tests move on.
beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function setup(
  options: {
    store?: KeyValueStore;
    service?: ReturnType<typeof createFakeService>;
    open?: boolean;
    journal?: SendJournal;
    onShare?: (change: unknown) => void;
    firstMessageFields?: () => FirstMessageFields;
  } = {},
) {
  const service = options.service ?? createFakeService();
  const store = options.store ?? createMemoryStore();
  const http = createHttp({ apiUrl: service.apiUrl, fetch: service.fetch, timeoutMs: 200 });
  const session = createSession({ http, store, projectId: service.projectId, identity: () => ({}) });
  const emitter = createEmitter(null);
  const events: Array<[string, unknown]> = [];
  for (const name of ['message:sent', 'message:received', 'unread:change', 'conversation:started', 'error'] as const)
    emitter.on(name, (d) => events.push([name, d]));
  const conversation = createConversation({
    http,
    projectId: service.projectId,
    session,
    store,
    outboxStore: createOutboxStore(store, 'test', false, (rid) => rid.startsWith(`support-group-${service.projectId}-`)),
    emitter,
    isWindowOpen: () => options.open ?? true,
    firstMessageFields:
      options.firstMessageFields ??
      (() => ({ departmentid: 'd1', sourcePage: 'https://shop.test/p', language: 'en', userAgent: 'UA', attributes: { userFullname: 'Ada' } })),
    random: () => 0,
    settleMs: 100,
    journal: options.journal,
    onShare: options.onShare,
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
    await until(() => expect(conversation.outbox.value).toEqual([]));
    const rid = conversation.requestId.value!;
    expect(service.messages.get(rid)!.map((m) => m.text)).toEqual(['Once only']);
    expect(service.posts()).toHaveLength(1);
    expect(conversation.messages.value).toMatchObject([{ text: 'Once only', state: 'sent' }]);
  });

  it('honours Retry-After on 429 and then sends', async () => {
    const { service, conversation } = setup();
    let refusals = 1;
    service.setFault((call) =>
      call.method === 'POST' && call.path.endsWith('/messages') && refusals-- > 0
        ? { status: 429, body: { message: 'Rate limit exceeded' }, headers: { 'Retry-After': '1' } }
        : undefined,
    );
    const start = Date.now();
    await conversation.send({ text: 'Later' });
    await until(() => expect(conversation.outbox.value).toEqual([]));
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
    for (let i = 0; i < MAX_AUTO_ATTEMPTS * 3 && conversation.outbox.value[0]?.state === 'sending'; i++) {
      conversation.resume();
      await vi.advanceTimersByTimeAsync(60);
    }
    await until(() => expect(conversation.outbox.value[0]?.state).toBe('failed'));
    offline = false;
    conversation.resume();
    await until(() => expect(conversation.messages.value).toMatchObject([{ text: 'Offline', state: 'sent' }]));
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
    await until(() => expect(second.conversation.messages.value).toMatchObject([{ text: 'cut short', state: 'sent' }]));
    expect(service.messages.get(second.conversation.requestId.value!)).toHaveLength(1);
  });
});

describe('conversation: a reload in the task that sent', () => {
  it('keeps the message before anything waits, and sends it once after the reload', async () => {
    const store = createMemoryStore();
    const service = createFakeService();
    const page = tabJournal();
    const first = setup({ store, service, journal: page() });
    // The page goes before start-up, the conversation id or the outbox write could happen.
    void first.conversation.send({ text: 'sent as the page reloads', attributes: { from: 'button' } }, new Promise(() => {}));
    first.conversation.dispose();
    expect(await store.get('outbox')).toBeUndefined();
    expect(page().left()).toMatchObject([{ text: 'sent as the page reloads', requestId: '' }]);

    const second = setup({ store, service, journal: page() });
    await second.session.restore();
    await second.conversation.restore();
    await until(() => expect(second.conversation.messages.value).toMatchObject([{ text: 'sent as the page reloads', state: 'sent' }]));
    expect(service.posts()).toHaveLength(1);
    expect(service.posts()[0]!.body).toMatchObject({ attributes: { from: 'button' }, departmentid: 'd1' });
    expect(page().left()).toEqual([]);
  });

  it('goes to the conversation it was sent in, not the one the page shows after the reload (issue 22 §2)', async () => {
    const store = createMemoryStore();
    const service = createFakeService();
    const page = tabJournal();
    const first = setup({ store, service, journal: page() });
    await first.session.restore();
    await first.conversation.restore();
    await first.conversation.send({ text: 'A1' });
    const a = first.conversation.requestId.value!;
    // Sent in A, then a new conversation at once; the page goes before the outbox write (slow storage).
    void first.conversation.send({ text: 'A2' }, new Promise(() => {}));
    await first.conversation.startNew();
    first.conversation.dispose();
    expect(page().left()).toMatchObject([{ text: 'A2', requestId: a }]);

    const second = setup({ store, service, journal: page() });
    await second.session.restore();
    await second.conversation.restore();
    await until(() => expect(service.messages.get(a)?.map((m) => m.text)).toEqual(['A1', 'A2']));
    await until(() => expect(second.conversation.outbox.value).toEqual([]));
    expect(service.messages.size).toBe(1);
    // Nothing of A in the conversation the page shows now.
    expect(second.conversation.messages.value).toEqual([]);
    expect(page().left()).toEqual([]);
  });

  it('a message that reached its outbox item is looked up first: sent meanwhile by another tab, it is not sent again', async () => {
    const store = createMemoryStore();
    const service = createFakeService();
    const page = tabJournal();
    const first = setup({ store, service, journal: page() });
    await first.conversation.send({ text: 'already there' });
    const rid = first.conversation.requestId.value!;
    const tempUID = (service.posts()[0]!.body as { attributes: { tempUID: string } }).attributes.tempUID;
    first.conversation.dispose();
    // The reload came after the outbox write, before the journal let go; another tab sent it since.
    page().hold({
      tempUID,
      requestId: rid,
      text: 'already there',
      type: 'text',
      attributes: {},
      createdAt: 1,
      attempts: 0,
      state: 'sending',
      maybeDelivered: false,
      notBefore: 0,
    });

    const second = setup({ store, service, journal: page() });
    await second.session.restore();
    await second.conversation.restore();
    await until(() => expect(second.conversation.messages.value).toMatchObject([{ text: 'already there', state: 'sent' }]));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(service.posts()).toHaveLength(1);
    expect(second.conversation.outbox.value).toEqual([]);
    expect(page().left()).toEqual([]);
  });

  it('repairs what it finds in the journal like the outbox: another project’s, empty or broken entries are dropped', async () => {
    const service = createFakeService();
    const page = tabJournal();
    const left = page();
    left.hold({ ...({} as OutboxItem), tempUID: 'x1', requestId: 'support-group-other-0123', text: 'other project', type: 'text' });
    left.hold({ ...({} as OutboxItem), tempUID: 'x2', requestId: '', text: '   ', type: 'text' });
    left.hold({
      ...({} as OutboxItem),
      tempUID: 'x3',
      requestId: '',
      text: 'kept',
      type: 7 as unknown as string,
      attributes: 'x' as unknown as OutboxItem['attributes'],
    });
    const { session, conversation } = setup({ service, journal: page() });
    await session.restore();
    await conversation.restore();
    await until(() => expect(conversation.messages.value).toMatchObject([{ text: 'kept', type: 'text', state: 'sent' }]));
    expect(service.posts().map((p) => (p.body as { text: string }).text)).toEqual(['kept']);
    expect(page().left()).toEqual([]);
  });

  it('lets go of a message once its outbox item is stored, also one sent while starting up (sent once)', async () => {
    const page = tabJournal();
    const { service, session, conversation } = setup({ journal: page() });
    let started!: () => void;
    const ready = new Promise<void>((resolve) => (started = resolve));
    // Sent before start-up is done: the start-up finds it in the journal, and must leave it.
    const sending = conversation.send({ text: 'on its way' }, ready);
    expect(page().left()).toHaveLength(1);
    await session.restore();
    await conversation.restore();
    started();
    await sending;
    expect(page().left()).toEqual([]);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(service.posts()).toHaveLength(1);
  });
});

describe('conversation: receiving', () => {
  it('shares a long history with the other tabs in slices, each in a task of its own, and not once this tab has moved on', async () => {
    const shared: Array<{ type: string; messages?: unknown[] }> = [];
    const { service, conversation } = setup({ onShare: (change) => shared.push(change as (typeof shared)[number]) });
    await conversation.send({ text: 'hi' });
    const rid = conversation.requestId.value!;
    for (let i = 0; i < 250; i++) service.agentSays(rid, `m${i}`);
    const slices = () => shared.filter((c) => c.type === 'messages' && c.messages!.length > 1).map((c) => c.messages!.length);
    await conversation.sync();
    expect(slices()).toEqual([]);
    // The slices' code (longHistory.ts) arrives, then each slice goes in a task of its own.
    await vi.dynamicImportSettled();
    await vi.advanceTimersByTimeAsync(10);
    expect(slices()).toEqual([200, 50]);
    // Again, and the visitor starts a new conversation before that task runs.
    for (let i = 0; i < 250; i++) service.agentSays(rid, `n${i}`);
    await conversation.sync();
    void conversation.startNew();
    await vi.dynamicImportSettled();
    await vi.advanceTimersByTimeAsync(10);
    expect(slices()).toEqual([200, 50]);
  });

  it('a long history made ready in slices announces each message once, also one pushed while it was being made', async () => {
    const { service, session, conversation, events } = setup({ open: false });
    await conversation.send({ text: 'hi' });
    const rid = conversation.requestId.value!;
    await conversation.sync();
    const pushed = [];
    for (let i = 0; i < 250; i++) {
      const message = service.agentSays(rid, `m${i}`, i === 7 ? { attributes: { updateUserFullname: 'Ann Lovelace' } } : {});
      if (i === 100) pushed.push(message);
    }
    const syncing = conversation.sync();
    // The realtime channel brings one of them while the history is made ready (the page runs between slices).
    await vi.advanceTimersByTimeAsync(0);
    conversation.receive(pushed as never);
    await syncing;
    const received = events.filter((e) => e[0] === 'message:received').map((e) => (e[1] as { text: string }).text);
    expect(received).toHaveLength(250);
    expect(new Set(received).size).toBe(250);
    expect(conversation.unread.value).toBe(250);
    expect(conversation.messages.value.filter((m) => m.text.startsWith('m'))).toHaveLength(250);
    await until(() => session.visitor.value?.fullName === 'Ann Lovelace');
    // A poll with nothing new announces nothing again.
    await conversation.sync();
    expect(events.filter((e) => e[0] === 'message:received')).toHaveLength(250);
  });

  it('a long history made ready in slices shows the same as a short one taken at once', async () => {
    const shown: string[][] = [];
    for (const count of [150, 400]) {
      const { service, conversation } = setup({ open: false });
      await conversation.send({ text: 'hi' });
      const rid = conversation.requestId.value!;
      for (let i = 0; i < count; i++)
        service.agentSays(rid, `m${i}`, i % 50 ? {} : { attributes: { commands: [{ type: 'message', message: { text: `part ${i}` } }] } });
      await conversation.sync();
      shown.push(conversation.messages.value.map((m) => m.text));
    }
    expect(shown[0]).toContain('part 100');
    expect(shown[1]!.slice(0, shown[0]!.length)).toEqual(shown[0]);
    expect(shown[1]).toHaveLength(401);
  });

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

describe('conversation: unchanged messages keep their identity', () => {
  it('a poll with nothing new writes no signal; a new message leaves the others the same objects', async () => {
    const { service, conversation } = setup();
    await conversation.send({ text: 'hi' });
    const rid = conversation.requestId.value!;
    service.agentSays(rid, 'first answer');
    await conversation.sync();
    const history = conversation.history.value;
    const shown = conversation.messages.value;
    expect(shown).toHaveLength(2);
    let writes = 0;
    const stop = effect(() => {
      void conversation.history.value;
      void conversation.messages.value;
      writes++;
    });
    writes = 0;
    // Each poll answer is parsed anew: equal records, never the same objects.
    await conversation.sync();
    await conversation.sync();
    expect(writes).toBe(0);
    expect(conversation.history.value).toBe(history);
    expect(conversation.messages.value).toBe(shown);

    service.agentSays(rid, 'second answer');
    await conversation.sync();
    stop();
    const next = conversation.messages.value;
    expect(next.map((m) => m.text)).toEqual(['hi', 'first answer', 'second answer']);
    expect(next[0]).toBe(shown[0]);
    expect(next[1]).toBe(shown[1]);
    expect(conversation.history.value[0]).toBe(history[0]);
    expect(conversation.history.value[1]).toBe(history[1]);
  });
});

const isPost = (call: { method: string; path: string }) => call.method === 'POST' && call.path.endsWith('/messages');
const textOf = (call: { body: unknown }) => (call.body as { text?: string }).text;

describe('conversation: a failing view loses nothing', () => {
  it('stores the message before anything renders it, and sends it even when rendering throws', async () => {
    const { service, conversation, store, events } = setup();
    let storedWhenRendered: unknown = 'not rendered';
    const stop = effect(() => {
      if (!conversation.outbox.value.length) return;
      void store.get<OutboxItem[]>('outbox').then((v) => (storedWhenRendered ??= v));
      storedWhenRendered = null;
      throw new Error('render failed');
    });
    await conversation.send({ text: 'Keep me' });
    stop();
    await until(() => expect(Array.isArray(storedWhenRendered) && (storedWhenRendered as OutboxItem[])[0]?.text).toBe('Keep me'));
    expect(service.posts().map(textOf)).toEqual(['Keep me']);
    expect(service.messages.get(conversation.requestId.value!)!.map((m) => m.text)).toEqual(['Keep me']);
    expect(events.some(([name, d]) => name === 'error' && (d as { type: string }).type === 'render')).toBe(true);
  });
});

describe('conversation: messages that can never be delivered', () => {
  it(`refuses a text over ${MAX_MESSAGE_CHARS} characters: no POST, nothing queued, an error event`, async () => {
    const { service, conversation, events, store } = setup();
    await conversation.send({ text: 'Z'.repeat(1e6) });
    expect(service.posts()).toHaveLength(0);
    expect(conversation.outbox.value).toEqual([]);
    expect(await store.get('outbox')).toBeUndefined();
    expect(events).toContainEqual(['error', expect.objectContaining({ type: 'send', reason: 'MESSAGE_TOO_LONG', limit: MAX_MESSAGE_CHARS })]);
  });

  it('shows a definite refusal (413) at once with its reason, and does not retry it', async () => {
    const { service, conversation, events } = setup();
    service.setFault((call) => (isPost(call) ? { status: 413, body: { err: 'Request entity too large', limit: 512000 } } : undefined));
    await conversation.send({ text: 'Too big for them' });
    expect(conversation.outbox.value).toMatchObject([{ state: 'failed', retryable: false, reason: REASONS.tooLarge }]);
    expect(events).toContainEqual(['error', expect.objectContaining({ type: 'send', reason: REASONS.tooLarge })]);
    conversation.resume();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(service.posts()).toHaveLength(1);
  });

  it('never posts a body over the service limit (a huge first-message attribute)', async () => {
    const service = createFakeService();
    const big = createConversationWith(service, { attributes: { payload: { notes: 'x'.repeat(600_000) } } });
    await big.conversation.send({ text: 'hello' });
    expect(service.posts()).toHaveLength(0);
    expect(big.conversation.outbox.value).toMatchObject([{ state: 'failed', reason: REASONS.tooLarge }]);
  });

  it('one message in trouble does not hold back the ones after it', async () => {
    const { service, conversation } = setup();
    // Only the first message fails (say, something in it upsets a proxy); the service is up.
    service.setFault((call) => (isPost(call) && textOf(call) === 'troubled' ? { status: 502, body: 'Bad Gateway' } : undefined));
    await conversation.send({ text: 'troubled' });
    void conversation.send({ text: 'after it' });
    await until(() => expect(service.messages.get(conversation.requestId.value!)?.map((m) => m.text)).toEqual(['after it']));
    // It waited only while the troubled one was in its first attempts.
    expect(service.posts().filter((c) => textOf(c) === 'troubled').length).toBeGreaterThanOrEqual(HOLD_ATTEMPTS);
    expect(conversation.outbox.value.map((i) => i.text)).toEqual(['troubled']);
  }, 10_000);

  it('retries "Not sent" messages once, by itself, when the service answers again after a long outage', async () => {
    const { service, conversation } = setup();
    await conversation.send({ text: 'before' });
    let down = true;
    service.setFault((call) => (down && call.path.endsWith('/messages') ? 'network-error' : undefined));
    await conversation.send({ text: 'during the outage' });
    for (let i = 0; i < MAX_AUTO_ATTEMPTS * 3 && conversation.outbox.value[0]?.state === 'sending'; i++) {
      await vi.advanceTimersByTimeAsync(10);
      await conversationDue(conversation);
    }
    await until(() => expect(conversation.outbox.value[0]).toMatchObject({ state: 'failed', retryable: true }));
    down = false;
    // No `online` event, no tap: the next poll finds the service up.
    await conversation.sync();
    await until(
      () =>
        expect(conversation.messages.value.map((m) => [m.text, m.state])).toEqual([
          ['before', 'sent'],
          ['during the outage', 'sent'],
        ]),
      3000,
    );
    expect(service.messages.get(conversation.requestId.value!)!.map((m) => m.text)).toEqual(['before', 'during the outage']);
  });

  it('merges a POST answer only into its own conversation', async () => {
    const { service, conversation } = setup();
    await conversation.send({ text: 'first' });
    const rid = conversation.requestId.value!;
    // A confused gateway answers with someone else's message.
    service.setFault((call) =>
      isPost(call)
        ? { body: { _id: 'elsewhere', sender: 'guest-1', recipient: 'support-group-other', text: 'not yours', createdAt: new Date().toISOString() } }
        : undefined,
    );
    await conversation.send({ text: 'second' });
    expect(conversation.history.value.map((m) => m.recipient)).toEqual([rid]);
    expect(conversation.messages.value.map((m) => m.text)).not.toContain('not yours');
  });
});

describe('conversation: refused credentials', () => {
  for (const how of ['membership', 'malformed', 'unauthorized'] as const) {
    it(`a token refused (${how}) mid-conversation: one fresh sign-in, the same conversation goes on`, async () => {
      const { service, conversation, session } = setup();
      await conversation.send({ text: 'one' });
      const rid = conversation.requestId.value!;
      service.refuseAll(how);
      await conversation.sync();
      await conversation.send({ text: 'two' });
      expect(service.calls.filter((c) => c.path === '/auth/signinAnonymously')).toHaveLength(2);
      expect(session.token.value).toBe('JWT token-2');
      expect(conversation.requestId.value).toBe(rid);
      expect(conversation.messages.value.map((m) => [m.text, m.fromVisitor, m.state])).toEqual([
        ['one', true, 'sent'],
        ['two', true, 'sent'],
      ]);
    });
  }

  it('a service that refuses every guest: messages kept as "Not sent", no request loop, polling stops', async () => {
    const { service, conversation, session, events } = setup();
    await conversation.send({ text: 'one' });
    service.setFault((call) =>
      call.path.endsWith('/messages') ? { status: 403, body: { success: false, msg: 'you dont belong to the project.' } } : undefined,
    );
    await conversation.send({ text: 'two' });
    await conversation.send({ text: 'three' });
    expect(session.refused.value).toBe(true);
    expect(conversation.outbox.value.map((i) => [i.text, i.state, i.reason])).toEqual([
      ['two', 'failed', REASONS.sessionRefused],
      ['three', 'failed', REASONS.sessionRefused],
    ]);
    expect(events.filter(([name, d]) => name === 'error' && (d as { type: string }).type === 'send').length).toBe(2);
    const calls = service.calls.length;
    for (let i = 0; i < 5; i++) await conversation.sync();
    conversation.resume();
    // The code's own waits pass (its failure code on demand first, as in real time). The messages
    // are tried again once the network is back, and refused without asking the service.
    await vi.dynamicImportSettled();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(conversation.outbox.value.map((i) => i.state)).toEqual(['failed', 'failed']);
    // "three" was the visitor's own action: it may try once (a sign-in and a POST), nothing more.
    expect(service.calls.length).toBe(calls);
    expect(service.calls.filter((c) => c.path === '/auth/signinAnonymously').length).toBeLessThanOrEqual(3);
  });

  it('moves to a new conversation when the service will not take more in the old one, keeping the message', async () => {
    const { service, conversation } = setup();
    await conversation.send({ text: 'one' });
    const old = conversation.requestId.value!;
    service.setFault((call) =>
      isPost(call) && call.path.includes(old)
        ? { status: 403, body: { success: false, message: 'Error creating message', err: "You don't belong the conversation" } }
        : undefined,
    );
    await conversation.send({ text: 'two' });
    await until(() => expect(conversation.outbox.value).toEqual([]));
    const now = conversation.requestId.value!;
    expect(now).not.toBe(old);
    expect(service.messages.get(now)!.map((m) => m.text)).toEqual(['two']);
    expect(conversation.messages.value.map((m) => m.text)).toEqual(['two']);
  });
});

describe('conversation: the stored outbox is repaired on restore', () => {
  it('drops items of other projects, repairs unknown states, and sends what is left once', async () => {
    const store = createMemoryStore();
    const service = createFakeService();
    const rid = `support-group-${service.projectId}-0123456789abcdef0123456789abcdef`;
    await store.set('conversation', { requestId: rid });
    const base = { text: 'x', type: 'text', attributes: {}, createdAt: 1, attempts: 0, maybeDelivered: false, notBefore: 0 };
    await store.set('outbox', [
      { ...base, tempUID: 'a', requestId: rid, text: 'odd state', state: 'delivered?' },
      { ...base, tempUID: 'b', requestId: 'support-group-another-0123456789abcdef0123456789abcdef', text: 'not ours', state: 'sending' },
    ]);
    const { conversation, session } = setup({ store, service });
    await session.restore();
    await conversation.restore();
    await until(() => expect(conversation.outbox.value).toEqual([]));
    expect(service.posts().map(textOf)).toEqual(['odd state']);
    expect(conversation.messages.value.map((m) => [m.text, m.state])).toEqual([['odd state', 'sent']]);
  });
});

describe('conversation: a message on its way when the visitor is forgotten', () => {
  it("goes to the next visitor's conversation, never to the forgotten one (a reset, another known visitor)", async () => {
    const { service, conversation, session } = setup();
    await session.restore();
    await conversation.restore();
    await conversation.send({ text: 'A1' });
    const a = conversation.requestId.value!;
    // Sent while something is still to be settled (start-up, whether the page's token names someone else).
    let settle!: () => void;
    const settled = new Promise<void>((resolve) => (settle = resolve));
    const sending = conversation.send({ text: 'next' }, settled);
    await Promise.all([conversation.forget(), session.forget()]);
    settle();
    await sending;
    await until(() => expect(conversation.outbox.value).toEqual([]));
    const next = conversation.requestId.value;
    expect(next).toBeTruthy();
    expect(next).not.toBe(a);
    expect(service.messages.get(a)!.map((m) => m.text)).toEqual(['A1']);
    expect(service.messages.get(next!)!.map((m) => m.text)).toEqual(['next']);
    expect(conversation.messages.value.map((m) => m.text)).toEqual(['next']);
  });
});

describe('conversation: what opens a conversation (issue 22 §2)', () => {
  it("carries its own conversation's first-message fields, as they were when it was sent", async () => {
    let fields: FirstMessageFields = { departmentid: 'sales', language: 'en', attributes: { preChatForm: { topic: 'order' } } };
    const { service, conversation } = setup({ firstMessageFields: () => fields });
    let down = true;
    service.setFault((call) => (down && isPost(call) ? { status: 503, body: 'Service Unavailable' } : undefined));
    await conversation.send({ text: 'N1' });
    const n = conversation.requestId.value!;
    // The visitor starts another conversation, with another department, before N1 got through.
    await conversation.startNew();
    fields = { departmentid: 'support', language: 'en', attributes: { preChatForm: { topic: 'refund' } } };
    down = false;
    conversation.resume();
    await until(() => expect(service.messages.get(n)?.map((m) => m.text)).toEqual(['N1']));
    expect(service.posts().at(-1)!.body).toMatchObject({ departmentid: 'sales', attributes: { preChatForm: { topic: 'order' } } });
  });

  it('a later message of a conversation the visitor left opens nothing, though this tab shows another one', async () => {
    const { service, conversation } = setup();
    await conversation.send({ text: 'A1' });
    const a = conversation.requestId.value!;
    let down = true;
    service.setFault((call) => (down && isPost(call) ? { status: 503, body: 'Service Unavailable' } : undefined));
    await conversation.send({ text: 'A2' });
    await conversation.startNew();
    down = false;
    conversation.resume();
    await until(() => expect(service.messages.get(a)?.map((m) => m.text)).toEqual(['A1', 'A2']));
    const body = service.posts().at(-1)!.body as Record<string, unknown>;
    expect(body).not.toHaveProperty('departmentid');
    expect(body.attributes).not.toHaveProperty('userFullname');
  });
});

describe('conversation: outbox items of another conversation', () => {
  it('drops failed messages of a conversation no longer shown, and still delivers pending ones to their own', async () => {
    const { service, conversation, store } = setup();
    service.setFault((call) =>
      isPost(call) && textOf(call) === 'refused'
        ? { status: 422, body: { errors: ['no'] } }
        : isPost(call) && textOf(call) === 'slow'
          ? 'network-error'
          : undefined,
    );
    await conversation.send({ text: 'first' });
    const old = conversation.requestId.value!;
    await conversation.send({ text: 'refused' });
    await conversation.send({ text: 'slow' });
    expect(conversation.outbox.value.map((i) => [i.text, i.state])).toEqual([
      ['refused', 'failed'],
      ['slow', 'sending'],
    ]);
    await conversation.startNew();
    service.setFault(null);
    await conversation.send({ text: 'new conversation' });
    await until(() => expect(conversation.outbox.value).toEqual([]));
    expect(await store.get('outbox')).toBeUndefined();
    expect(service.messages.get(old)!.map((m) => m.text)).toEqual(['first', 'slow']);
    expect(conversation.messages.value.map((m) => m.text)).toEqual(['new conversation']);
  });
});

/** Skips backoff waits: makes every pending attempt due now. */
async function conversationDue(conversation: ReturnType<typeof setup>['conversation']) {
  conversation.resume();
  await vi.advanceTimersByTimeAsync(20);
}

function createConversationWith(service: ReturnType<typeof createFakeService>, first: { attributes: Record<string, unknown> }) {
  const store = createMemoryStore();
  const http = createHttp({ apiUrl: service.apiUrl, fetch: service.fetch, timeoutMs: 200 });
  const session = createSession({ http, store, projectId: service.projectId, identity: () => ({}) });
  const conversation = createConversation({
    http,
    projectId: service.projectId,
    session,
    store,
    outboxStore: createOutboxStore(store, 'test', false),
    emitter: createEmitter(null),
    isWindowOpen: () => true,
    firstMessageFields: () => first,
  });
  return { conversation };
}
