/**
 * Who is calling, as the reference's chain
 * `[passport.authenticate(['basic','jwt']), validtoken, roleChecker.hasRoleOrTypes(role, types)]`
 * decides it (docs/service.md §2). Tokens are jsonwebtoken's; the rest is the few lines of
 * passport's failure handling the widget can observe: the bare-text 401 with the Basic challenge,
 * the 400 for a one-word header, `validtoken`'s 403 and has-role's two JSON 403s.
 */
import { STATUS_CODES } from 'node:http';
import type { RequestHandler, Response } from 'express';
import jwt, { type JwtPayload } from 'jsonwebtoken';
import { isRecord, str } from './httpContext.ts';
import { castObjectId, isHexObjectId, isValidObjectId } from './ids.ts';
import { verifyPassword } from './passwords.ts';
import type { Store } from './store.ts';
import type { ProjectUserDoc, Role, UserDoc } from './types.ts';

export type Claims = JwtPayload & Record<string, unknown>;

/** `req.user`: a visitor (`sub` guest or userexternal, no database row) or a dashboard User. */
export interface Principal {
  kind: 'guest' | 'user';
  _id: string;
  id: string;
  fullName: string;
  email?: string;
  attributes?: Record<string, unknown>;
  claims?: Claims;
  /** The JSON of `req.user` (what `signinWithCustomToken` echoes). */
  json: Record<string, unknown>;
}

export interface AuthDeps {
  store: Store;
  /** the global secret (guest and agent tokens) */
  secret: string;
}

export const ISSUER = 'https://tiledesk.com';
export const BASIC_CHALLENGE = 'Basic realm="Users"';
/** `aud` of the tokens a project's own backend signs with the project's `jwtSecret`. */
export const PROJECT_AUDIENCE_PREFIX = 'https://tiledesk.com/projects/';

const ROLES: Record<Role, Role[]> = {
  guest: ['guest'],
  user: ['guest', 'user'],
  teammate: ['guest', 'user', 'teammate'],
  agent: ['guest', 'user', 'teammate', 'agent'],
  supervisor: ['guest', 'user', 'teammate', 'agent', 'supervisor'],
  admin: ['guest', 'user', 'teammate', 'agent', 'supervisor', 'admin'],
  owner: ['guest', 'user', 'teammate', 'agent', 'supervisor', 'admin', 'owner'],
};

type StrategyResult = { ok: Principal } | { fail: { status?: number; challenge?: string } } | { error: true };

/** `UserUtil.decorateUser` and the User virtual: note the trailing space without a last name. */
export function fullNameOf(firstname?: string, lastname?: string): string {
  return `${firstname || ''} ${lastname || ''}`;
}

export function userJson(user: UserDoc): Record<string, unknown> {
  const { password: _password, status: _status, ...rest } = user;
  return { ...rest, id: user._id, fullName: fullNameOf(user.firstname, user.lastname) };
}

function userPrincipal(user: UserDoc, claims?: Claims): Principal {
  return { kind: 'user', _id: user._id, id: user._id, fullName: fullNameOf(user.firstname, user.lastname), email: user.email, claims, json: userJson(user) };
}

/** A visitor: the decorated payload of a guest or userexternal token. */
export function guestPrincipal(claims: Claims): Principal {
  const id = String(claims._id);
  const fullName = fullNameOf(str(claims.firstname), str(claims.lastname));
  return {
    kind: 'guest',
    _id: id,
    id,
    fullName,
    email: str(claims.email),
    attributes: isRecord(claims.attributes) ? claims.attributes : undefined,
    claims,
    json: { ...claims, id, fullName },
  };
}

/** Decodes without verifying (`null` when it is not a JWT with an object payload). */
export function decodeClaims(token: string): Claims | null {
  const decoded = jwt.decode(token);
  return isRecord(decoded) ? decoded : null;
}

/**
 * The key passport's `secretOrKeyProvider` picks by `aud`: a project's own `jwtSecret` for
 * `https://tiledesk.com/projects/<id>` (an active one), the global secret for anything else. Bots and
 * subscriptions have no secret in the demo, so their tokens never verify.
 */
