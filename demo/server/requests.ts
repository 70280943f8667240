/**
 * `/:pid/requests` (docs/service.md §7). Mounted twice like on the reference: first for guests
 * (rating, close, "my requests"), then for agents (list, read one). A guest reaching the second
 * mount, e.g. `GET /:pid/requests/:rid`, gets the agent check's 403.
 */
import type { RequestListResponse } from '../../src/api/wire.ts';
import { RequestStatus } from '../../src/api/wire.ts';
import type { Request, Response, Router } from 'express';
import { closeRequest } from './conversations.ts';
import type { AuthDeps, Principal } from './credentials.ts';
import { protect } from './credentials.ts';
import { bodyOf, isRecord, principalOf, projectOf, queryText } from './httpContext.ts';
import { isValidObjectId } from './ids.ts';
import { requestJson } from './serialize.ts';
import type { ProjectUserDoc, RequestDoc } from './types.ts';

const DEFAULT_LIMIT = 40;

type Filter = (request: RequestDoc) => boolean;

/** `limit` (default 40, above 100 back to 40), 0-based `page`, `sort`/`sortField` + `direction`. */
function paginate(req: Request, requests: RequestDoc[]): { limit: number; page: RequestDoc[] } {
  const parsed = Number.parseInt(queryText(req, 'limit') ?? '', 10);
  const limit = Number.isNaN(parsed) || parsed > 100 ? DEFAULT_LIMIT : parsed;
  const page = Math.max(0, Number.parseInt(queryText(req, 'page') ?? '0', 10) || 0);
  const field = queryText(req, 'sortField') ?? queryText(req, 'sort') ?? 'createdAt';
  const direction = Number(queryText(req, 'direction') ?? -1) === 1 ? 1 : -1;
  const sorted = [...requests].sort((a, b) => direction * compare(valueAt(a, field), valueAt(b, field)));
  return { limit, page: limit > 0 ? sorted.slice(page * limit, page * limit + limit) : sorted.slice(page * limit) };
}

function valueAt(request: RequestDoc, field: string): unknown {
  return field.split('.').reduce<unknown>((value, key) => (isRecord(value) ? value[key] : undefined), request);
}

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === undefined || a === null) return -1;
  if (b === undefined || b === null) return 1;
  return (a as number | string) < (b as number | string) ? -1 : 1;
}

function respondList(req: Request, res: Response, deps: AuthDeps, requests: RequestDoc[]): void {
  const { limit, page } = paginate(req, requests);
  const body: RequestListResponse = { perPage: limit, count: requests.length, requests: page.map((r) => requestJson(deps.store, r)) };
  res.json(body);
}

/** Filters both list routes share. */
function commonFilters(req: Request): Filter[] {
  const q = (name: string) => queryText(req, name);
  const filters: Filter[] = [];
  const dept = q('dept_id');
  if (dept) filters.push((r) => r.department === dept);
  const participant = q('participant');
  if (participant) filters.push((r) => r.participants.includes(participant));
  const hasBot = q('hasbot') ?? q('hasBot');
  if (hasBot !== undefined) filters.push((r) => r.hasBot === (hasBot === 'true'));
  const ticket = q('ticket_id');
  if (ticket) filters.push((r) => String(r.ticket_id) === ticket);
  const lead = q('lead');
  if (lead) filters.push((r) => r.lead === lead);
  const channel = q('channel');
  if (channel) filters.push((r) => r.channel.name === channel);
  const text = q('full_text')?.toLowerCase();
  if (text) filters.push((r) => [r.first_text, r.subject].some((t) => t?.toLowerCase().includes(text)));
  return filters;
}

/** `GET /:pid/requests`: open requests by default (status < 1000, not 50/150), `status=all|a,b`. */
function statusFilter(req: Request): Filter {
  const status = queryText(req, 'status');
  if (status === 'all') return () => true;
  if (status) {
    const wanted = status
      .split(',')
      .map(Number)
      .filter((n) => !Number.isNaN(n));
    if (wanted.length === 0) return () => true;
    return (r) => wanted.includes(r.status);
  }
  return (r) => r.status < RequestStatus.CLOSED && r.status !== RequestStatus.TEMP && r.status !== RequestStatus.ABANDONED;
}

/** owner/admin see every request; agents those they could take or take part in; others their own. */
function visibility(membership: ProjectUserDoc | undefined, principal: Principal): Filter {
  const role = membership?.role;
  if (!membership || role === 'owner' || role === 'admin') return () => true;
  if (role === 'agent') return (r) => r.snapshot.agents.some((a) => a.id_user === principal.id) || r.participants.includes(principal.id);
  return (r) => r.participants.includes(principal.id);
}

