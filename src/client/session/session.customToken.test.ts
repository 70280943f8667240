import { describe, expect, it } from 'vitest';
import { createHttp, NetworkError } from '../../api/http.ts';
import { listMessages } from '../../api/messages.ts';
import { createFakeService } from '../../test/fakeService.ts';
import type { WidgetErrorDetail } from '../platform/events.ts';
import { SITE_SIGN_IN_WAITS_MS } from './customTokenSignIn.ts';
import { createSession } from './session.ts';
import { createMemoryStore, type KeyValueStore } from '../platform/storage.ts';

const b64url = (value: unknown) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
/** A site's token as the widget sees it (the fake service decides whether its signature is good). */
const siteToken = (claims: Record<string, unknown>, signature = 'sig') => `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(claims)}.${signature}`;

const PID = '65f0c0ffee0000000000d3e0';
const JANE = {
  _id: 'jane-doe',
  firstname: 'Jane',
  lastname: 'Doe',
  email: 'jane@example.com',
  sub: 'userexternal',
  aud: `https://tiledesk.com/projects/${PID}`,
};
const BOB = { ...JANE, _id: 'bob', firstname: 'Bob', lastname: 'Roe', email: 'bob@example.com' };
const RID = `support-group-${PID}-0123456789abcdef0123456789abcdef`;

function setup(o: { store?: KeyValueStore; service?: ReturnType<typeof createFakeService>; now?: () => number } = {}) {
  const service = o.service ?? createFakeService({ projectId: PID });
  const store = o.store ?? createMemoryStore();
  const http = createHttp({ apiUrl: service.apiUrl, fetch: service.fetch });
  let wanted: string | null = null;
  let conversation: string | null = null;
  const tokenRefusals: number[] = [];
  const authErrors: WidgetErrorDetail[] = [];
  const session = createSession({
    http,
    store,
    projectId: PID,
    identity: () => ({}),
    customToken: () => wanted,
    onAuthError: (detail) => {
      authErrors.push(detail);
      if (detail.reason === 'CUSTOM_TOKEN_REFUSED') tokenRefusals.push(detail.status!);
    },
    conversationId: () => conversation,
    ...(o.now ? { now: o.now } : {}),
  });
  return {
    service,
    store,
    http,
    session,
    tokenRefusals,
    authErrors,
    give: (jwt: string | null) => void (wanted = jwt),
    onConversation: (rid: string | null) => void (conversation = rid),
    customSignIns: () => service.calls.filter((c) => c.path === '/auth/signinWithCustomToken'),
    guestSignIns: () => service.calls.filter((c) => c.path === '/auth/signinAnonymously'),
  };
}

