import { describe, expect, it } from 'vitest';
import { ApiError, createHttp } from '../../api/http.ts';
import { listMessages } from '../../api/messages.ts';
import { createFakeService } from '../../test/fakeService.ts';
import type { WidgetErrorDetail } from '../platform/events.ts';
import { createSession, REFUSAL_STATUSES } from './session.ts';
import { SessionRefusedError } from './sessionRefusedError.ts';
import { isCredentialRefusal, REFUSAL_SIGN_INS } from './sessionRefusal.ts';
import { createMemoryStore } from '../platform/storage.ts';

function setup(identity = {}) {
  const service = createFakeService();
  const store = createMemoryStore();
  const http = createHttp({ apiUrl: service.apiUrl, fetch: service.fetch });
  const refusals: WidgetErrorDetail[] = [];
  const session = createSession({ http, store, projectId: service.projectId, identity: () => identity, onAuthError: (detail) => refusals.push(detail) });
  return { service, store, http, session, refusals };
}

/** A service that refuses every guest, old and new. */
function refuseEveryGuest(service: ReturnType<typeof createFakeService>) {
  service.setFault((call) => (call.path.endsWith('/messages') ? { status: 403, body: { success: false, msg: 'you dont belong to the project.' } } : undefined));
}

const RID = 'support-group-65f0c0ffee0000000000d3e0-0123456789abcdef0123456789abcdef';

