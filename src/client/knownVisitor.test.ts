import { afterEach, describe, expect, it } from 'vitest';
import { createHttp } from '../api/http.ts';
import type { WidgetErrorDetail } from '../state/events.ts';
import { createMemoryStore } from '../state/storage.ts';
import { until } from '../test/fakeFetch.ts';
import { createFakeService } from '../test/fakeService.ts';
import { createChatClient } from './client.ts';
import type { ChatClient } from './types.ts';

const b64url = (value: unknown) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const siteToken = (claims: Record<string, unknown>) => `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(claims)}.sig`;

const clients: ChatClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.dispose();
});

/** A client on the fake service that accepts Jane's token (and no other). */
function start(settings: Record<string, unknown> = {}) {
  const service = createFakeService();
  const jane = { _id: 'jane-doe', firstname: 'Jane', lastname: 'Doe', email: 'jane@example.com', aud: `https://tiledesk.com/projects/${service.projectId}` };
  const token = siteToken(jane);
  service.acceptCustomToken(token, jane);
  const store = createMemoryStore();
  const client = createChatClient({
    settings: { projectid: service.projectId, apiUrl: service.apiUrl, realtime: false, ...settings },
    http: createHttp({ apiUrl: service.apiUrl, fetch: service.fetch }),
    store,
    window,
  });
  clients.push(client);
  const errors: WidgetErrorDetail[] = [];
  client.on('error', (e) => errors.push(e));
  const calls = (path: string) => service.calls.filter((c) => c.path === path);
  return { service, client, store, token, errors, calls };
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
