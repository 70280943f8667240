import { conversationOf } from '../test/conversationOf.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttp } from '../api/http.ts';
import type { WidgetErrorDetail } from './platform/events.ts';
import { createMemoryStore, type KeyValueStore } from './platform/storage.ts';
import { until } from '../test/fakeFetch.ts';
import { createFakeService } from '../test/fakeService.ts';
import { withOwn } from '../test/withOwn.ts';
import { createChatClient } from './client.ts';
import type { ChatClient } from './types.ts';

const b64url = (value: unknown) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const siteToken = (claims: Record<string, unknown>) => `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(claims)}.sig`;

const clients: ChatClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.dispose();
});

/** A site's token the fake service accepts, for the visitor `_id` names. */
function known(service: ReturnType<typeof createFakeService>, claims: Record<string, unknown>): string {
  const full = { aud: `https://tiledesk.com/projects/${service.projectId}`, ...claims };
  const token = siteToken(full);
  service.acceptCustomToken(token, full);
  return token;
}

/**
 * A client on the fake service that accepts the tokens of Jane, Alice and Bob (and no other); `store`,
 * `service` and `win` of an earlier one make a later page (or another tab) of the same site.
 */
function start(settings: Record<string, unknown> = {}, o: { store?: KeyValueStore; service?: ReturnType<typeof createFakeService>; win?: Window } = {}) {
  const service = o.service ?? createFakeService();
  const token = known(service, { _id: 'jane-doe', firstname: 'Jane', lastname: 'Doe', email: 'jane@example.com' });
  const alice = known(service, { _id: 'alice', firstname: 'Alice', email: 'alice@example.com' });
  const bob = known(service, { _id: 'bob', firstname: 'Bob', email: 'bob@example.com' });
  const store = o.store ?? createMemoryStore();
  const client = createChatClient({
    settings: { projectid: service.projectId, apiUrl: service.apiUrl, realtime: false, ...settings },
    http: createHttp({ apiUrl: service.apiUrl, fetch: service.fetch }),
    store,
    window: o.win ?? window,
  });
  clients.push(client);
  const errors: WidgetErrorDetail[] = [];
  client.on('error', (e) => errors.push(e));
  const calls = (path: string) => service.calls.filter((c) => c.path === path);
  /** The texts the service stored in `rid`, with who sent them. */
  const stored = (rid: string | null) => (service.messages.get(rid ?? '') ?? []).map((m) => [m.sender, m.text]);
  /** The texts posted with `jwt`'s session, whatever became of them. */
  const postedAs = (jwt: string) =>
    service
      .posts()
      .filter((c) => c.headers.Authorization === `JWT ${jwt}`)
      .map((c) => (c.body as { text: string }).text);
  const texts = () => client.conversation.messages.value.map((m) => m.text);
  return { service, client, store, token, alice, bob, errors, calls, stored, postedAs, texts };
}

/** Alice, signed in, with everything a visitor leaves on a device: a conversation, a reply unread, an unsent message, a list. */
async function aliceWithEverything(t: ReturnType<typeof start>, signIn: () => Promise<void> | void) {
  await t.client.ready;
  await signIn();
  await until(() => expect(t.client.session.visitor.value).toMatchObject({ id: 'alice', authenticated: true }));
  t.client.open();
  await t.client.send('Alice: my card ends 4242');
  const rid = t.client.conversation.requestId.value!;
  t.client.showHome();
  await until(() => expect(t.client.conversations.value?.items.value.map((i) => i.requestId)).toContain(rid));
  // Seen on screen: the list keeps a read mark for it.
  t.client.openConversation(rid);
  await vi.waitFor(async () => expect(await t.store.get('conversationMarks')).toBeDefined());
  t.client.close();
  t.service.agentSays(rid, 'Alice, your card 4242 is blocked');
  await conversationOf(t.client).sync();
  expect(t.client.conversation.unread.value).toBe(1);
  t.service.setFault((call) => (call.method === 'POST' && call.path.endsWith('/messages') ? 'network-error' : undefined));
  await t.client.send('Alice: not sent yet');
  t.service.setFault(null);
  expect(t.client.conversation.outbox.value.map((i) => i.text)).toEqual(['Alice: not sent yet']);
  return rid;
}

