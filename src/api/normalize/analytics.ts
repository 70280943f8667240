import type { WaitingTimeResponse } from '../wire.ts';
import { isRecord, listOf, num } from './guards.ts';

/**
 * `GET /{pid}/publicanalytics/waiting/current`. Only a finite, non-negative average survives;
 * anything else (not a list, a string, a negative number) reads as "not known".
 */
export function normalizeWaitingTime(value: unknown): WaitingTimeResponse {
  return listOf(value, (item) => {
    const ms = isRecord(item) ? num(item.waiting_time_avg) : undefined;
    return ms !== undefined && ms >= 0 ? { waiting_time_avg: ms } : null;
  });
}
