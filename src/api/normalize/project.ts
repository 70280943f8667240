import type { IsOpenResponse, WidgetsResponse, WireDepartment, WireProject } from '../wire.ts';
import { bool, id, isRecord, listOf, num, put, record, text } from './guards.ts';

/**
 * `GET /{pid}/widgets` and `GET /projects/{pid}/isopen`. `project.widget` stays an opaque record
 * (the settings layer cleans each key by its own rule); everything the widget reads directly is
 * coerced here. A department without an `_id` cannot be chosen, so it is skipped.
 */

export function normalizeDepartment(value: unknown): WireDepartment | null {
  if (!isRecord(value)) return null;
  const _id = id(value._id) ?? id(value.id);
  if (!_id) return null;
  const out: WireDepartment = { _id, name: text(value.name, 200) ?? '' };
  put(out, 'id', id(value.id));
  put(out, 'default', bool(value.default));
  put(out, 'status', num(value.status));
  put(out, 'routing', text(value.routing, 40));
  put(out, 'id_bot', id(value.id_bot));
  put(out, 'online_msg', text(value.online_msg, 4000));
  put(out, 'offline_msg', text(value.offline_msg, 4000));
  put(out, 'description', text(value.description, 4000));
  put(out, 'hasBot', bool(value.hasBot));
  return out;
}

function project(value: unknown): WireProject {
  const raw = isRecord(value) ? value : {};
  const out: WireProject = { _id: id(raw._id) ?? id(raw.id) ?? '' };
  put(out, 'id', id(raw.id));
  put(out, 'name', text(raw.name, 200));
  put(out, 'activeOperatingHours', bool(raw.activeOperatingHours));
  put(out, 'operatingHours', text(raw.operatingHours, 100_000));
  put(out, 'settings', record(raw.settings));
  out.widget = record(raw.widget) ?? {};
  put(out, 'status', num(raw.status));
  return out;
}

/** Never throws; an answer that is not an object is a project with no settings. */
export function normalizeWidgets(value: unknown): WidgetsResponse {
  const raw = isRecord(value) ? value : {};
  const out: WidgetsResponse = {
    project: project(raw.project),
    departments: listOf(raw.departments, normalizeDepartment, 500),
  };
  // Absent (not `[]`) when the answer says nothing: availability is then unknown, not "nobody".
  if (Array.isArray(raw.user_available)) {
    out.user_available = listOf(raw.user_available, (agent) => {
      if (!isRecord(agent)) return null;
      const entry: { id: string; firstname?: string } = { id: id(agent.id) ?? id(agent._id) ?? '' };
      put(entry, 'firstname', text(agent.firstname, 200));
      return entry;
    });
  }
  return out;
}

/** null when the answer does not say. */
export function normalizeIsOpen(value: unknown): IsOpenResponse | null {
  const isopen = isRecord(value) ? bool(value.isopen) : undefined;
  return isopen === undefined ? null : { isopen };
}
