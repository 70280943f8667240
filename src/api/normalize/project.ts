import type { IsOpenResponse, WidgetsResponse, WireDepartment, WireProject } from '../wire.ts';
import { bool, id, isRecord, listOf, name, num, pick, record, text, type Json } from './guards.ts';

/**
 * `GET /{pid}/widgets` and `GET /projects/{pid}/isopen`. `project.widget` stays an opaque record
 * (the settings layer cleans each key by its own rule); everything the widget reads directly is
 * coerced here, and what it does not read (the project's profile, a department's routing…) is
 * dropped. A department without an `_id` cannot be chosen, so it is skipped.
 */

export function normalizeDepartment(value: unknown): WireDepartment | null {
  const _id = isRecord(value) ? id(value._id) : undefined;
  if (!_id) return null;
  const raw = value as Json;
  return pick<WireDepartment>(raw, { id, default: bool, status: num, offline_msg: text, description: text }, { _id, name: name(raw.name) ?? '' });
}

/** Never throws; an answer that is not an object is a project with no settings. */
export function normalizeWidgets(value: unknown): WidgetsResponse {
  const raw = record(value) ?? {};
  const project = record(raw.project) ?? {};
  const out: WidgetsResponse = {
    project: pick<WireProject>(
      project,
      { name, activeOperatingHours: bool, operatingHours: text },
      { _id: id(project._id) ?? '', widget: record(project.widget) ?? {} },
    ),
    departments: listOf(raw.departments, normalizeDepartment),
  };
  // Absent (not `[]`) when the answer says nothing: availability is then unknown, not "nobody".
  if (Array.isArray(raw.user_available)) {
    out.user_available = listOf(raw.user_available, (agent) =>
      isRecord(agent) ? pick<{ id: string; firstname?: string }>(agent, { firstname: name }, { id: id(agent.id) ?? '' }) : null,
    );
  }
  return out;
}

/** null when the answer does not say. */
export function normalizeIsOpen(value: unknown): IsOpenResponse | null {
  const isopen = isRecord(value) ? bool(value.isopen) : undefined;
  return isopen === undefined ? null : { isopen };
}
