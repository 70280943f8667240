/**
 * `/auth` routes (docs/service.md §1): anonymous visitor sign-in, agent sign-in, and custom
 * tokens: the re-validation of a stored guest token, and tokens a site's backend signs with its
 * project's `jwtSecret` (`aud https://tiledesk.com/projects/<pid>`, `sub userexternal`).
 */
import { Router, type Request, type Response } from 'express';
import jwt from 'jsonwebtoken';
import type { SignInAnonymouslyBody, SignInBody, SignInResponse } from '../../src/api/wire.ts';
import type { AuthDeps } from './credentials.ts';
import { decodeClaims, extractJwt, fullNameOf, guestPrincipal, ISSUER, PROJECT_AUDIENCE_PREFIX, refuse, userJson, verifyToken } from './credentials.ts';
import { bodyOf, str } from './httpContext.ts';
import { castObjectId, isValidObjectId, objectId, uuid } from './ids.ts';
import { verifyPassword } from './passwords.ts';
import { nowIso } from './store.ts';
import type { ProjectUserDoc } from './types.ts';
/** express-validator v6 error item; `value` only when the value is not `undefined`. */
function invalid(param: string, value: unknown): Record<string, unknown> {
  return value === undefined ? { msg: 'Invalid value', param, location: 'body' } : { value, msg: 'Invalid value', param, location: 'body' };
}

/** `check(x).notEmpty()`: the value, as a string, must not be empty. */
function isNotEmpty(value: unknown): boolean {
  return value !== undefined && value !== null && String(value) !== '';
}

function isEmail(value: unknown): boolean {
  return typeof value === 'string' && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}

/** A visitor's `project_user` (roleType 2, users). */
export function visitorMembership(projectId: string, uid: string, role: ProjectUserDoc['role'], by: string): ProjectUserDoc {
  const now = nowIso();
  return {
    _id: objectId(),
    id_project: projectId,
    uuid_user: uid,
    role,
    roleType: 2,
    user_available: true,
    status: 'active',
    number_assigned_requests: 0,
    permissions: [],
    tags: [],
    trashed: false,
    isAuthenticated: false,
    createdBy: by,
    updatedBy: by,
    createdAt: now,
    updatedAt: now,
    __v: 0,
  };
}

/** `POST /auth/signinAnonymously`: a uuid visitor, a guest membership, a never-expiring token. */
function signinAnonymously(deps: AuthDeps) {
  return (req: Request, res: Response): void => {
    const body = bodyOf(req) as Partial<SignInAnonymouslyBody>;
    if (!isNotEmpty(body.id_project)) {
      res.status(422).json({ errors: [invalid('id_project', body.id_project)] });
      return;
    }
    // The project is not checked (sic): only the ObjectId cast of the membership can fail.
    const projectIdRaw = String(body.id_project);
    if (!isValidObjectId(projectIdRaw)) {
      res.status(500).json({ success: false, msg: 'Error saving object.' });
      return;
    }
    const uid = uuid();
    const firstname = body.firstname || `guest#${uid.substring(0, 4)}`;
    const user = dropUndefined({
      _id: uid,
      firstname,
      lastname: body.lastname,
      email: body.email,
      attributes: body.attributes,
      id: uid,
      fullName: fullNameOf(str(firstname) ?? String(firstname), str(body.lastname)),
    });
    deps.store.data.projectUsers.push(visitorMembership(castObjectId(projectIdRaw), uid, 'guest', uid));
    const jwtid = uuid();
    deps.store.data.issuedGuestJtis.push(jwtid);
    deps.store.changed();
    const token = jwt.sign(user, deps.secret, { issuer: ISSUER, subject: 'guest', audience: ISSUER, jwtid });
    const answer: SignInResponse = { success: true, token: `JWT ${token}`, user: user as unknown as SignInResponse['user'] };
    res.json(answer);
  };
}

function dropUndefined(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined));
}

