import type { Http } from './http.ts';
import type { RatingBody } from './wire.ts';

const base = (projectId: string, requestId: string) => `/${encodeURIComponent(projectId)}/requests/${encodeURIComponent(requestId)}`;

// closeg and rating answer with the updated request; the widget has no use for it, so nothing of it
// reaches state. The visitor's list of requests is `myRequests.ts`.

/** `PUT /{pid}/requests/{rid}/closeg`: the visitor closes the conversation. */
export async function closeRequest(http: Http, token: string, projectId: string, requestId: string): Promise<void> {
  await http<unknown>('PUT', `${base(projectId, requestId)}/closeg`, { token });
}

/** `PATCH /{pid}/requests/{rid}/rating`: the server drops falsy fields, so a 0 rating is never sent. */
export async function rateRequest(http: Http, token: string, projectId: string, requestId: string, body: RatingBody): Promise<void> {
  await http<unknown>('PATCH', `${base(projectId, requestId)}/rating`, { token, body });
}
