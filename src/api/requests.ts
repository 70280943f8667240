import type { Http } from './http.ts';
import type { RatingBody, RequestListResponse } from './wire.ts';

const base = (projectId: string, requestId: string) => `/${encodeURIComponent(projectId)}/requests/${encodeURIComponent(requestId)}`;

// closeg and rating answer with the updated request; the widget has no use for it, so nothing of it
// reaches state (and `normalizeRequest` is there for the day it does).

/** `PUT /{pid}/requests/{rid}/closeg`: the visitor closes the conversation. */
export async function closeRequest(http: Http, token: string, projectId: string, requestId: string): Promise<void> {
  await http<unknown>('PUT', `${base(projectId, requestId)}/closeg`, { token });
}

/** `PATCH /{pid}/requests/{rid}/rating`: the server drops falsy fields, so a 0 rating is never sent. */
export async function rateRequest(http: Http, token: string, projectId: string, requestId: string, body: RatingBody): Promise<void> {
  await http<unknown>('PATCH', `${base(projectId, requestId)}/rating`, { token, body });
}

/**
 * `GET /{pid}/requests/me` (guest): the caller's own requests, newest first; by default only the
 * open ones (`status < 1000`). `status: 'all'` includes closed ones.
 */
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
  // Asked only at the end of a conversation: its normaliser is not part of the first open.
  const { normalizeRequestList } = await import('./normalize/request.ts');
  return normalizeRequestList(answer);
}