/** Nothing of Alice's is left with the visitor now, on screen or in storage. */
async function nothingOfAlice(t: ReturnType<typeof start>) {
  const { client, store } = t;
  expect(client.conversation.requestId.value).toBeNull();
  expect(client.conversation.messages.value).toEqual([]);
  expect(client.conversation.outbox.value).toEqual([]);
  expect(client.conversation.unread.value).toBe(0);
  expect(client.intake.preChat.value).toBeNull();
  expect(client.session.switched.value).toBeNull();
  expect(client.conversations.value?.items.value ?? []).toEqual([]);
  for (const key of ['conversation', 'outbox', 'intake', 'conversationMarks']) expect(await store.get(key)).toBeUndefined();
}

describe('a known visitor through the client', () => {
  it('the `jwt` setting signs in at start-up: the visitor is who the claims say, on the first message too', async () => {
    const t = start();
    t.client.update({ jwt: t.token });
    await t.client.ready;
    await until(() => expect(t.client.session.visitor.value).toMatchObject({ id: 'jane-doe', fullName: 'Jane Doe', authenticated: true }));
    await t.client.send('Hello');
    const [post] = t.service.posts();
    expect(post?.body).toMatchObject({ attributes: { userFullname: 'Jane Doe', userEmail: 'jane@example.com' } });
    expect(t.calls('/auth/signinAnonymously')).toHaveLength(0);
  });

  it('logout forgets the visitor and conversation, and the page’s own token is not used again on this page', async () => {
    const t = start();
    t.client.update({ jwt: t.token });
    await t.client.ready;
    await until(() => expect(t.client.session.visitor.value?.authenticated).toBe(true));
    await t.client.send('Before signing out');
    await t.client.logout();
    expect(t.client.session.visitor.value).toBeNull();
    expect(t.client.conversation.requestId.value).toBeNull();
    expect(await t.store.get('session')).toBeUndefined();
    expect(await t.store.get('conversation')).toBeUndefined();
    await t.client.send('Hello again');
    expect(t.client.session.visitor.value).toMatchObject({ id: 'guest-1' });
    expect(t.client.session.visitor.value?.authenticated).toBeUndefined();
    expect(t.calls('/auth/signinWithCustomToken')).toHaveLength(1);
  });

  it('signInWithCustomToken with something that is no JWT: an auth error, no request', async () => {
    const t = start();
    await t.client.ready;
    await t.client.signInWithCustomToken('not a token');
    expect(t.errors).toEqual([expect.objectContaining({ type: 'auth' })]);
    expect(t.calls('/auth/signinWithCustomToken')).toHaveLength(0);
  });

  it('names the visitor again on the next message after setUser, and only then', async () => {
    const t = start({ userFullname: 'Ada', customAttributes: { plan: 'pro' } });
    await t.client.ready;
    await t.client.send('one');
    await t.client.send('two');
    t.client.setUser({ attributes: { plan: 'team' } });
    await t.client.send('three');
    await t.client.send('four');
    const attributes = t.service.posts().map((c) => (c.body as { attributes: Record<string, unknown> }).attributes);
    expect(attributes.map((a) => a.payload)).toEqual([{ plan: 'pro' }, undefined, { plan: 'team' }, undefined]);
    expect(attributes[2]).toMatchObject({ userFullname: 'Ada' });
  });
});

describe('a known visitor and the pre-chat form', () => {
  it('a page’s token signs in at start-up even with the form on, and the form does not ask them who they are; nor after another visitor’s token', async () => {
    const t = start({ preChatForm: true });
    t.client.update({ jwt: t.alice });
    await t.client.ready;
    await until(() => expect(t.client.session.visitor.value).toMatchObject({ id: 'alice', authenticated: true }));
    expect(t.client.intake.stage.value).toBe('chat');
    t.client.update({ jwt: t.bob });
    await until(() => expect(t.client.session.visitor.value).toMatchObject({ id: 'bob', authenticated: true }));
    expect(t.client.intake.stage.value).toBe('chat');
    expect(t.calls('/auth/signinAnonymously')).toHaveLength(0);
  });
});

