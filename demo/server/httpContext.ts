/**
 * What the demo's Express handlers share: the per-request state the reference's middleware
 * hangs on `req` (`req.project`, `req.user`, `req.projectuser`), and readers for Express's loosely
 * typed query and body values.
 */
import type { Request } from 'express';
import type { Principal } from './credentials.ts';
import type { ProjectDoc, ProjectUserDoc } from './types.ts';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** set by `projectSetter` on every `/:projectid/…` route */
      project?: ProjectDoc;
      /** set by `authenticate` (the reference's `req.user`) */
      principal?: Principal;
      /** set by `hasRoleOrTypes` (the reference's `req.projectuser`) */
      projectUser?: ProjectUserDoc;
    }
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** A query parameter when it is one plain string (`qs` may also give arrays and objects). */
export function queryText(req: Request, name: string): string | undefined {
  return str(req.query[name]);
}

/** The parsed body as an object (`{}` for anything else). */
export function bodyOf(req: Request): Record<string, unknown> {
  return isRecord(req.body) ? req.body : {};
}

/** The project `projectSetter` loaded: only call it on routes mounted after it. */
export function projectOf(req: Request): ProjectDoc {
  if (!req.project) throw new Error('route mounted outside /:projectid');
  return req.project;
}

/** The caller `authenticate` let through: only call it on protected routes. */
export function principalOf(req: Request): Principal {
  if (!req.principal) throw new Error('route mounted without authenticate');
  return req.principal;
}

/** `x-forwarded-for` verbatim, else the socket address (what `/widgets` answers as `ip`). */
export function remoteIp(req: Request): string {
  const forwarded = req.headers['x-forwarded-for'];
  if (typeof forwarded === 'string' && forwarded) return forwarded;
  return req.socket.remoteAddress ?? '';
}
