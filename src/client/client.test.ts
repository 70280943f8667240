import { conversationOf } from '../test/conversationOf.ts';
import { afterEach, describe, expect, expectTypeOf, it, onTestFinished, vi } from 'vitest';
import type { ChatMessage } from '../state/chatMessage.ts';
import { createMemoryStore } from './platform/storage.ts';
import { chatClientsOnFakeService } from '../test/chatClientOnFakeService.ts';
import { until } from '../test/fakeFetch.ts';
import { afterFakeTime } from '../test/fakeTime.ts';
import { createChatClient } from './client.ts';
import { createPreviewClient } from './previewClient.ts';
import type { ChatClient } from './types.ts';
import { returnToTab } from '../test/pageVisibility.ts';

const startClient = chatClientsOnFakeService();

describe('what a UI is handed', () => {
  it('is read-only: every signal of every model (only the client writes them)', () => {
    // Type-level: each line must fail to compile, or tsc reports the unused directive.
    const writes = (client: ChatClient) => {
      // @ts-expect-error the history is the service's, merged by the client
      client.conversation.history.value = [];
      // @ts-expect-error the conversation id is the client's to choose
      client.conversation.requestId.value = null;
      // @ts-expect-error the session token comes from sign-in only
      client.session.token.value = null;
      // @ts-expect-error the project's answer is applied by the client
      client.project.name.value = '';
      // @ts-expect-error uploads move through their commands
      client.uploads.items.value = [];
    };
    expect(writes).toBeTypeOf('function');
  });
});

