import { isRecord } from './guards.ts';

/**
 * The read mark stored for `requestId` (state/readMark.ts `READ_MARK`: `{requestId, at}`), in ms, or
 * null: none, another conversation's, or not a mark (storage is outside input: another version, another tab).
 */
export function readMarkOf(value: unknown, requestId: string | null): number | null {
  if (!requestId || !isRecord(value) || value.requestId !== requestId) return null;
  const at = value.at;
  return typeof at === 'number' && Number.isFinite(at) && at >= 0 ? at : null;
}
