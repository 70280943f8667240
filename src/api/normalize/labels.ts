import type { LabelsResponse } from '../wire.ts';
import { bool, isRecord, listOf, put, text } from './guards.ts';

/**
 * `GET /{pid}/labels/{LANG}`: `{lang, data: {KEY: text | text[]}}`. Other values are dropped; an
 * answer without a `lang` or a `data` object is no label set at all (undefined).
 */
export function normalizeLabels(value: unknown): LabelsResponse | undefined {
  if (!isRecord(value) || !isRecord(value.data)) return undefined;
  const lang = text(value.lang, 20);
  if (!lang) return undefined;
  const data: LabelsResponse['data'] = {};
  for (const [key, raw] of Object.entries(value.data)) {
    if (key === '__proto__') continue;
    const label = Array.isArray(raw) ? listOf(raw, (item) => text(item, 10_000), 100) : text(raw, 10_000);
    if (label !== undefined) data[key] = label;
  }
  const out: LabelsResponse = { lang, data };
  put(out, 'default', bool(value.default));
  return out;
}