describe('a second known visitor (issue 22 §1): never the first one’s conversation', () => {
  it('signInWithCustomToken(alice) then (bob): Bob starts clean, and writes as himself in a new conversation', async () => {
    const t = start({ preChatForm: true });
    await t.client.ready;
    // What the guest told the pre-chat form goes on with Alice (a guest who signs in keeps their things)…
    t.client.submitPreChat({ userFullname: 'Al Guest', userEmail: 'al@example.com' });
    await until(() => expect(t.client.session.token.value).not.toBeNull());
    const ridA = await aliceWithEverything(t, () => t.client.signInWithCustomToken(t.alice));
    expect(t.client.intake.preChat.value).toMatchObject({ userFullname: 'Al Guest' });

    await t.client.signInWithCustomToken(t.bob);
    expect(t.client.session.visitor.value).toMatchObject({ id: 'bob', fullName: 'Bob', authenticated: true, pastIds: [] });
    // …but nothing of Alice's goes on with Bob.
    await nothingOfAlice(t);

    await t.client.send('Bob: hello');
    const ridB = t.client.conversation.requestId.value;
    expect(ridB).not.toBe(ridA);
    expect(t.stored(ridB)).toEqual([['bob', 'Bob: hello']]);
    expect(t.texts()).toEqual(['Bob: hello']);
    // Alice's unsent message never goes out as Bob, nor into Alice's conversation after the switch.
    expect(t.postedAs(t.bob)).toEqual(['Bob: hello']);
    expect(t.stored(ridA).map(([sender]) => sender)).not.toContain('bob');
    // The only error is the page hearing, once, that Alice's message could not go yet (docs/delivery.md).
    expect(t.errors).toEqual([expect.objectContaining({ type: 'send', reason: 'MESSAGE_UNREACHABLE', retrying: true })]);
  });

  it('a message sent right after the switch goes as Bob into a new conversation, never into Alice’s', async () => {
    const t = start();
    const ridA = await aliceWithEverything(t, () => t.client.signInWithCustomToken(t.alice));
    void t.client.signInWithCustomToken(t.bob);
    await t.client.send('Bob: at once');
    const ridB = t.client.conversation.requestId.value;
    expect(ridB).not.toBe(ridA);
    expect(t.stored(ridB)).toEqual([['bob', 'Bob: at once']]);
    expect(t.stored(ridA).map(([, text]) => text)).not.toContain('Bob: at once');
  });

  it('the `jwt` setting changed live (update) to another visitor: the same clean start', async () => {
    const t = start();
    const ridA = await aliceWithEverything(t, () => t.client.update({ jwt: t.alice }));
    t.client.update({ jwt: t.bob });
    await t.client.send('Bob: via the setting');
    expect(t.client.session.visitor.value).toMatchObject({ id: 'bob', authenticated: true, pastIds: [] });
    const ridB = t.client.conversation.requestId.value;
    expect(ridB).not.toBe(ridA);
    expect(t.stored(ridB)).toEqual([['bob', 'Bob: via the setting']]);
    expect(t.texts()).toEqual(['Bob: via the setting']);
    expect(t.postedAs(t.bob)).toEqual(['Bob: via the setting']);
  });

  it('a later page with another visitor’s token than the one stored: that visitor starts clean, and nothing of the one before goes out as them', async () => {
    const first = start();
    const ridA = await aliceWithEverything(first, () => first.client.update({ jwt: first.alice }));
    first.client.dispose();
    const t = start({ jwt: first.bob }, { store: first.store, service: first.service });
    await t.client.ready;
    await until(() => expect(t.client.session.visitor.value).toMatchObject({ id: 'bob', authenticated: true }));
    await nothingOfAlice(t);
    await t.client.send('Bob: next page');
    expect(t.stored(t.client.conversation.requestId.value)).toEqual([['bob', 'Bob: next page']]);
    expect(t.postedAs(t.bob)).toEqual(['Bob: next page']);
    expect(t.stored(ridA).map(([sender]) => sender)).not.toContain('bob');
  });

  it('the same visitor with a fresh token keeps their conversation', async () => {
    const t = start();
    const ridA = await aliceWithEverything(t, () => t.client.signInWithCustomToken(t.alice));
    const fresh = known(t.service, { _id: 'alice', firstname: 'Alice', email: 'alice@example.com', iat: 2 });
    await t.client.signInWithCustomToken(fresh);
    await t.client.send('Alice: still me');
    expect(t.client.conversation.requestId.value).toBe(ridA);
    expect(t.texts()).toContain('Alice: my card ends 4242');
  });

  it('the page takes the token back (`update({jwt: null})`): the visitor is signed out, as with logout', async () => {
    const t = start();
    await aliceWithEverything(t, () => t.client.update({ jwt: t.alice }));
    t.client.update({ jwt: null });
    await until(() => expect(t.client.session.visitor.value).toBeNull());
    await nothingOfAlice(t);
    expect(await t.store.get('session')).toBeUndefined();
    await t.client.send('Who am I now?');
    expect(t.client.session.visitor.value).toMatchObject({ id: 'guest-1' });
    expect(t.client.session.visitor.value?.authenticated).toBeUndefined();
    expect(t.calls('/auth/signinWithCustomToken')).toHaveLength(1);
  });

  it('`update({jwt: null})` for a guest who never had a token changes nothing', async () => {
    const t = start();
    await t.client.ready;
    await t.client.send('A guest');
    const rid = t.client.conversation.requestId.value;
    t.client.update({ jwt: null });
    await t.client.send('Still a guest');
    expect(t.client.conversation.requestId.value).toBe(rid);
    expect(t.stored(rid).map(([, text]) => text)).toEqual(['A guest', 'Still a guest']);
  });
});