describe('createChatClient', () => {
  it('types its events: a received message has its text, the unread count is a number', () => {
    const { client } = startClient();
    expectTypeOf(client.on)
      .parameter(0)
      .toEqualTypeOf<'ready' | 'open' | 'close' | 'message:sent' | 'message:received' | 'unread:change' | 'conversation:started' | 'error'>();
    client.on('message:received', (m) => expectTypeOf(m).toEqualTypeOf<ChatMessage>());
    client.on('message:sent', (m) => expectTypeOf(m).toEqualTypeOf<ChatMessage>());
    client.on('unread:change', (n) => expectTypeOf(n).toEqualTypeOf<number>());
    client.on('error', (e) => expectTypeOf(e.type).toEqualTypeOf<string>());
    // @ts-expect-error an event that does not exist
    client.on('nope', () => {});
  });

  it('boots, signs in when opened, sends, and hears the reply once, counted as unread while closed', async () => {
    const { client, service } = startClient();
    const events: string[] = [];
    client.on('ready', () => events.push('ready'));
    client.on('message:sent', (m) => events.push(`sent:${m.text}`));
    client.on('conversation:started', () => events.push('started'));
    client.on('message:received', (m) => events.push(`received:${m.text}`));
    client.on('unread:change', (n) => events.push(`unread:${n}`));
    await client.ready;
    expect(events).toEqual(['ready']);
    // Nobody signs in before the visitor acts.
    expect(service.calls.some((c) => c.path === '/auth/signinAnonymously')).toBe(false);
    client.open();
    await until(() => expect(client.session.token.value).toBeTruthy());

    await client.send('hello');
    expect(events).toEqual(['ready', 'sent:hello', 'started']);
    expect(client.conversation.messages.value.map((m) => m.text)).toEqual(['hello']);

    client.close();
    service.agentSays(client.conversation.requestId.value!, 'hi, how can I help?');
    // The poller's next look (15 s with the window closed) is not waited for: the visitor comes back to the tab.
    returnToTab();
    await until(() => expect(events).toContain('received:hi, how can I help?'));
  });

  it('hands its events the message in the one shape `conversation.messages` holds it (not the service record), and so does `porchlight:*` on window', async () => {
    const { client, service } = startClient({ windowEvents: true });
    const sent: ChatMessage[] = [];
    const received: ChatMessage[] = [];
    const onWindow: unknown[] = [];
    const listen = (e: Event) => onWindow.push((e as CustomEvent).detail);
    window.addEventListener('porchlight:message:sent', listen);
    window.addEventListener('porchlight:message:received', listen);
    onTestFinished(() => {
      window.removeEventListener('porchlight:message:sent', listen);
      window.removeEventListener('porchlight:message:received', listen);
    });
    client.on('message:sent', (m) => sent.push(m));
    client.on('message:received', (m) => received.push(m));
    await client.ready;
    await client.send('hello');
    service.agentSays(client.conversation.requestId.value!, 'hi there');
    await conversationOf(client).sync();
    await until(() => expect(received).toHaveLength(1));
    const [mine, theirs] = client.conversation.messages.value;
    expect(sent).toEqual([mine]);
    expect(received).toEqual([theirs]);
    expect(received[0]).toMatchObject({ kind: 'message', text: 'hi there', senderName: 'Ann Agent', fromVisitor: false, state: 'sent' });
    expect(sent[0]).toMatchObject({ kind: 'message', text: 'hello', fromVisitor: true, state: 'sent', key: mine!.key });
    expect(received[0]).not.toHaveProperty('sender');
    expect(onWindow).toEqual([sent[0], received[0]]);
  });

  it('counts what arrives while the window is closed, and reads it when opened', async () => {
    const { client, service } = startClient();
    await client.ready;
    await client.send('hello');
    const rid = client.conversation.requestId.value!;
    service.agentSays(rid, 'one');
    service.agentSays(rid, 'two');
    await conversationOf(client).sync();
    expect(client.conversation.unread.value).toBe(2);
    client.open();
    expect(client.conversation.unread.value).toBe(0);
  });

  it('waits with the sign-in for the pre-chat form, then sends its first message', async () => {
    const { client, service } = startClient({ preChatForm: true });
    await client.ready;
    // Time passes after the window opens (a window opened without the form signs in at once).
    await afterFakeTime(10_000, () => client.open());
    expect(service.calls.some((c) => c.path === '/auth/signinAnonymously')).toBe(false);
    client.submitPreChat({ userFullname: 'Ada Lovelace', userEmail: 'ada@example.com', firstMessage: 'about my order' });
    await until(() => expect(service.posts()).toHaveLength(1));
    expect(service.posts()[0]!.body).toMatchObject({ text: 'about my order', attributes: { userFullname: 'Ada Lovelace', userEmail: 'ada@example.com' } });
  });

  it('reports a storage failure of setUser as an error event instead of an unhandled rejection', async () => {
    const store = createMemoryStore();
    const { client } = startClient({}, store);
    await client.ready;
    client.open();
    await until(() => expect(client.session.visitor.value).toBeTruthy());
    const errors: string[] = [];
    client.on('error', (e) => errors.push(e.type));
    vi.spyOn(store, 'set').mockRejectedValue(new Error('quota exceeded'));
    client.setUser({ fullname: 'Ada Lovelace' });
    await until(() => expect(errors).toEqual(['storage']));
    expect(client.session.visitor.value?.fullName).toBe('Ada Lovelace');
    expect(client.settings.value.userFullname).toBe('Ada Lovelace');
  });

  it('writes several signals in one batch on update: a computed sees them together', async () => {
    const { client } = startClient();
    await client.ready;
    const seen: string[] = [];
    const stop = client.settings.subscribe((s) => seen.push(`${s.themeColor}/${s.widgetTitle}`));
    client.update({ themeColor: '#b91c1c', widgetTitle: 'Live' });
    stop();
    expect(seen.at(-1)).toBe('#b91c1c/Live');
    expect(seen).toHaveLength(2);
  });

  it('reset forgets the visitor and the conversation', async () => {
    const { client } = startClient();
    await client.ready;
    await client.send('hello');
    await client.reset();
    expect(client.conversation.requestId.value).toBeNull();
    expect(client.session.token.value).toBeNull();
    expect(client.ui.isOpen.value).toBe(false);
  });

  it('refuses to start without a project id', () => {
    expect(() => createChatClient({ settings: {}, window, http: () => Promise.reject(new Error('no')) })).toThrow(/projectid/);
  });
});