describe('session', () => {
  it('signs in once even when asked twice at the same time, and stores the token', async () => {
    const { service, store, session } = setup({ fullname: 'Ada Lovelace', email: 'ada@example.com', attributes: { plan: 'pro' } });
    const [a, b] = await Promise.all([session.ensure(), session.ensure()]);
    expect(a).toBe('JWT token-1');
    expect(b).toBe(a);
    const signIns = service.calls.filter((c) => c.path === '/auth/signinAnonymously');
    expect(signIns).toHaveLength(1);
    expect(signIns[0]!.body).toEqual({
      id_project: service.projectId,
      firstname: 'Ada',
      lastname: 'Lovelace',
      email: 'ada@example.com',
      attributes: { plan: 'pro' },
    });
    expect(await store.get('session')).toMatchObject({ token: 'JWT token-1', visitor: { id: 'guest-1', fullName: 'Ada Lovelace' } });
  });

  it('reuses a stored token after a reload without signing in', async () => {
    const first = setup();
    await first.session.ensure();
    const again = createSession({ http: first.http, store: first.store, projectId: first.service.projectId, identity: () => ({}) });
    await again.restore();
    expect(await again.ensure()).toBe('JWT token-1');
    expect(first.service.calls.filter((c) => c.path === '/auth/signinAnonymously')).toHaveLength(1);
  });

  it('never signs in while the stored session is still being read', async () => {
    const first = setup();
    await first.session.ensure();
    const again = createSession({ http: first.http, store: first.store, projectId: first.service.projectId, identity: () => ({}) });
    const [, token] = await Promise.all([again.restore(), again.ensure()]);
    expect(token).toBe('JWT token-1');
    expect(first.service.calls.filter((c) => c.path === '/auth/signinAnonymously')).toHaveLength(1);
  });

  it('signs in again on a 401 and retries the call once, remembering the old guest id', async () => {
    const { service, session } = setup();
    await session.ensure();
    service.revokeAll();
    const seen: string[] = [];
    const answer = await session.authorized(async (token) => {
      seen.push(token);
      if (token === 'JWT token-1') {
        const { ApiError } = await import('../../api/http.ts');
        throw new ApiError(401, 'Unauthorized', null);
      }
      return 'ok';
    });
    expect(answer).toBe('ok');
    expect(seen).toEqual(['JWT token-1', 'JWT token-2']);
    expect(session.visitor.value).toMatchObject({ id: 'guest-2', pastIds: ['guest-1'] });
  });

  it('forgets the visitor', async () => {
    const { session, store } = setup();
    await session.ensure();
    await session.forget();
    expect(session.token.value).toBeNull();
    expect(await store.get('session')).toBeUndefined();
  });

  for (const how of ['membership', 'malformed', 'unauthorized'] as const) {
    it(`a stored token refused (${how}) leads to one fresh sign-in, and the call goes through`, async () => {
      const { service, session, http, refusals } = setup();
      await session.ensure();
      service.refuseAll(how);
      // Three calls refused at the same time: still one sign-in.
      const answers = await Promise.all([1, 2, 3].map(() => session.authorized((token) => listMessages(http, token, service.projectId, RID))));
      expect(answers).toEqual([[], [], []]);
      expect(service.calls.filter((c) => c.path === '/auth/signinAnonymously')).toHaveLength(2);
      expect(session.token.value).toBe('JWT token-2');
      expect(session.visitor.value).toMatchObject({ id: 'guest-2', pastIds: ['guest-1'] });
      expect(refusals).toEqual([]);
    });
  }

  it('stops when even a fresh guest is refused: no more calls, one error, until the visitor acts', async () => {
    const { service, session, http, refusals } = setup();
    await session.ensure();
    refuseEveryGuest(service);
    const list = () => session.authorized((token) => listMessages(http, token, service.projectId, RID));
    await expect(list()).rejects.toBeInstanceOf(SessionRefusedError);
    expect(session.refused.value).toBe(true);
    const before = service.calls.length;
    for (let i = 0; i < 5; i++) await expect(list()).rejects.toBeInstanceOf(SessionRefusedError);
    expect(service.calls.length).toBe(before);
    expect(refusals).toEqual([{ type: 'auth', status: 403, message: "the service refuses the visitor's credentials (HTTP 403)" }]);
    // The visitor's own action tries once more (one sign-in, one call), then stops again.
    session.allowAgain();
    await expect(list()).rejects.toBeInstanceOf(SessionRefusedError);
    expect(service.calls.length).toBe(before + 3);
    expect(refusals).toHaveLength(2);
  });

  it('tries a fresh token with one call: the others refused meanwhile wait for its answer, and ask nothing once it is refused', async () => {
    const { service, session, http, refusals } = setup();
    await session.ensure();
    refuseEveryGuest(service);
    const list = () => session.authorized((token) => listMessages(http, token, service.projectId, RID));
    // Three calls in flight with the old token, a fourth begun while the fresh one is on trial.
    const outcomes = [list(), list(), list()];
    await Promise.resolve();
    outcomes.push(list());
    for (const outcome of outcomes) await expect(outcome).rejects.toBeInstanceOf(SessionRefusedError);
    const withFresh = service.calls.filter((c) => c.path.endsWith('/messages') && c.headers.Authorization === 'JWT token-2');
    expect(withFresh).toHaveLength(1);
    expect(service.calls.filter((c) => c.path === '/auth/signinAnonymously')).toHaveLength(2);
    expect(refusals).toHaveLength(1);
  });

  it(`stops after ${REFUSAL_SIGN_INS} refusal sign-ins in a row, even when each fresh guest works once`, async () => {
    const { service, session, http } = setup();
    await session.ensure();
    const list = () => session.authorized((token) => listMessages(http, token, service.projectId, RID));
    let outcome: unknown;
    for (let i = 0; i < 10 && !(outcome instanceof SessionRefusedError); i++) {
      service.refuseAll('membership');
      outcome = await list().catch((e: unknown) => e);
    }
    expect(outcome).toBeInstanceOf(SessionRefusedError);
    expect(service.calls.filter((c) => c.path === '/auth/signinAnonymously')).toHaveLength(1 + REFUSAL_SIGN_INS);
  });

  it('is not fooled by refusals that are not about the credentials', async () => {
    const { service, session, http } = setup();
    await session.ensure();
    service.setFault((call) =>
      call.path.endsWith('/messages') ? { status: 403, body: { success: false, msg: 'you dont have the required role.' } } : undefined,
    );
    const error = await session.authorized((token) => listMessages(http, token, service.projectId, RID)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(service.calls.filter((c) => c.path === '/auth/signinAnonymously')).toHaveLength(1);
    expect(session.refused.value).toBe(false);
  });
});

describe('isCredentialRefusal', () => {
  const refusal = (status: number, body: unknown) => isCredentialRefusal(new ApiError(status, body, null));
  it('knows the reference answers that refuse the credentials', () => {
    expect(refusal(401, 'Unauthorized')).toBe(true);
    expect(refusal(401, undefined)).toBe(true);
    expect(refusal(400, 'Bad Request')).toBe(true);
    expect(refusal(403, { success: false, msg: 'you dont belong to the project.' })).toBe(true);
    expect(refusal(403, { success: false, msg: 'Unauthorized.' })).toBe(true);
  });
  it('and those that refuse something else', () => {
    expect(refusal(403, { success: false, msg: 'you dont have the required role.' })).toBe(false);
    expect(refusal(403, { success: false, msg: 'Unauthorized. Project_user not found with user id  : x' })).toBe(false);
    expect(refusal(400, { error: 'Project not found with id: x' })).toBe(false);
    expect(refusal(401, { err: 'error project ip filter' })).toBe(false);
    expect(refusal(401, { err: 'error projectBanUserFilter by id' })).toBe(false);
    expect(refusal(413, { err: 'Request entity too large', limit: 512000 })).toBe(false);
    expect(refusal(500, 'Unauthorized')).toBe(false);
    expect(isCredentialRefusal(new Error('x'))).toBe(false);
  });
  it('is never a status outside REFUSAL_STATUSES (the session loads these rules only for those)', () => {
    const bodies = [undefined, 'Unauthorized', { msg: 'you dont belong to the project.' }, { msg: 'Unauthorized.' }, {}];
    for (let status = 100; status < 600; status++) {
      if (REFUSAL_STATUSES.includes(status)) continue;
      for (const body of bodies) expect(refusal(status, body)).toBe(false);
    }
  });
});
