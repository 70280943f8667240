import type { Http } from './http.ts';
import { normalizeWaitingTime } from './normalize/analytics.ts';

/**
 * `GET /{pid}/publicanalytics/waiting/current` (no auth): how long visitors waited for a first
 * reply lately, in ms; null when the service has no figure (`[]`).
 */
export async function getWaitingTime(http: Http, projectId: string): Promise<number | null> {
  const answer = normalizeWaitingTime(await http<unknown>('GET', `/${encodeURIComponent(projectId)}/publicanalytics/waiting/current`));
  return answer[0]?.waiting_time_avg ?? null;
}
