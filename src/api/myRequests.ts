import type { Http } from './http.ts';
import { normalizeRequestList } from './normalize/request.ts';
import type { RequestListResponse } from './wire.ts';

/**
 * `GET /{pid}/requests/me` (guest): the caller's own requests, newest first; by default only the
 * open ones (`status < 1000`). `status: 'all'` includes closed ones. Asked at the end of a
 * conversation (its rating) and by the conversation list, never by a first open: callers load this
 * module on demand.
 */
/** The service's page size for `limit` (docs/service.md §7): 40 by default, and for anything above 100. */
function pageSize(limit: number | undefined): number {
  return limit !== undefined && limit > 0 && limit <= 100 ? limit : 40;
}

export async function listMyRequests(
  http: Http,
  token: string,
  projectId: string,
  query: { status?: 'all' | number; page?: number; limit?: number } = {},
): Promise<RequestListResponse> {
  const params = new URLSearchParams();
  if (query.status !== undefined) params.set('status', String(query.status));
  if (query.page !== undefined) params.set('page', String(query.page));
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  const search = params.toString();
  const answer = await http<unknown>('GET', `/${encodeURIComponent(projectId)}/requests/me${search ? `?${search}` : ''}`, { token });
  return normalizeRequestList(answer, pageSize(query.limit));
}