function keyFor(deps: AuthDeps, audience: unknown): string | undefined {
  if (typeof audience !== 'string') return deps.secret;
  if (audience.startsWith(PROJECT_AUDIENCE_PREFIX)) {
    const projectId = audience.slice(PROJECT_AUDIENCE_PREFIX.length);
    return isValidObjectId(projectId) ? deps.store.activeProject(castObjectId(projectId))?.jwtSecret : undefined;
  }
  if (/^https:\/\/tiledesk\.com\/(bots|subscriptions)\//.test(audience)) return undefined;
  return deps.secret;
}

/** passport-jwt's verify callback: signature and expiry only, then `sub` decides who it is. */
export function verifyToken(deps: AuthDeps, token: string): StrategyResult {
  const key = keyFor(deps, decodeClaims(token)?.aud);
  if (!key) return { fail: {} };
  let claims: Claims;
  try {
    claims = jwt.verify(token, key) as Claims;
  } catch {
    return { fail: {} };
  }
  if (claims.sub === 'guest' || claims.sub === 'userexternal') {
    if (claims.jti && deps.store.data.revokedJtis.includes(claims.jti)) return { fail: {} };
    return { ok: guestPrincipal(claims) };
  }
  // `User.findOne({_id})` with a non-ObjectId casts and errors: the generic 500 handler.
  if (!isHexObjectId(claims._id)) return { error: true };
  const user = deps.store.user(claims._id);
  if (!user || user.status !== 100) return { fail: {} };
  return { ok: userPrincipal(user, claims) };
}

/** `ExtractJwt.fromAuthHeaderWithScheme('jwt')` (case-insensitive) or `?secret_token=`. */
export function extractJwt(header: string | undefined, secretToken?: unknown): string | undefined {
  const match = header ? /(\S+)\s+(\S+)/.exec(header) : null;
  if (match && match[1]?.toLowerCase() === 'jwt') return match[2];
  return str(secretToken);
}

/** passport-http's BasicStrategy: email and password of a dashboard user. */
function basicStrategy(deps: AuthDeps, header: string | undefined): StrategyResult {
  if (!header) return { fail: { challenge: BASIC_CHALLENGE } };
  const parts = header.split(' ');
  if (parts.length < 2) return { fail: { status: 400 } };
  const [scheme = '', encoded = ''] = parts;
  if (!/Basic/i.test(scheme)) return { fail: { challenge: BASIC_CHALLENGE } };
  const credentials = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = credentials.indexOf(':');
  if (colon < 0) return { fail: { status: 400 } };
  const user = deps.store.userByEmail(credentials.slice(0, colon));
  if (!user || !verifyPassword(credentials.slice(colon + 1), user.password)) return { fail: { challenge: BASIC_CHALLENGE } };
  return { ok: userPrincipal(user) };
}

/** passport's answer when every strategy failed: `res.end(STATUS_CODES[status])`, no content type. */
export function refuse(res: Response, status: number, challenge?: string): void {
  res.statusCode = status;
  if (challenge) res.setHeader('WWW-Authenticate', challenge);
  res.end(STATUS_CODES[status]);
}

/**
 * `passport.authenticate(strategies, {session:false})`: the first explicit failure status (400
 * for a one-word header) else 401, with the strategies' challenges.
 */
export function authenticate(deps: AuthDeps, strategies: Array<'basic' | 'jwt'> = ['basic', 'jwt']): RequestHandler {
  return (req, res, next) => {
    if (req.principal) return next();
    const failures: Array<{ status?: number; challenge?: string }> = [];
    for (const name of strategies) {
      const token = name === 'jwt' ? extractJwt(req.headers.authorization, req.query.secret_token) : undefined;
      const result = name === 'basic' ? basicStrategy(deps, req.headers.authorization) : token ? verifyToken(deps, token) : { fail: {} };
      if ('ok' in result) {
        req.principal = result.ok;
        return next();
      }
      if ('error' in result) return next(new Error('user lookup failed'));
      failures.push(result.fail);
    }
    const challenges = failures.flatMap((f) => (f.challenge ? [f.challenge] : []));
    refuse(res, failures.find((f) => f.status !== undefined)?.status ?? 401, challenges.join(', ') || undefined);
  };
}

/** `valid-token`: the header must be exactly two words. */
export const validToken: RequestHandler = (req, res, next) => {
  if (req.headers.authorization?.split(' ').length === 2) return next();
  res.status(403).json({ success: false, msg: 'Unauthorized.' });
};

/** The membership has-role loads: by `uuid_user` for visitors, `id_user` for users. */
export function findMembership(store: Store, projectId: string, principal: Principal): ProjectUserDoc | undefined {
  return principal.kind === 'guest' ? store.membership(projectId, { uuid_user: principal._id }) : store.membership(projectId, { id_user: principal._id });
}

/**
 * `hasRoleOrTypes(role, types)`. Declaring types (bot, subscription) also opens the reference's
 * back door: a caller whose email is ADMIN_EMAIL (default admin@tiledesk.com) skips the check —
 * kept because the widget can observe it.
 */
export function hasRoleOrTypes(deps: AuthDeps, role: Role | null, types: string[] = []): RequestHandler {
  return (req, res, next) => {
    const principal = req.principal;
    if (!principal) return next();
    const adminEmail = process.env.ADMIN_EMAIL || 'admin@tiledesk.com';
    if (types.length > 0 && principal.email === adminEmail) return next();
    const membership = req.projectUser ?? findMembership(deps.store, req.project?._id ?? req.params.projectid ?? '', principal);
    if (!membership) {
      if (process.env.ADMIN_EMAIL && principal.email === process.env.ADMIN_EMAIL) return next();
      res.status(403).json({ success: false, msg: 'you dont belong to the project.' });
      return;
    }
    req.projectUser = membership;
    if (!role) return next();
    const granted = ROLES[membership.role] as Role[] | undefined;
    if (!granted) res.status(403).json({ success: false, msg: 'you dont have the required permission.' });
    else if (granted.includes(role)) next();
    else res.status(403).json({ success: false, msg: 'you dont have the required role.' });
  };
}

/** The usual protected-route chain. */
export function protect(deps: AuthDeps, role: Role | null, types: string[] = []): RequestHandler[] {
  return [authenticate(deps), validToken, hasRoleOrTypes(deps, role, types)];
}
