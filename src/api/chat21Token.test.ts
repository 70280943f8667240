import { describe, expect, it } from 'vitest';
import { createFakeFetch } from '../test/fakeFetch.ts';
import { createChat21Token } from './chat21Token.ts';
import { ApiError, createHttp } from './http.ts';

const apiUrl = 'https://api.test/v3';
/** {"exp":1800000000} */
const token = `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify({ sub: 'u1', exp: 1_800_000_000 })).replace(/=+$/, '')}.c2ln`;

describe('createChat21Token', () => {
  it('posts {} to /chat21/native/auth/createCustomToken with the visitor JWT as Authorization, and normalises the answer', async () => {
    const { fetch, calls } = createFakeFetch(apiUrl, () => ({ body: { userid: 'u1', fullname: 'guest#1', firstname: 'guest', lastname: '', token } }));
    const answer = await createChat21Token(createHttp({ apiUrl, fetch }), 'JWT visitor.jwt.sig');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'POST', url: `${apiUrl}/chat21/native/auth/createCustomToken`, body: {}, credentials: 'omit' });
    expect(calls[0]!.headers.Authorization).toBe('JWT visitor.jwt.sig');
    expect(answer).toEqual({ userid: 'u1', token, expiresAt: 1_800_000_000_000 });
  });

  it.each([404, 401, 403])('leaves a %i (no Chat21 here, or a refused JWT) to the caller as an ApiError', async (status) => {
    const { fetch } = createFakeFetch(apiUrl, () => ({ status, body: status === 404 ? 'Cannot POST /chat21/native/auth/createCustomToken' : 'Unauthorized' }));
    const error = await createChat21Token(createHttp({ apiUrl, fetch }), 'JWT x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(status);
  });

  it('answers null for a 200 that is no token', async () => {
    const { fetch } = createFakeFetch(apiUrl, () => ({ body: { userid: 'u1' } }));
    expect(await createChat21Token(createHttp({ apiUrl, fetch }), 'JWT x')).toBeNull();
  });
});
