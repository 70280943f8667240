/**
 * What a session does when the service refuses the visitor's credentials (docs/service.md §2): a
 * chunk of its own, loaded only when a call comes back with one of REFUSAL_STATUSES (a stored token
 * revoked or run out, a deleted guest). Most visits never see one; it is prefetched once the window
 * opens (client.ts), so it is there before the visitor's first send needs it.
 */
import { ApiError } from '../../api/http.ts';
import type { Session } from './session.ts';
import { SessionRefusedError } from './sessionRefusedError.ts';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Did the service refuse the stored credentials (so a fresh sign-in may help), rather than the
 * call itself? docs/service.md §2: passport's plain-text 401 (bad, expired or revoked token) and
 * 400 (a malformed `Authorization`), has-role's 403 "you dont belong to the project." (a deleted
 * guest, a token of another project) and validtoken's 403 "Unauthorized.". Not a 403 "you dont
 * have the required role." (a new guest has the same role), not projectSetter's JSON 400, and not
 * the project's IP or ban filters (401 `{err}`), which a new guest would not pass either.
 */
export function isCredentialRefusal(error: unknown): error is ApiError {
  if (!(error instanceof ApiError)) return false;
  const { status, body } = error;
  const msg = isRecord(body) && typeof body.msg === 'string' ? body.msg : '';
  if (status === 401) return !(isRecord(body) && typeof body.err === 'string');
  if (status === 400) return !isRecord(body);
  if (status === 403) return /belong to the project/i.test(msg) || msg === 'Unauthorized.';
  return false;
}

/** Fresh sign-ins forced by refusals, at most this many per window, before calls stop. */
export const REFUSAL_SIGN_INS = 3;
export const REFUSAL_WINDOW_MS = 10 * 60_000;

/** Calls stop (the first time, the page hears it): the visitor's next action allows them again. */
function stop(session: Session, status: number): SessionRefusedError {
  const error = new SessionRefusedError(status);
  const first = !session.refused.peek();
  session.apply({ type: 'stopped', error });
  if (first) session.options.onAuthError?.({ type: 'auth', status, message: error.message });
  return error;
}

/** Forgets the refused token (a site's token the service no longer takes leaves a guest, customTokenSignIn.ts). */
async function dropToken(session: Session, status: number): Promise<void> {
  const held = session.held();
  if (held) await (await import('./customTokenSignIn.ts')).dropSiteToken(session, held, status);
  session.apply({ type: 'tokenDropped' });
  // Nothing held: nothing stored.
  await session.persist();
}

/**
 * After `call` failed with `first` (the token it had): a refusal of the credentials drops the
 * token, signs in again (one sign-in however many calls were refused) and retries once; a fresh
 * token refused too, or too many such sign-ins, stops calls with SessionRefusedError. Any other
 * error is the call's own and goes on as it was.
 *
 * The call that forces the sign-in tries the fresh token first; every other call refused meanwhile
 * waits for its answer (`Session.goOn`): a service that refuses every visitor then refuses one call,
 * and the rest stop without asking again.
 */
export async function retryRefused<T>(session: Session, first: string, error: unknown, call: (token: string) => Promise<T>): Promise<T> {
  if (!isCredentialRefusal(error)) throw error;
  let tried: (() => void) | undefined;
  if (session.token.peek() === first) {
    const now = session.options.now();
    const recent = session.renewals().filter((at) => at > now - REFUSAL_WINDOW_MS);
    if (recent.length >= REFUSAL_SIGN_INS) throw stop(session, error.status);
    session.apply({ type: 'renewed', renewals: [...recent, now], trial: new Promise<void>((settle) => (tried = settle)) });
  }
  try {
    if (tried) await dropToken(session, error.status);
    const fresh = await session.ensure();
    if (!tried) await session.goOn();
    return await call(fresh);
  } catch (again) {
    // A brand-new guest refused at once: signing in again would only loop.
    if (isCredentialRefusal(again)) throw stop(session, again.status);
    throw again;
  } finally {
    // After `stop`: the calls that waited see calls stopped.
    tried?.();
  }
}
