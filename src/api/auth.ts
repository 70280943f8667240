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