/** `POST /auth/signin`: email and password of a dashboard user (the agent console uses it). */
function signin(deps: AuthDeps) {
  return (req: Request, res: Response): void => {
    const body = bodyOf(req) as Partial<SignInBody>;
    const errors = [];
    if (!isEmail(body.email)) errors.push(invalid('email', body.email));
    if (!isNotEmpty(body.password)) errors.push(invalid('password', body.password));
    if (errors.length) {
      res.status(422).json({ errors });
      return;
    }
    const user = deps.store.userByEmail(String(body.email));
    if (!user) {
      res.status(401).json({ success: false, msg: 'Authentication failed. User not found.' });
      return;
    }
    if (!verifyPassword(String(body.password), user.password)) {
      res.status(401).json({ success: false, msg: 'Authentication failed. Wrong password.' });
      return;
    }
    // The reference selects 'email firstname lastname password emailverified id' then drops the password.
    const claims = dropUndefined({ _id: user._id, email: user.email, firstname: user.firstname, lastname: user.lastname, emailverified: user.emailverified });
    const token = jwt.sign(claims, deps.secret, { issuer: ISSUER, subject: 'user', audience: ISSUER, jwtid: uuid() });
    const answer: Record<string, unknown> = { success: true, token: `JWT ${token}`, user: { ...userJson(user), ...claims } };
    if (user.email === (process.env.ADMIN_EMAIL || 'admin@tiledesk.com')) answer.role = 'admin';
    res.json(answer);
  };
}

/** The project a token's `aud` names (`https://tiledesk.com/projects/<id>`), if any. */
function audienceProject(aud: unknown): string | undefined {
  return typeof aud === 'string' && aud.startsWith(PROJECT_AUDIENCE_PREFIX) ? aud.slice(PROJECT_AUDIENCE_PREFIX.length) : undefined;
}

/**
 * `POST /auth/signinWithCustomToken`: the jwt strategy only (so a 401 has no Basic challenge),
 * then `validtoken`. `user` is the decoded token. A project audience (a token the site's backend
 * signed with the project's secret) or an `id_project` in the body makes sure the visitor is a
 * member of that project; a plain guest token is answered at once.
 */
function signinWithCustomToken(deps: AuthDeps) {
  return (req: Request, res: Response): void => {
    const header = req.headers.authorization;
    const token = extractJwt(header, req.query.secret_token);
    const verified = token ? verifyToken(deps, token) : undefined;
    if (!token || !verified || !('ok' in verified)) return refuse(res, 401);
    if (header?.split(' ').length !== 2) {
      res.status(403).json({ success: false, msg: 'Unauthorized.' });
      return;
    }
    const claims = decodeClaims(token) ?? {};
    if (!claims.aud) {
      res.status(400).json({ success: false, msg: 'JWT Aud field is required' });
      return;
    }
    const visitor = claims.sub === 'guest' || claims.sub === 'userexternal';
    const projectId = audienceProject(claims.aud) ?? str(bodyOf(req).id_project);
    if (visitor && projectId && isValidObjectId(projectId)) ensureMembership(deps, castObjectId(projectId), claims);
    res.json({ success: true, token: header, user: visitor ? guestPrincipal(claims).json : claims });
  };
}

/**
 * The membership a custom token makes on first use: `uuid_user` = the token's `_id` (the site's
 * own user id), role `user` (which includes every guest right) unless the token names `guest`.
 * (A token naming owner/admin/agent makes a dashboard user on the reference: not reproduced.)
 */
function ensureMembership(deps: AuthDeps, projectId: string, claims: Record<string, unknown>): void {
  const uid = String(claims._id);
  if (deps.store.data.projectUsers.some((pu) => pu.id_project === projectId && pu.uuid_user === uid)) return;
  const role = claims.role === 'guest' ? 'guest' : 'user';
  deps.store.data.projectUsers.push(visitorMembership(projectId, uid, role, uid));
  deps.store.changed();
}

export function authRouter(deps: AuthDeps): Router {
  const router = Router();
  router.post('/signinAnonymously', signinAnonymously(deps));
  router.post('/signin', signin(deps));
  router.post('/signinWithCustomToken', signinWithCustomToken(deps));
  return router;
}
