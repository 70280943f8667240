/**
 * Signing a known visitor in with the site's own token (docs/service.md §1): a chunk of its own,
 * loaded only when a page gives a token or a signed-in visitor comes back; guests never fetch it.
 */
import { signInWithCustomToken } from '../api/auth.ts';
import { ApiError, type Http } from '../api/http.ts';
import { identityFromToken, isExpired } from './customToken.ts';

export type SiteTokenSignIn =
  | { ok: true; token: string; userId: string; fullName: string; email: string }
  /** The token is no good (wrong signature, run out, another project's, no `aud`): a guest goes on. */
  | { ok: false; status: number };

/**
 * `POST /auth/signinWithCustomToken` with `jwt`. The name and email are the token's claims (the
 * site's word), else the service's answer. A refusal is a value; a network failure or a 5xx throws,
 * as any sign-in does (the caller tries again later). `stored`: a token of an earlier visit, not
 * worth a request once it has run out by the visitor's clock. A token for another project (its
 * `aud`) is refused here: the service would sign its visitor in to that project, and then refuse
 * every call to this one (403 "you dont belong to the project.").
 */
export async function signInWithSiteToken(http: Http, jwt: string, options: { projectId: string; stored: boolean; now: number }): Promise<SiteTokenSignIn> {
  const claims = identityFromToken(jwt);
  if (claims?.projectId && claims.projectId !== options.projectId) return { ok: false, status: 403 };
  if (options.stored && claims && isExpired(claims, options.now)) return { ok: false, status: 401 };
  let answer;
  try {
    answer = await signInWithCustomToken(http, jwt);
  } catch (error) {
    // passport's bare 401; the route's JSON 400 for a token without `aud`; validtoken's 403.
    if (error instanceof ApiError && [400, 401, 403].includes(error.status)) return { ok: false, status: error.status };
    throw error;
  }
  if (!answer) throw new Error('sign-in answered without a token');
  return {
    ok: true,
    token: answer.token,
    userId: answer.user._id,
    // The reference joins first and last name with a space, so a lone first name ends in one.
    fullName: (claims?.fullName || answer.user.fullName || answer.user.firstname || '').trim(),
    email: claims?.email || answer.user.email || '',
  };
}
