/**
 * Signing a known visitor in with the site's own token (docs/service.md §1): a chunk of its own,
 * loaded only when a page gives a token or a signed-in visitor comes back; guests never fetch it.
 */
import { signInWithCustomToken } from '../../api/customTokenAuth.ts';
import { ApiError, type Http } from '../../api/http.ts';
import { customTokenClaims } from '../../api/normalize/customToken.ts';
import { identityOf, isExpired } from '../../state/customToken.ts';
import type { Session } from './session.ts';

export type SiteTokenSignIn =
  | { ok: true; token: string; userId: string; fullName: string; email: string }
  /** The token is no good (wrong signature, run out, another project's, no `aud`, too large): a guest goes on. */
  | { ok: false; status: number };

/**
 * The service could not be asked about a site's token (offline, a 5xx, an answer the browser kept
 * from us, such as a 431 without CORS headers): the visitor goes on as a guest meanwhile, and the
 * token is tried again after each of these waits, at most once per wait (never a request loop);
 * after the last try, not again on this page.
 */
export const SITE_SIGN_IN_WAITS_MS = [10_000, 60_000, 300_000];

/** A 4xx other than these is the service's final word on the token (431: too large a header). */
const isRefusal = (status: number) => status >= 400 && status < 500 && status !== 408 && status !== 429;

/**
 * `POST /auth/signinWithCustomToken` with `jwt`. The name and email are the token's claims (the
 * site's word), else the service's answer. A refusal is a value; a network failure or a 5xx throws,
 * as any sign-in does (the caller holds the token off for a while). `stored`: a token of an earlier visit, not
 * worth a request once it has run out by the visitor's clock. A token for another project (its
 * `aud`) is refused here: the service would sign its visitor in to that project, and then refuse
 * every call to this one (403 "you dont belong to the project.").
 */
/** Who `jwt` (bare) names, or null when it names nobody. */
const identityIn = (jwt: string) => {
  const claims = customTokenClaims(jwt);
  return claims ? identityOf(claims) : null;
};

export async function signInWithSiteToken(http: Http, jwt: string, options: { projectId: string; stored: boolean; now: number }): Promise<SiteTokenSignIn> {
  const claims = identityIn(jwt);
  if (claims?.projectId && claims.projectId !== options.projectId) return { ok: false, status: 403 };
  if (options.stored && claims && isExpired(claims, options.now)) return { ok: false, status: 401 };
  let answer;
  try {
    answer = await signInWithCustomToken(http, jwt);
  } catch (error) {
    // passport's bare 401; the route's JSON 400 for a token without `aud`; validtoken's 403; a 431.
    if (error instanceof ApiError && isRefusal(error.status)) return { ok: false, status: error.status };
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

/**
 * Before the page's `jwt` is tried while a known visitor is held: a token for someone else (another
 * `_id`, or one that names nobody) means the one held leaves first — their conversation, outbox, list
 * and pre-chat answers are forgotten on this device, in every tab (`onOtherVisitor`), so nothing of
 * theirs is ever shown to, or sent as, the next visitor. The same visitor with a fresh token keeps it all.
 */
export async function leaveOtherVisitor(session: Session, jwt: string): Promise<void> {
  const held = session.visitor.peek();
  if (!held?.authenticated || identityIn(jwt)?.externalId === held.id) return;
  await (session.options.onOtherVisitor ?? session.forget)();
}

/** A site's token refused: it is never tried again, and the visitor it named goes on as a guest. */
export async function dropSiteToken(session: Session, jwt: string, status: number): Promise<void> {
  session.apply({ type: 'siteTokenHeldOff', jwt, until: Infinity, unreachable: false });
  session.options.onAuthError?.({
    type: 'auth',
    status,
    reason: 'CUSTOM_TOKEN_REFUSED',
    message: 'the service refused the custom token: the visitor goes on as a guest',
  });
  if (session.held() !== jwt) return;
  // Kept (not authenticated) for one reason: the guest after them still sees their messages as its own.
  session.apply({ type: 'siteTokenDropped' });
  await session.persist();
}

/**
 * The service could not be asked about `jwt`: nothing waits on it. The visitor goes on as who they
 * are (a guest, or the known visitor whose stored token this is), or as a new guest, and the token
 * waits its turn (SITE_SIGN_IN_WAITS_MS); after the last try the page hears of it once.
 */
async function holdOff(session: Session, jwt: string, error: unknown): Promise<string> {
  const tries = session.unreachableTries(jwt) + 1;
  const wait = SITE_SIGN_IN_WAITS_MS[tries - 1];
  session.apply({ type: 'siteTokenHeldOff', jwt, until: wait === undefined ? Infinity : session.options.now() + wait, unreachable: true });
  if (wait === undefined)
    session.options.onAuthError?.({
      type: 'auth',
      ...(error instanceof ApiError ? { status: error.status } : {}),
      reason: 'CUSTOM_TOKEN_UNREACHABLE',
      message: `the service could not be asked about the custom token (${String(error)}): it is not tried again on this page`,
    });
  return session.token.peek() ?? session.signInAsGuest();
}

/**
 * Signs the session in with a site's token: the visitor is who it names from now on (a guest before
 * them kept among their past ids, and `switched` set while a conversation is on; another known
 * visitor was forgotten first, `leaveOtherVisitor`). Refused: the guest held, or a new one; not
 * answered: the same, and the token is held off (`holdOff`). Resolves to the token to use.
 */
export async function signInWithSite(session: Session, jwt: string, stored: boolean): Promise<string> {
  const { http, projectId, now } = session.options;
  let answer: SiteTokenSignIn;
  try {
    answer = await signInWithSiteToken(http, jwt, { projectId, stored, now: now() });
  } catch (error) {
    return holdOff(session, jwt, error);
  }
  if (!answer.ok) {
    await dropSiteToken(session, jwt, answer.status);
    // No unsent message waits on a refusal.
    return session.token.peek() ?? session.signInAsGuest();
  }
  const before = session.visitor.peek();
  const requestId = session.options.conversationId?.();
  session.apply({
    type: 'signedIn',
    token: answer.token,
    visitor: { id: answer.userId, fullName: answer.fullName, email: answer.email, authenticated: true },
    validated: jwt,
    ...(before && before.id !== answer.userId && requestId ? { switched: { name: answer.fullName, requestId, at: now() } } : {}),
  });
  await session.persist();
  session.options.onSignIn?.();
  return answer.token;
}
