import type { Http } from './http.ts';
import type { IsOpenResponse, WidgetsResponse } from './wire.ts';

/** `GET /{pid}/widgets` (no auth): the project's widget settings, hours, departments and availability. */
export function getWidgets(http: Http, projectId: string): Promise<WidgetsResponse> {
  return http<WidgetsResponse>('GET', `/${encodeURIComponent(projectId)}/widgets`);
}

/** `GET /projects/{pid}/isopen` (no auth): the fallback when `/widgets` is missing. */
export function getIsOpen(http: Http, projectId: string): Promise<IsOpenResponse> {
  return http<IsOpenResponse>('GET', `/projects/${encodeURIComponent(projectId)}/isopen`);
}
