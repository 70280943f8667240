import type { SignInResponse, SignInUser } from '../wire.ts';
import { bool, id, isRecord, name, pick, text } from './guards.ts';

/**
 * The answer of every sign-in (`/auth/signinAnonymously`, and the same `{success, token, user}` of
 * a custom-token sign-in). Without a token string and a user id it is no sign-in: null.
 */
export function normalizeSignIn(value: unknown): SignInResponse | null {
  if (!isRecord(value) || !isRecord(value.user) || bool(value.success) === false) return null;
  const token = typeof value.token === 'string' && value.token.trim() ? value.token : undefined;
  const userId = id(value.user._id) ?? id(value.user.id);
  if (!token || !userId) return null;
  const user = pick<SignInUser>(value.user, { firstname: name, lastname: name, email: text, fullName: name }, { _id: userId });
  return { success: true, token, user };
}