describe('session with a site’s token', () => {
  it('signs in with the token (Authorization: JWT <token>, no body), as the authenticated visitor its claims name', async () => {
    const jwt = siteToken(JANE);
    const t = setup();
    t.service.acceptCustomToken(jwt, JANE);
    t.give(jwt);
    expect(await t.session.ensure()).toBe(`JWT ${jwt}`);
    const [call] = t.customSignIns();
    expect(call?.headers.Authorization).toBe(`JWT ${jwt}`);
    expect(call?.body).toBeUndefined();
    expect(t.guestSignIns()).toHaveLength(0);
    expect(t.session.visitor.value).toEqual({ id: 'jane-doe', fullName: 'Jane Doe', email: 'jane@example.com', pastIds: [], authenticated: true });
    expect(await t.store.get('session')).toMatchObject({ token: `JWT ${jwt}`, visitor: { id: 'jane-doe', authenticated: true } });
    // Signed in: later calls reuse the token, and the service knows the sender.
    expect(await t.session.ensure()).toBe(`JWT ${jwt}`);
    expect(t.customSignIns()).toHaveLength(1);
  });

  it('re-validates a stored token once on a later visit, the same way', async () => {
    const jwt = siteToken(JANE);
    const first = setup();
    first.service.acceptCustomToken(jwt, JANE);
    first.give(jwt);
    await first.session.ensure();
    // The next page has no token of its own: the stored one is checked again, once.
    const later = setup({ store: first.store, service: first.service });
    await later.session.restore();
    expect(later.session.visitor.value?.authenticated).toBe(true);
    expect(await later.session.ensure()).toBe(`JWT ${jwt}`);
    expect(await later.session.ensure()).toBe(`JWT ${jwt}`);
    expect(first.customSignIns()).toHaveLength(2);
    expect(first.customSignIns()[1]?.headers.Authorization).toBe(`JWT ${jwt}`);
  });

  it('a refused token (wrong signature, expired, another project’s) leaves an anonymous guest and tells once', async () => {
    const t = setup();
    t.give(siteToken(JANE, 'forged'));
    expect(await t.session.ensure()).toBe('JWT token-1');
    expect(t.authErrors).toEqual([
      { type: 'auth', status: 401, reason: 'CUSTOM_TOKEN_REFUSED', message: 'the service refused the custom token: the visitor goes on as a guest' },
    ]);
    expect(t.session.visitor.value).toMatchObject({ id: 'guest-1' });
    expect(t.session.visitor.value?.authenticated).toBeUndefined();
    // Not tried again on this page: no request loop.
    await t.session.ensure();
    expect(t.customSignIns()).toHaveLength(1);
    expect(t.tokenRefusals).toEqual([401]);
  });

  it('a stored token refused on a later visit: a guest goes on, still seeing the earlier messages as their own', async () => {
    const jwt = siteToken(JANE);
    const first = setup();
    first.service.acceptCustomToken(jwt, JANE);
    first.give(jwt);
    await first.session.ensure();
    first.service.refuseCustomToken(jwt);
    const later = setup({ store: first.store, service: first.service });
    await later.session.restore();
    expect(await later.session.ensure()).toBe('JWT token-1');
    expect(later.tokenRefusals).toEqual([401]);
    expect(later.session.visitor.value).toEqual({ id: 'guest-1', fullName: 'guest#1', email: '', pastIds: ['jane-doe'] });
  });

  it('does not ask the service about a token for another project', async () => {
    const jwt = siteToken({ ...JANE, aud: 'https://tiledesk.com/projects/65f0c0ffee0000000000ffff' });
    const t = setup();
    t.service.acceptCustomToken(jwt, JANE);
    t.give(jwt);
    expect(await t.session.ensure()).toBe('JWT token-1');
    expect(t.customSignIns()).toHaveLength(0);
    expect(t.tokenRefusals).toEqual([403]);
  });

  it('does not ask the service about a stored token that has run out by the visitor’s clock', async () => {
    const jwt = siteToken({ ...JANE, exp: 1_000 });
    const first = setup({ now: () => 500_000 });
    first.service.acceptCustomToken(jwt, JANE);
    first.give(jwt);
    await first.session.ensure();
    const later = setup({ store: first.store, service: first.service, now: () => 2_000_000 });
    await later.session.restore();
    expect(await later.session.ensure()).toBe('JWT token-1');
    expect(first.customSignIns()).toHaveLength(1);
    expect(later.tokenRefusals).toEqual([401]);
  });

  it('guest → signed in during a conversation: the same session goes on as Jane, the guest’s id kept, and says so', async () => {
    const jwt = siteToken(JANE);
    const t = setup();
    t.service.acceptCustomToken(jwt, JANE);
    await t.session.ensure();
    t.onConversation(RID);
    t.give(jwt);
    await t.session.ensure();
    expect(t.session.visitor.value).toMatchObject({ id: 'jane-doe', pastIds: ['guest-1'], authenticated: true });
    expect(t.session.switched.value).toMatchObject({ name: 'Jane Doe', requestId: RID });
    // Jane may read the conversation the guest started (any member of the project may).
    await expect(t.session.authorized((token) => listMessages(t.http, token, PID, RID))).resolves.toEqual([]);
    await t.session.forget();
    expect(t.session.switched.value).toBeNull();
  });

  it('a token refused mid-visit (run out) falls back to a guest and tells, the call going through', async () => {
    const jwt = siteToken(JANE);
    const t = setup();
    t.service.acceptCustomToken(jwt, JANE);
    t.give(jwt);
    await t.session.ensure();
    t.service.refuseCustomToken(jwt);
    await expect(t.session.authorized((token) => listMessages(t.http, token, PID, RID))).resolves.toEqual([]);
    expect(t.tokenRefusals).toEqual([401]);
    expect(t.session.visitor.value).toMatchObject({ id: 'guest-1', pastIds: ['jane-doe'] });
  });

  it('follows another tab: its sign-in without asking again, its logout by forgetting', async () => {
    const jwt = siteToken(JANE);
    const a = setup();
    a.service.acceptCustomToken(jwt, JANE);
    const b = setup({ store: a.store, service: a.service });
    a.give(jwt);
    await a.session.ensure();
    await b.session.restore(true);
    expect(await b.session.ensure()).toBe(`JWT ${jwt}`);
    expect(a.customSignIns()).toHaveLength(1);
    await a.session.forget();
    await b.session.restore(true);
    expect(b.session.token.value).toBeNull();
    expect(b.session.visitor.value).toBeNull();
  });
});

