/**
 * `GET /:pid/publicanalytics/waiting/current` (docs/service.md §4, no auth): the average
 * `waiting_time` (ms from the request's creation to the first reply of a participant) over the
 * project's requests created in the last 4 hours, as `[{_id: pid, waiting_time_avg}]`, or `[]`
 * when none of them has been answered. The widget words it with `WAITING_TIME_FOUND`.
 */
import type { Request, Response, Router } from 'express';
import { projectOf } from './httpContext.ts';
import type { Store } from './store.ts';

export const WAITING_WINDOW_MS = 4 * 3600_000;

export function currentWaitingTime(store: Store, projectId: string, now: number = Date.now()): Array<{ _id: string; waiting_time_avg: number }> {
  const times = store.data.requests
    .filter((r) => r.id_project === projectId && typeof r.waiting_time === 'number' && now - Date.parse(r.createdAt) <= WAITING_WINDOW_MS)
    .map((r) => r.waiting_time as number);
  if (!times.length) return [];
  return [{ _id: projectId, waiting_time_avg: times.reduce((sum, t) => sum + t, 0) / times.length }];
}

export function registerPublicAnalytics(router: Router, store: Store): void {
  router.get('/:projectid/publicanalytics/waiting/current', (req: Request, res: Response) => {
    res.json(currentWaitingTime(store, projectOf(req)._id));
  });
}