/**
 * Two tabs of one site: their BroadcastChannels reach each other, and the first tab keeps the lead
 * (the second is a background tab, which never takes it).
 */
function twoTabs() {
  const channels = new Set<{ name: string; onmessage: ((event: MessageEvent) => void) | null }>();
  let leader: string | null = null;
  const tab = (id: string, visibilityState: DocumentVisibilityState) => {
    class Channel {
      onmessage: ((event: MessageEvent) => void) | null = null;
      constructor(readonly name: string) {
        channels.add(this);
      }
      postMessage(data: unknown) {
        const copy = structuredClone(data);
        for (const other of channels) if (other !== this && other.name === this.name) setTimeout(() => other.onmessage?.({ data: copy } as MessageEvent));
      }
      close() {
        channels.delete(this);
      }
    }
    const locks = {
      request: (_name: string, _options: unknown, held: () => Promise<void>) => {
        if (leader && leader !== id) return new Promise(() => {});
        leader = id;
        return held();
      },
    };
    return withOwn(window, {
      navigator: withOwn(window.navigator, { locks }),
      BroadcastChannel: Channel,
      document: withOwn(document, { visibilityState }),
    });
  };
  return { first: tab('first', 'visible'), second: tab('second', 'hidden') };
}

describe('a second known visitor in another tab of the site (issue 22 §1)', () => {
  it('the other tab drops the first visitor’s conversation, pre-chat answers, unread count and list too', async () => {
    const { first, second } = twoTabs();
    const one = start({ preChatForm: true, persistence: 'local' }, { win: first });
    await one.client.ready;
    one.client.submitPreChat({ userFullname: 'Al Guest', userEmail: 'al@example.com' });
    await until(() => expect(one.client.session.token.value).not.toBeNull());
    await one.client.signInWithCustomToken(one.alice);
    await one.client.send('Alice: my card ends 4242');
    const ridA = one.client.conversation.requestId.value!;

    const two = start({ preChatForm: true, persistence: 'local' }, { win: second, store: one.store, service: one.service });
    await two.client.ready;
    expect(two.client.conversation.requestId.value).toBe(ridA);
    expect(two.client.intake.preChat.value).toMatchObject({ userFullname: 'Al Guest' });
    two.client.showHome();
    await until(() => expect(two.client.conversations.value?.items.value.map((i) => i.requestId)).toContain(ridA));
    // The leading tab counts a reply, and the other tab shows its count.
    one.service.agentSays(ridA, 'Alice, your card 4242 is blocked');
    await conversationOf(one.client).sync();
    await until(() => expect(two.client.conversation.unread.value).toBe(1));
    await until(() => expect(two.texts()).toContain('Alice, your card 4242 is blocked'));

    await one.client.signInWithCustomToken(one.bob);
    await until(() => expect(two.client.session.visitor.value).toMatchObject({ id: 'bob', authenticated: true }));
    await until(() => expect(two.texts()).toEqual([]));
    expect(two.client.conversation.requestId.value).toBeNull();
    expect(two.client.conversation.unread.value).toBe(0);
    expect(two.client.conversation.outbox.value).toEqual([]);
    expect(two.client.intake.preChat.value).toBeNull();
    await until(() => expect(two.client.conversations.value?.items.value ?? []).toEqual([]));

    // Bob writes from the other tab: as himself, in a conversation of his own.
    await one.client.send('Bob: hello');
    const ridB = one.client.conversation.requestId.value;
    expect(ridB).not.toBe(ridA);
    await until(() => expect(two.client.conversation.requestId.value).toBe(ridB));
    await until(() => expect(two.texts()).toEqual(['Bob: hello']));
    expect(one.stored(ridB)).toEqual([['bob', 'Bob: hello']]);
  });
});