/** A session on a service that accepts the tokens of Jane and Bob. */
function janeAndBob(o: Parameters<typeof setup>[0] = {}) {
  const jane = siteToken(JANE);
  const bob = siteToken(BOB);
  const t = setup(o);
  t.service.acceptCustomToken(jane, JANE);
  t.service.acceptCustomToken(bob, BOB);
  return { t, jane, bob };
}

describe('another known visitor (issue 22 §1)', () => {
  it('Jane, then Bob: Jane is forgotten before Bob signs in, and Bob is nobody’s continuation', async () => {
    const { t, jane, bob } = janeAndBob();
    t.give(jane);
    await t.session.ensure();
    t.onConversation(RID);
    t.give(bob);
    expect(await t.session.ensure()).toBe(`JWT ${bob}`);
    expect(t.session.visitor.value).toEqual({ id: 'bob', fullName: 'Bob Roe', email: 'bob@example.com', pastIds: [], authenticated: true });
    expect(t.session.switched.value).toBeNull();
  });

  it('a call begun for Jane is never made as Bob (her message on its way is not sent by him)', async () => {
    const { t, jane, bob } = janeAndBob();
    t.give(jane);
    await t.session.ensure();
    t.give(bob);
    const made: string[] = [];
    await expect(t.session.authorized(async (token) => void made.push(token))).rejects.toBeInstanceOf(NetworkError);
    expect(made).toEqual([]);
    // Bob's own calls go as Bob.
    await t.session.authorized(async (token) => void made.push(token));
    expect(made).toEqual([`JWT ${bob}`]);
  });

  it('`settled` tells at once whether the page’s token names someone else, without waiting for the sign-in’s answer', async () => {
    const jane = siteToken(JANE);
    const t = setup();
    t.service.acceptCustomToken(jane, JANE);
    t.give(jane);
    await t.session.ensure();
    // The same visitor with a fresh token: nothing to forget.
    const fresh = siteToken({ ...JANE, iat: 2 });
    t.give(fresh);
    await t.session.settled();
    expect(t.session.visitor.value).toMatchObject({ id: 'jane-doe' });
    // Someone else, whose sign-in never answers: Jane is gone all the same.
    t.service.setFault((call) => (call.path === '/auth/signinWithCustomToken' ? 'hang' : undefined));
    t.give(siteToken(BOB));
    void t.session.ensure().catch(() => undefined);
    await t.session.settled();
    expect(t.session.visitor.value).toBeNull();
    expect(await t.store.get('session')).toBeUndefined();
  });

  it('another tab forgot the visitor or signed in someone else: `restore(true)` says so; a guest who signed in there did not leave', async () => {
    const { t: a, jane, bob } = janeAndBob();
    const b = setup({ store: a.store, service: a.service });
    await a.session.ensure();
    expect(await b.session.restore(true)).toBe(false);
    a.give(jane);
    await a.session.ensure();
    expect(await b.session.restore(true)).toBe(false);
    a.give(bob);
    await a.session.ensure();
    expect(await b.session.restore(true)).toBe(true);
    await a.session.forget();
    expect(await b.session.restore(true)).toBe(true);
  });
});

