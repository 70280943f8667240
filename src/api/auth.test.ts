import { describe, expect, it } from 'vitest';
import { createFakeFetch } from '../test/fakeFetch.ts';
import { bareJwt } from './auth.ts';
import { signInWithCustomToken } from './customTokenAuth.ts';
import { ApiError, createHttp } from './http.ts';

const apiUrl = 'https://api.test/v3';
const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJfaWQiOiJqYW5lIn0.c2ln';

describe('signInWithCustomToken', () => {
  it('posts to /auth/signinWithCustomToken with Authorization: JWT <token>, no body, and normalises the answer', async () => {
    const { fetch, calls } = createFakeFetch(apiUrl, (call) => ({
      body: {
        success: true,
        token: call.headers.Authorization,
        user: {
          _id: 'jane-doe',
          firstname: 'Jane',
          lastname: 'Doe',
          email: 'jane@example.com',
          sub: 'userexternal',
          aud: 'https://tiledesk.com/projects/p1',
          iat: 1,
        },
      },
    }));
    const answer = await signInWithCustomToken(createHttp({ apiUrl, fetch }), jwt);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'POST', url: `${apiUrl}/auth/signinWithCustomToken`, credentials: 'omit', body: undefined });
    expect(calls[0]!.headers.Authorization).toBe(`JWT ${jwt}`);
    expect(calls[0]!.headers['Content-Type']).toBeUndefined();
    expect(answer).toEqual({ success: true, token: `JWT ${jwt}`, user: { _id: 'jane-doe', firstname: 'Jane', lastname: 'Doe', email: 'jane@example.com' } });
  });

  it('takes the token with or without its JWT scheme, in any case, and never doubles it', async () => {
    const { fetch, calls } = createFakeFetch(apiUrl, () => ({ body: { success: true, token: `JWT ${jwt}`, user: { _id: 'u' } } }));
    const http = createHttp({ apiUrl, fetch });
    for (const given of [jwt, `JWT ${jwt}`, `jwt ${jwt}`, `  JWT   ${jwt}  `]) await signInWithCustomToken(http, given);
    expect(calls.map((c) => c.headers.Authorization)).toEqual(Array(4).fill(`JWT ${jwt}`));
  });

  it('leaves a refusal to the caller: the plain-text 401 is an ApiError', async () => {
    const { fetch } = createFakeFetch(apiUrl, () => ({ status: 401, body: 'Unauthorized' }));
    const error = await signInWithCustomToken(createHttp({ apiUrl, fetch }), jwt).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
  });

  it('answers null for an answer without a token or a user id', async () => {
    for (const body of [
      { success: true, user: { _id: 'u' } },
      { success: true, token: 'JWT x', user: {} },
      { success: false, token: 'JWT x', user: { _id: 'u' } },
      'OK',
    ]) {
      const { fetch } = createFakeFetch(apiUrl, () => ({ body }));
      expect(await signInWithCustomToken(createHttp({ apiUrl, fetch }), jwt)).toBeNull();
    }
  });
});

describe('bareJwt', () => {
  it('strips the scheme and spaces only', () => {
    expect(bareJwt('JWT a.b.c')).toBe('a.b.c');
    expect(bareJwt(' a.b.c ')).toBe('a.b.c');
    expect(bareJwt('JWT')).toBe('JWT');
    expect(bareJwt('JWT ')).toBe('');
    expect(bareJwt('Bearer a.b.c')).toBe('Bearer a.b.c');
  });
});
