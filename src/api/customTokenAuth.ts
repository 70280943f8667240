/**
 * The sign-in with a site's own token: only `client/session/customTokenSignIn.ts` (a chunk of its own, never
 * downloaded by a guest) calls it, so it is apart from auth.ts, which every first send needs.
 */
import { bareJwt } from './auth.ts';
import type { Http } from './http.ts';
import { normalizeSignIn } from './normalize/auth.ts';
import type { SignInResponse } from './wire.ts';

/**
 * `POST /auth/signinWithCustomToken` with `Authorization: JWT <token>` and no body, as the official
 * widget sends it (Angular's `post(url, null)` sends none; a literal `null` JSON body would be a
 * syntax error to the reference's strict body parser, which answers 500). The service verifies the
 * token (signature by its `aud`, expiry) and answers `{success, token: <the header as sent>, user:
 * <the decoded claims>}`; null when that answer carries no token or user id. Throws `ApiError` 401
 * for a wrong signature, an expired token or one of another project (plain-text `Unauthorized`).
 */
export async function signInWithCustomToken(http: Http, token: string): Promise<SignInResponse | null> {
  const jwt = bareJwt(token);
  return normalizeSignIn(await http<unknown>('POST', '/auth/signinWithCustomToken', { token: jwt ? `JWT ${jwt}` : null }));
}
