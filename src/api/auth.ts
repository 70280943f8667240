import type { Http } from './http.ts';
import { normalizeSignIn } from './normalize/auth.ts';
import type { SignInAnonymouslyBody, SignInResponse } from './wire.ts';

/**
 * `POST /auth/signinAnonymously`: a guest of one project; the token never expires on the reference
 * server. null when the answer carries no token or user id.
 */
export async function signInAnonymously(http: Http, body: SignInAnonymouslyBody): Promise<SignInResponse | null> {
  return normalizeSignIn(await http<unknown>('POST', '/auth/signinAnonymously', { body }));
}

/**
 * The bare JWT of a custom token given with or without its `JWT ` scheme (any case, as passport's
 * `fromAuthHeaderWithScheme('jwt')` reads it), trimmed; '' when nothing is left.
 */
export function bareJwt(token: string): string {
  return token.replace(/^\s*jwt\s+/i, '').trim();
}

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
