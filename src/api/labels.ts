import type { Http } from './http.ts';
import type { LabelsResponse } from './wire.ts';

/** `GET /{pid}/labels/{LANG}` (no auth; the service matches the upper-case code case-sensitively). */
export function getLabels(http: Http, projectId: string, lang: string): Promise<LabelsResponse | undefined> {
  return http<LabelsResponse | undefined>('GET', `/${encodeURIComponent(projectId)}/labels/${encodeURIComponent(lang.toUpperCase())}`);
}