describe('a browser whose features throw (SecurityError, as Firefox does with storage blocked): one tab on its own, still chatting', () => {
  const insecure = () => new DOMException('The operation is insecure.', 'SecurityError');
  /** Web Locks that grant at once (happy-dom has none), or refuse as `request` says. */
  const withLocks = (request: (name: string, ...rest: unknown[]) => Promise<unknown>) =>
    Object.defineProperty(window.navigator, 'locks', { configurable: true, value: { request } });
  const granting = (_name: string, ...rest: unknown[]) => Promise.resolve().then(rest.at(-1) as () => unknown);
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(window.navigator, 'locks');
    localStorage.clear();
  });

  async function chats(client: ChatClient, service: ReturnType<typeof startClient>['service']) {
    await client.ready;
    client.open();
    await client.send('hello');
    expect(service.posts().map((p) => (p.body as { text: string }).text)).toEqual(['hello']);
    service.agentSays(client.conversation.requestId.value!, 'hi there');
    client.close();
    client.open();
    await until(() => expect(client.conversation.messages.value.map((m) => m.text)).toEqual(['hello', 'hi there']));
  }

  it('a BroadcastChannel whose constructor throws', async () => {
    withLocks(granting);
    vi.stubGlobal('BroadcastChannel', function BroadcastChannel() {
      throw insecure();
    });
    const { client, service } = startClient({ persistence: 'local' });
    await chats(client, service);
  });

  it('Web Locks that refuse every request', async () => {
    withLocks(() => Promise.reject(insecure()));
    const { client, service } = startClient({ persistence: 'local' });
    await chats(client, service);
  });
});

describe('createPreviewClient', () => {
  it('shows the project, the labels and a sample conversation, and never calls the network', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const client = createPreviewClient({
      settings: {},
      window,
      preview: { project: { project: { _id: 'p', name: 'Preview shop', widget: {} } }, labels: { WELCOME_TITLE: 'Hello from labels' } },
    });
    onTestFinished(() => client.dispose());
    await client.ready;
    expect(client.preview).toBe(true);
    expect(client.title.value).toBe('Preview shop');
    expect(client.t('WELCOME_TITLE')).toBe('Hello from labels');
    expect(client.ui.isOpen.value).toBe(true);
    expect(client.conversation.messages.value).toHaveLength(2);
    await client.send('not sent');
    client.update({ project: { project: { _id: 'p', name: 'Renamed', widget: {} } } });
    expect(client.title.value).toBe('Renamed');
    expect(fetch).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });
});

describe("the launcher's look for the loader's next page", () => {
  const lookOf = (projectId: string) =>
    (JSON.parse(localStorage.getItem(`porchlight:look:${projectId}`) ?? 'null') as { look?: { theme?: string } } | null)?.look;

  it('is kept once the project has answered, at idle (its code a chunk of its own), not in the start-up task', async () => {
    localStorage.clear();
    const { service, client } = startClient({ persistence: 'local', themeColor: '#123456' });
    await client.ready;
    expect(lookOf(service.projectId)).toBeUndefined();
    await vi.waitFor(() => expect(lookOf(service.projectId)?.theme).toBe('#123456'), { timeout: 5000 });
  });

  it('a client disposed before then keeps nothing', async () => {
    localStorage.clear();
    const projectIds: string[] = [];
    // Past the idle the look waits for (idle.ts: 200 ms without requestIdleCallback, 5 s at most with it).
    await afterFakeTime(10_000, async () => {
      const { service, client } = startClient({ persistence: 'local' });
      projectIds.push(service.projectId);
      await client.ready;
      client.dispose();
    });
    await vi.dynamicImportSettled();
    expect(lookOf(projectIds[0]!)).toBeUndefined();
  });
});
