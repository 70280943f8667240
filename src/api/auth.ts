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
