/**
 * The claims of a site's token (docs/public-api.md §1), read for the widget: the service verifies
 * the token (`POST /auth/signinWithCustomToken`), the widget only learns from it who the visitor is
 * and whether a stored token has run out. A token may come from a page, a link or storage: whatever
 * it is, nothing here throws.
 */
import { id, isRecord, name, num, text } from './guards.ts';

/** The claims the widget reads, coerced; absent when the token did not carry them (or not as such). */
export interface CustomTokenClaims {
  /** `_id`: the site's own id of the visitor (the service's `uuid_user`, the sender of their messages). */
  externalId: string;
  firstname?: string;
  lastname?: string;
  email?: string;
  subject?: string;
  audience?: string;
  /** ms since the epoch (`iat`, `exp` are seconds). */
  issuedAt?: number;
  expiresAt?: number;
}

function decodeSegment(segment: string): unknown {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  // Names are UTF-8 ("Zoë"); `fatal` refuses what is not.
  return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
}

const seconds = (value: unknown) => {
  const n = num(value);
  return n === undefined || n < 0 || n > 8.64e12 ? undefined : n * 1000;
};

/**
 * The claims of `jwt` (bare: state/tokenParams.ts `customTokenJwt`), or null when it is no JWT, its
 * payload no JSON object, or it names no visitor (`_id`).
 */
export function customTokenClaims(jwt: string): CustomTokenClaims | null {
  const parts = jwt.split('.');
  if (parts.length !== 3) return null;
  let payload: unknown;
  try {
    payload = decodeSegment(parts[1]!);
  } catch {
    return null;
  }
  if (!isRecord(payload)) return null;
  const externalId = id(payload._id);
  if (!externalId) return null;
  const claims: CustomTokenClaims = { externalId };
  const firstname = name(payload.firstname);
  const lastname = name(payload.lastname);
  const email = text(payload.email)?.trim().slice(0, 320);
  const subject = text(payload.sub);
  const audience = text(payload.aud);
  const issuedAt = seconds(payload.iat);
  const expiresAt = seconds(payload.exp);
  if (firstname) claims.firstname = firstname;
  if (lastname) claims.lastname = lastname;
  if (email) claims.email = email;
  if (subject) claims.subject = subject;
  if (audience) claims.audience = audience;
  if (issuedAt !== undefined) claims.issuedAt = issuedAt;
  if (expiresAt !== undefined) claims.expiresAt = expiresAt;
  return claims;
}
