/**
 * Custom tokens (docs/public-api.md §1): a site's backend signs its signed-in visitor (HS256 with the
 * project's secret; `_id`, `firstname`, `lastname`, `email`, `sub: "userexternal"`, `aud:
 * "https://tiledesk.com/projects/{pid}"`, `iat`, optional `exp`). The widget never verifies one —
 * the service does — it reads the claims (api/normalize/customToken.ts) to know who the visitor is
 * and whether a stored token has run out: these are the rules on them.
 */
import type { CustomTokenClaims } from '../api/normalize/customToken.ts';

export const PROJECT_AUDIENCE_PREFIX = 'https://tiledesk.com/projects/';

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

/**
 * Whether the token has run out by the visitor's clock, `leewayMs` early (a token about to expire
 * is not worth a sign-in). A hint only: the visitor's clock may be wrong, so a fresh token is always
 * given to the service, which decides; this says when a stored one is no longer worth re-validating.
 */
export function isExpired(claims: Pick<CustomTokenClaims, 'expiresAt'> | Pick<VisitorIdentity, 'expiresAt'>, now: number, leewayMs = 0): boolean {
  const expiresAt = claims.expiresAt;
  return typeof expiresAt === 'number' && now + leewayMs >= expiresAt;
}
