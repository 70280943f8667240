import type { Http } from './http.ts';
import type { RatingBody, WireRequest } from './wire.ts';

const base = (projectId: string, requestId: string) =>
  `/${encodeURIComponent(projectId)}/requests/${encodeURIComponent(requestId)}`;

/** `PUT /{pid}/requests/{rid}/closeg`: the visitor closes the conversation. */
export function closeRequest(http: Http, token: string, projectId: string, requestId: string): Promise<WireRequest> {
  return http<WireRequest>('PUT', `${base(projectId, requestId)}/closeg`, { token });
}

/** `PATCH /{pid}/requests/{rid}/rating`: the server drops falsy fields, so a 0 rating is never sent. */
export function rateRequest(http: Http, token: string, projectId: string, requestId: string, body: RatingBody): Promise<WireRequest> {
  return http<WireRequest>('PATCH', `${base(projectId, requestId)}/rating`, { token, body });
}
