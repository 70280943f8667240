import type { Http } from './http.ts';
import { normalizeLabels } from './normalize/labels.ts';
import type { LabelsResponse } from './wire.ts';

/** `GET /{pid}/labels/{LANG}` (no auth; the service matches the upper-case code case-sensitively). */
export async function getLabels(http: Http, projectId: string, lang: string): Promise<LabelsResponse | undefined> {
  return normalizeLabels(await http<unknown>('GET', `/${encodeURIComponent(projectId)}/labels/${encodeURIComponent(lang.toUpperCase())}`));
}