describe('two tabs whose pages name different visitors (issue 22 §1)', () => {
  it('the tab that follows another’s sign-in does not sign its own page’s visitor in again: no tabs taking turns', async () => {
    const { first, second } = twoTabs();
    const one = start({ persistence: 'local' }, { win: first });
    await one.client.ready;
    one.client.update({ jwt: one.alice });
    await until(() => expect(one.client.session.visitor.value).toMatchObject({ id: 'alice' }));
    // The second tab's page still says Alice (it was made before the site signed Bob in).
    const two = start({ persistence: 'local', jwt: one.alice }, { win: second, store: one.store, service: one.service });
    await two.client.ready;
    await until(() => expect(two.client.session.visitor.value).toMatchObject({ id: 'alice' }));
    const signIns = (jwt: string) => one.service.calls.filter((c) => c.path === '/auth/signinWithCustomToken' && c.headers.Authorization === `JWT ${jwt}`);
    await until(() => expect(signIns(one.alice)).toHaveLength(2));

    await one.client.signInWithCustomToken(one.bob);
    await until(() => expect(two.client.session.visitor.value).toMatchObject({ id: 'bob' }));
    await two.client.send('Bob, from the other tab');
    await until(() => expect(one.client.conversation.requestId.value).toBe(two.client.conversation.requestId.value));
    await one.client.send('Bob, from the first tab');
    expect(one.client.session.visitor.value).toMatchObject({ id: 'bob' });
    expect(two.client.session.visitor.value).toMatchObject({ id: 'bob' });
    expect(signIns(one.alice)).toHaveLength(2);
    expect(signIns(one.bob)).toHaveLength(1);
    const rid = one.client.conversation.requestId.value;
    expect(two.client.conversation.requestId.value).toBe(rid);
    expect(one.stored(rid)).toEqual([
      ['bob', 'Bob, from the other tab'],
      ['bob', 'Bob, from the first tab'],
    ]);
  });
});

describe('a custom sign-in that cannot reach the service (issue 22 §10)', () => {
  it('never holds up the guest: the next message goes as the guest into the same conversation, and the sign-in is not tried again at once', async () => {
    const t = start();
    await t.client.ready;
    await t.client.send('Hello as a guest');
    const rid = t.client.conversation.requestId.value;
    // A 40 KB token: the service answers 431 without CORS headers, which the browser reports as a network error.
    t.service.setFault((call) => (call.path === '/auth/signinWithCustomToken' ? 'network-error' : undefined));
    await t.client.signInWithCustomToken(t.token);
    await t.client.send('Still here');
    await conversationOf(t.client).sync();
    await t.client.send('And again');
    expect(t.client.conversation.outbox.value).toEqual([]);
    expect(t.stored(rid)).toEqual([
      ['guest-1', 'Hello as a guest'],
      ['guest-1', 'Still here'],
      ['guest-1', 'And again'],
    ]);
    expect(t.calls('/auth/signinWithCustomToken')).toHaveLength(1);
    expect(t.errors).toEqual([]);
  });
});