function listRequests(deps: AuthDeps) {
  return (req: Request, res: Response): void => {
    const project = projectOf(req);
    const principal = principalOf(req);
    const includePreflight = queryText(req, 'preflight') === 'true';
    const filters: Filter[] = [
      (r) => r.id_project === project._id,
      (r) => includePreflight || !r.preflight,
      statusFilter(req),
      visibility(req.projectUser, principal),
      ...commonFilters(req),
    ];
    respondList(
      req,
      res,
      deps,
      deps.store.data.requests.filter((r) => filters.every((f) => f(r))),
    );
  };
}

/**
 * `GET /:pid/requests/me` (docs/service.md §7): the caller's own requests, by
 * `snapshot.requester.id_user` when the caller's `_id` is an ObjectId, else by
 * `snapshot.requester.uuid_user` (visitors). Open ones (`status < 1000`) by default,
 * `?status=all` or `?status=<n>` otherwise; preflight requests only with `?preflight=true`.
 */
function myRequests(deps: AuthDeps) {
  return (req: Request, res: Response): void => {
    const project = projectOf(req);
    const principal = principalOf(req);
    const status = queryText(req, 'status');
    const includePreflight = queryText(req, 'preflight') === 'true';
    const byIdUser = isValidObjectId(principal._id);
    const mine: Filter = (r) => {
      const requester = r.snapshot.requester as { uuid_user?: string; id_user?: unknown } | undefined;
      const idUser = isRecord(requester?.id_user) ? requester?.id_user._id : requester?.id_user;
      return byIdUser ? idUser === principal._id : requester?.uuid_user === principal._id;
    };
    const byStatus: Filter = status === 'all' ? () => true : status ? (r) => r.status === Number(status) : (r) => r.status < RequestStatus.CLOSED;
    const filters: Filter[] = [(r) => r.id_project === project._id, (r) => includePreflight || !r.preflight, byStatus, mine, ...commonFilters(req)];
    respondList(
      req,
      res,
      deps,
      deps.store.data.requests.filter((r) => filters.every((f) => f(r))),
    );
  };
}

function getRequest(deps: AuthDeps) {
  return (req: Request, res: Response): void => {
    const request = deps.store.request(req.params.requestid ?? '', projectOf(req)._id);
    if (!request) {
      res.status(404).json({ success: false, msg: 'Object not found.' });
      return;
    }
    res.json(requestJson(deps.store, request));
  };
}

/** Mongoose's Number cast of `rating`. */
function castRating(value: unknown): number | undefined | 'invalid' {
  if (!value) return undefined;
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isNaN(number) ? 'invalid' : number;
}

/** `PATCH …/rating`: falsy fields are ignored (so `rating: 0` is dropped); own requests only. */
function rate(deps: AuthDeps) {
  return (req: Request, res: Response): void => {
    const body = bodyOf(req);
    const rating = castRating(body.rating);
    if (rating === 'invalid') {
      res.status(500).json({ success: false, msg: 'Error updating object.' });
      return;
    }
    const membership = req.projectUser;
    const request = deps.store.data.requests.find((r) => r.request_id === req.params.requestid && (!membership || r.requester === membership._id));
    if (!request) {
      res.status(404).json({ success: false, msg: 'Request not found' });
      return;
    }
    if (rating !== undefined) request.rating = rating;
    if (body.rating_message) request.rating_message = String(body.rating_message);
    deps.store.touch(request);
    deps.store.emit('request.update', request);
    res.json(requestJson(deps.store, request));
  };
}

/** `PUT …/closeg`: anyone in the project may close (no ownership check, sic). */
function close(deps: AuthDeps) {
  return (req: Request, res: Response): void => {
    const project = projectOf(req);
    const principal = principalOf(req);
    const closed = closeRequest(deps.store, req.params.requestid ?? '', project._id, principal.id);
    if (!closed) {
      res.status(500).json({ success: false, error: 'Error closing request' });
      return;
    }
    res.json(requestJson(deps.store, closed));
  };
}

export function registerRequests(router: Router, deps: AuthDeps): void {
  router.use('/:projectid/requests', protect(deps, 'guest', ['bot', 'subscription']));
  router.patch('/:projectid/requests/:requestid/rating', rate(deps));
  router.put('/:projectid/requests/:requestid/closeg', close(deps));
  router.get('/:projectid/requests/me', myRequests(deps));
  router.use('/:projectid/requests', protect(deps, 'agent', ['bot', 'subscription']));
  router.get('/:projectid/requests', listRequests(deps));
  router.get('/:projectid/requests/:requestid', getRequest(deps));
}
