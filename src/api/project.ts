import type { Http } from './http.ts';
import { normalizeIsOpen, normalizeWidgets } from './normalize/project.ts';
import type { IsOpenResponse, WidgetsResponse } from './wire.ts';

/** `GET /{pid}/widgets` (no auth): the project's widget settings, hours, departments and availability. */
export async function getWidgets(http: Http, projectId: string): Promise<WidgetsResponse> {
  return normalizeWidgets(await http<unknown>('GET', `/${encodeURIComponent(projectId)}/widgets`));
}

/** `GET /projects/{pid}/isopen` (no auth): the fallback when `/widgets` is missing; null when it does not say. */
export async function getIsOpen(http: Http, projectId: string): Promise<IsOpenResponse | null> {
  return normalizeIsOpen(await http<unknown>('GET', `/projects/${encodeURIComponent(projectId)}/isopen`));
}
