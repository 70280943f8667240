import { describe, expect, it } from 'vitest';
import { createHttp } from '../api/http.ts';
import { createFakeService } from '../test/fakeService.ts';
import { createSession } from './session.ts';
import { createMemoryStore } from './storage.ts';

function setup(identity = {}) {
  const service = createFakeService();
  const store = createMemoryStore();
  const http = createHttp({ apiUrl: service.apiUrl, fetch: service.fetch });
  const session = createSession({ http, store, projectId: service.projectId, identity: () => identity });
  return { service, store, http, session };
}

describe('session', () => {
  it('signs in once even when asked twice at the same time, and stores the token', async () => {
    const { service, store, session } = setup({ fullname: 'Ada Lovelace', email: 'ada@example.com', attributes: { plan: 'pro' } });
    const [a, b] = await Promise.all([session.ensure(), session.ensure()]);
    expect(a).toBe('JWT token-1');
    expect(b).toBe(a);
    const signIns = service.calls.filter((c) => c.path === '/auth/signinAnonymously');
    expect(signIns).toHaveLength(1);
    expect(signIns[0]!.body).toEqual({ id_project: service.projectId, firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.com', attributes: { plan: 'pro' } });
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
        const { ApiError } = await import('../api/http.ts');
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
});
