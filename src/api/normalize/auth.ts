import type { SignInResponse, SignInUser } from '../wire.ts';
import { bool, id, isRecord, put, record, text } from './guards.ts';

/**
 * The answer of every sign-in (`/auth/signinAnonymously`, a custom token's `/auth/signinWithCustomToken`):
 * `{success, token, user}`. Without a token string and a user id it is no sign-in: null.
 */
export function normalizeSignIn(value: unknown): SignInResponse | null {
  if (!isRecord(value) || !isRecord(value.user)) return null;
  const token = typeof value.token === 'string' && value.token.trim() ? value.token : undefined;
  const userId = id(value.user._id) ?? id(value.user.id);
  if (!token || !userId || bool(value.success) === false) return null;
  const raw = value.user;
  const user: SignInUser = { _id: userId };
  put(user, 'id', id(raw.id));
  put(user, 'firstname', text(raw.firstname, 200));
  put(user, 'lastname', text(raw.lastname, 200));
  put(user, 'email', text(raw.email, 320));
  put(user, 'fullName', text(raw.fullName, 400));
  put(user, 'attributes', record(raw.attributes));
  return { success: true, token, user };
}