describe('a custom sign-in that cannot reach the service (issue 22 §10)', () => {
  it('never holds up the guest, and is tried again only after each wait, a bounded number of times; the page hears of it once', async () => {
    let clock = 1_000_000;
    const t = setup({ now: () => clock });
    expect(await t.session.ensure()).toBe('JWT token-1');
    t.onConversation(RID);
    // A 40 KB token: the service answers 431 without CORS headers, which the browser reports as a network error.
    t.service.setFault((call) => (call.path === '/auth/signinWithCustomToken' ? 'network-error' : undefined));
    t.give(siteToken(JANE));
    for (let i = 0; i < 20; i++) expect(await t.session.ensure()).toBe('JWT token-1');
    await expect(t.session.authorized((token) => listMessages(t.http, token, PID, RID))).resolves.toEqual([]);
    expect(t.customSignIns()).toHaveLength(1);
    for (const wait of SITE_SIGN_IN_WAITS_MS) {
      clock += wait;
      for (let i = 0; i < 5; i++) expect(await t.session.ensure()).toBe('JWT token-1');
    }
    expect(t.customSignIns()).toHaveLength(1 + SITE_SIGN_IN_WAITS_MS.length);
    clock += 24 * 3600_000;
    await t.session.ensure();
    expect(t.customSignIns()).toHaveLength(1 + SITE_SIGN_IN_WAITS_MS.length);
    expect(t.authErrors).toEqual([expect.objectContaining({ type: 'auth', reason: 'CUSTOM_TOKEN_UNREACHABLE' })]);
    expect(t.session.visitor.value).toMatchObject({ id: 'guest-1' });
    expect(t.guestSignIns()).toHaveLength(1);
  });

  it('a first visit whose token cannot be checked signs in as a guest, who becomes the known visitor once the service answers', async () => {
    let clock = 1_000_000;
    const jane = siteToken(JANE);
    const t = setup({ now: () => clock });
    t.service.acceptCustomToken(jane, JANE);
    t.service.setFault((call) => (call.path === '/auth/signinWithCustomToken' ? { status: 503, body: 'busy' } : undefined));
    t.give(jane);
    expect(await t.session.ensure()).toBe('JWT token-1');
    t.onConversation(RID);
    t.service.setFault(null);
    expect(await t.session.ensure()).toBe('JWT token-1');
    clock += SITE_SIGN_IN_WAITS_MS[0]!;
    expect(await t.session.ensure()).toBe(`JWT ${jane}`);
    // The guest signed in: the conversation goes on (the line says so).
    expect(t.session.visitor.value).toMatchObject({ id: 'jane-doe', pastIds: ['guest-1'] });
    expect(t.session.switched.value).toMatchObject({ requestId: RID });
  });

  it('a token the service answers 431 (too large) to, where the browser sees the answer, is refused: not tried again', async () => {
    const t = setup();
    t.service.setFault((call) => (call.path === '/auth/signinWithCustomToken' ? { status: 431, body: '' } : undefined));
    t.give(siteToken(JANE));
    expect(await t.session.ensure()).toBe('JWT token-1');
    await t.session.ensure();
    expect(t.customSignIns()).toHaveLength(1);
    expect(t.tokenRefusals).toEqual([431]);
  });
});
