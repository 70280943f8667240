import type { Http } from './http.ts';
import type { SignInAnonymouslyBody, SignInResponse } from './wire.ts';

/** `POST /auth/signinAnonymously`: a guest of one project; the token never expires on the reference server. */
export function signInAnonymously(http: Http, body: SignInAnonymouslyBody): Promise<SignInResponse> {
  return http<SignInResponse>('POST', '/auth/signinAnonymously', { body });
}
