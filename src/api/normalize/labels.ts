import type { LabelsResponse } from '../wire.ts';
import { bool, isRecord, listOf, record, text } from './guards.ts';

/**
 * `GET /{pid}/labels/{LANG}`: `{lang, data: {KEY: text | text[]}}`. Other values are dropped; an
 * answer without a `lang` or a `data` object is no label set at all (undefined).
 */
export function normalizeLabels(value: unknown): LabelsResponse | undefined {
  const data = isRecord(value) ? (record(value.data) as LabelsResponse['data'] | undefined) : undefined;
  const lang = data && text((value as { lang?: unknown }).lang);
  if (!lang) return undefined;
  for (const key of Object.keys(data)) {
    const label: unknown = data[key];
    const kept = Array.isArray(label) ? listOf(label, text) : text(label);
    if (kept === undefined) delete data[key];
    else data[key] = kept;
  }
  const out: LabelsResponse = { lang, data };
  const isDefault = bool((value as { default?: unknown }).default);
  if (isDefault !== undefined) out.default = isDefault;
  return out;
}
