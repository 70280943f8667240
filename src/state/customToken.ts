/**
 * Custom tokens (docs/public-api.md §1): a site's backend signs its signed-in visitor (HS256 with the
 * project's secret; `_id`, `firstname`, `lastname`, `email`, `sub: "userexternal"`, `aud:
 * "https://tiledesk.com/projects/{pid}"`, `iat`, optional `exp`). The widget never verifies one —
 * the service does, at `POST /auth/signinWithCustomToken` — it only reads the claims to know who the
 * visitor is and whether a stored token has run out. A token may come from a page, a link or
 * storage: whatever it is, nothing here throws.
 */
import { id, isRecord, name, num, text } from '../api/normalize/guards.ts';
import { customTokenJwt } from './tokenParams.ts';

// What every page needs (the shape check, the token out of `sourcePage`) is in tokenParams.ts, so
// that the claims below are only in the chunk that signs a known visitor in.
export { customTokenJwt, withoutTokenParams } from './tokenParams.ts';

export const PROJECT_AUDIENCE_PREFIX = 'https://tiledesk.com/projects/';

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

/** Who a custom token says the visitor is. */
export interface VisitorIdentity {
  externalId: string;
  /** `firstname lastname`, trimmed; '' when the token names nobody. */
  fullName: string;
  firstname?: string;
  lastname?: string;
  email?: string;
  /** Signed by the site: the service marks such a visitor as authenticated (a guest is not). */
  authenticated: true;
  /** ms since the epoch, or null: the token does not run out. */
  expiresAt: number | null;
  /** The project the token is for (from `aud`), or null when it names none. */
  projectId: string | null;
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

/** The token's claims, or null when it is no JWT, its payload no JSON object, or it names no visitor (`_id`). */
export function decodeCustomToken(token: unknown): CustomTokenClaims | null {
  const jwt = customTokenJwt(token);
  if (!jwt) return null;
  let payload: unknown;
  try {
    payload = decodeSegment(jwt.split('.')[1]!);
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

/** The project a token is for (`aud: https://tiledesk.com/projects/{pid}`), or null. */
export function tokenProjectId(claims: Pick<CustomTokenClaims, 'audience'>): string | null {
  const aud = claims.audience;
  return aud?.startsWith(PROJECT_AUDIENCE_PREFIX) && aud.length > PROJECT_AUDIENCE_PREFIX.length ? aud.slice(PROJECT_AUDIENCE_PREFIX.length) : null;
}

export function identityOf(claims: CustomTokenClaims): VisitorIdentity {
  const identity: VisitorIdentity = {
    externalId: claims.externalId,
    fullName: [claims.firstname, claims.lastname].filter(Boolean).join(' ').replace(/\s+/g, ' ').trim(),
    authenticated: true,
    expiresAt: claims.expiresAt ?? null,
    projectId: tokenProjectId(claims),
  };
  if (claims.firstname) identity.firstname = claims.firstname;
  if (claims.lastname) identity.lastname = claims.lastname;
  if (claims.email) identity.email = claims.email;
  return identity;
}

/** Decodes a token straight into the visitor it names; null for garbage. */
export function identityFromToken(token: unknown): VisitorIdentity | null {
  const claims = decodeCustomToken(token);
  return claims ? identityOf(claims) : null;
}

/**
 * Whether the token has run out by the visitor's clock, `leewayMs` early (a token about to expire
 * is not worth a sign-in). A hint only: the visitor's clock may be wrong, so a fresh token is always
 * given to the service, which decides; this says when a stored one is no longer worth re-validating.
 */
export function isExpired(claims: Pick<CustomTokenClaims, 'expiresAt'> | Pick<VisitorIdentity, 'expiresAt'>, now: number, leewayMs = 0): boolean {
  const expiresAt = claims.expiresAt;
  return typeof expiresAt === 'number' && now + leewayMs >= expiresAt;
}

/** Where a token came from; earlier in this list wins at start (see `pickCustomToken`). */
export type CustomTokenOrigin = 'command' | 'query' | 'setting' | 'stored';

export interface CustomTokenCandidates {
  /** `Porchlight('signInWithCustomToken', jwt)`: the page's latest word. */
  command?: unknown;
  /** `porchlight_jwt` / `tiledesk_jwt` of the host page (`settingsFromQuery(search).jwt`). */
  query?: unknown;
  /** The `jwt` setting (page settings, the loader tag, `update`). */
  setting?: unknown;
  /** The token of the last visit, kept in the widget's storage after a successful sign-in. */
  stored?: unknown;
}

/**
 * The token to sign in with, and where it came from: the command, else the query parameter (a
 * link outranks the page, as for every setting), else the setting, else the stored token of the
 * last visit (re-validated the same way, as the official widget does). Candidates that are no JWT
 * are passed over; null when none is left (the visitor is a guest).
 */
export function pickCustomToken(candidates: CustomTokenCandidates): { jwt: string; origin: CustomTokenOrigin } | null {
  for (const origin of ['command', 'query', 'setting', 'stored'] as const) {
    const jwt = customTokenJwt(candidates[origin]);
    if (jwt) return { jwt, origin };
  }
  return null;
}

/** Whether two tokens name the same visitor (same external id and project): switching keeps their conversations. */
export function sameVisitor(a: unknown, b: unknown): boolean {
  const x = identityFromToken(a);
  const y = identityFromToken(b);
  return !!x && !!y && x.externalId === y.externalId && x.projectId === y.projectId;
}
