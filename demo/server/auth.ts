/**
 * `/auth` routes (server-contract §1): anonymous visitor sign-in, agent sign-in, and the
 * re-validation of a stored token.
 */
import type { Ctx } from './http.ts';
import { sendBareStatus, sendJson, str } from './http.ts';
import { castObjectId, isValidObjectId, objectId, uuid } from './ids.ts';
import { decodeJwt, signJwt } from './jwt.ts';
import type { AuthDeps } from './passport.ts';
import { extractJwt, fullNameOf, guestPrincipal, userJson, validToken, verifyToken } from './passport.ts';
import { verifyPassword } from './passwords.ts';
import { NEXT, type Router } from './router.ts';
import { nowIso } from './store.ts';
import type { ProjectUserDoc } from './types.ts';
import type { SignInAnonymouslyBody, SignInBody, SignInResponse } from '../../src/api/wire.ts';

const ISSUER = 'https://tiledesk.com';

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

function guestMembership(projectId: string, uid: string, role: ProjectUserDoc['role'] = 'guest'): ProjectUserDoc {
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
    createdBy: uid,
    updatedBy: uid,
    createdAt: now,
    updatedAt: now,
    __v: 0,
  };
}

/** `POST /auth/signinAnonymously`: a uuid visitor, a guest membership, a never-expiring token. */
function signinAnonymously(deps: AuthDeps) {
  return (ctx: Ctx): void => {
    const body = ctx.body as Partial<SignInAnonymouslyBody>;
    if (!isNotEmpty(body.id_project)) {
      sendJson(ctx.res, 422, { errors: [invalid('id_project', body.id_project)] });
      return;
    }
    // The project is not checked (sic): only the ObjectId cast of the membership can fail.
    const projectIdRaw = String(body.id_project);
    if (!isValidObjectId(projectIdRaw)) {
      sendJson(ctx.res, 500, { success: false, msg: 'Error saving object.' });
      return;
    }
    const uid = uuid();
    const user: Record<string, unknown> = {
      _id: uid,
      firstname: body.firstname || `guest#${uid.substring(0, 4)}`,
      lastname: body.lastname,
      email: body.email,
      attributes: body.attributes,
    };
    user.id = uid;
    user.fullName = fullNameOf(str(user.firstname) ?? String(user.firstname), str(user.lastname));
    deps.store.data.projectUsers.push(guestMembership(castObjectId(projectIdRaw), uid));
    const jwtid = uuid();
    deps.store.data.issuedGuestJtis.push(jwtid);
    deps.store.changed();
    const token = signJwt(dropUndefined(user), deps.secret, { issuer: ISSUER, subject: 'guest', audience: ISSUER, jwtid });
    const answer: SignInResponse = { success: true, token: `JWT ${token}`, user: dropUndefined(user) as unknown as SignInResponse['user'] };
    sendJson(ctx.res, 200, answer);
  };
}

function dropUndefined(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined));
}

/** `POST /auth/signin`: email and password of a dashboard user (the agent console uses it). */
function signin(deps: AuthDeps) {
  return (ctx: Ctx): void => {
    const body = ctx.body as Partial<SignInBody>;
    const errors = [];
    if (!isEmail(body.email)) errors.push(invalid('email', body.email));
    if (!isNotEmpty(body.password)) errors.push(invalid('password', body.password));
    if (errors.length) {
      sendJson(ctx.res, 422, { errors });
      return;
    }
    const user = deps.store.userByEmail(String(body.email));
    if (!user) {
      sendJson(ctx.res, 401, { success: false, msg: 'Authentication failed. User not found.' });
      return;
    }
    if (!verifyPassword(String(body.password), user.password)) {
      sendJson(ctx.res, 401, { success: false, msg: 'Authentication failed. Wrong password.' });
      return;
    }
    // The reference selects 'email firstname lastname password emailverified id' then drops the password.
    const claims = dropUndefined({ _id: user._id, email: user.email, firstname: user.firstname, lastname: user.lastname, emailverified: user.emailverified });
    const token = signJwt(claims, deps.secret, { issuer: ISSUER, subject: 'user', audience: ISSUER, jwtid: uuid() });
    const answer: Record<string, unknown> = { success: true, token: `JWT ${token}`, user: { ...userJson(user), ...claims } };
    if (user.email === (process.env.ADMIN_EMAIL || 'admin@tiledesk.com')) answer.role = 'admin';
    sendJson(ctx.res, 200, answer);
  };
}

/**
 * `POST /auth/signinWithCustomToken`: jwt strategy only (so a 401 has no Basic challenge) and
 * no entity lookup: `user` is the decoded token. With a generic audience and no `id_project`
 * it answers at once; with `id_project` it makes sure the visitor is a member of that project.
 */
function signinWithCustomToken(deps: AuthDeps) {
  return (ctx: Ctx): void | typeof NEXT => {
    const header = ctx.req.headers.authorization;
    const token = extractJwt(header, ctx.query);
    const verified = token ? verifyToken(deps, token) : undefined;
    if (!token || !verified || !('ok' in verified)) {
      sendBareStatus(ctx.res, 401);
      return;
    }
    if (validToken(ctx) !== NEXT) return;
    const claims = decodeJwt(token) ?? {};
    const user = claims.sub === 'guest' || claims.sub === 'userexternal' ? guestPrincipal(claims).json : claims;
    if (!claims.aud) {
      sendJson(ctx.res, 400, { success: false, msg: 'JWT Aud field is required' });
      return;
    }
    const projectId = str((ctx.body as Record<string, unknown>).id_project);
    if (projectId && isValidObjectId(projectId)) ensureMembership(deps, castObjectId(projectId), claims);
    sendJson(ctx.res, 200, { success: true, token: header, user });
  };
}

/** The custom-token path creates the missing membership with the token's role (default `user`). */
function ensureMembership(deps: AuthDeps, projectId: string, claims: Record<string, unknown>): void {
  const uid = String(claims._id);
  const existing = deps.store.data.projectUsers.find((pu) => pu.id_project === projectId && pu.uuid_user === uid);
  if (existing) return;
  const role = claims.role === 'guest' || claims.role === 'user' ? claims.role : 'user';
  deps.store.data.projectUsers.push(guestMembership(projectId, uid, role));
  deps.store.changed();
}

export function registerAuth(router: Router, deps: AuthDeps): void {
  router.post('/auth/signinAnonymously', signinAnonymously(deps));
  router.post('/auth/signin', signin(deps));
  router.post('/auth/signinWithCustomToken', signinWithCustomToken(deps));
}
