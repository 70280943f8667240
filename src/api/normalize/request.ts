import type { RequestListResponse, WireRequest } from '../wire.ts';
import { normalizeDepartment } from './project.ts';
import { bool, id, isoTime, isRecord, listOf, num, put, record, text, time } from './guards.ts';

/**
 * Request (conversation) objects: the answers of `closeg`/`rating` and the list of
 * `GET /{pid}/requests/me`. A request without a `request_id` or a numeric `status` says nothing
 * the widget could act on, so it is skipped (null).
 */

function ids(value: unknown): string[] | undefined {
  return Array.isArray(value) ? listOf(value, id, 200) : undefined;
}


export function normalizeRequest(value: unknown, fallbackTime: number = Date.now()): WireRequest | null {
  if (!isRecord(value)) return null;
  const requestId = id(value.request_id);
  const status = num(value.status);
  if (!requestId || status === undefined) return null;
  const out: WireRequest = {
    _id: id(value._id) ?? id(value.id) ?? requestId,
    request_id: requestId,
    status,
    createdAt: isoTime(value.createdAt) ?? new Date(time(fallbackTime) ?? 0).toISOString(),
  };
  put(out, 'id', id(value.id));
  put(out, 'ticket_id', num(value.ticket_id));
  put(out, 'first_text', text(value.first_text));
  put(out, 'participants', ids(value.participants));
  put(out, 'participantsAgents', ids(value.participantsAgents));
  put(out, 'participantsBots', ids(value.participantsBots));
  put(out, 'hasBot', bool(value.hasBot));
  put(out, 'department', typeof value.department === 'string' ? id(value.department) : (normalizeDepartment(value.department) ?? undefined));
  if (isRecord(value.lead)) {
    const lead: NonNullable<WireRequest['lead']> = { _id: id(value.lead._id) ?? '' };
    put(lead, 'lead_id', id(value.lead.lead_id));
    put(lead, 'fullname', text(value.lead.fullname, 400));
    put(lead, 'email', text(value.lead.email, 320));
    out.lead = lead;
  }
  if (isRecord(value.requester)) {
    const requester: NonNullable<WireRequest['requester']> = {};
    put(requester, '_id', id(value.requester._id));
    put(requester, 'uuid_user', id(value.requester.uuid_user));
    put(requester, 'role', text(value.requester.role, 40));
    out.requester = requester;
  }
  put(out, 'sourcePage', text(value.sourcePage, 4000));
  put(out, 'language', text(value.language, 40));
  put(out, 'userAgent', text(value.userAgent, 1000));
  put(out, 'attributes', record(value.attributes));
  put(out, 'rating', num(value.rating));
  put(out, 'rating_message', text(value.rating_message, 4000));
  put(out, 'closed_at', isoTime(value.closed_at));
  put(out, 'updatedAt', isoTime(value.updatedAt));
  put(out, 'id_project', id(value.id_project));
  return out;
}

/** `GET /{pid}/requests/me`: `{perPage, count, requests}`; anything else is an empty page. */
export function normalizeRequestList(value: unknown): RequestListResponse {
  const raw = isRecord(value) ? value : {};
  const requests = listOf(raw.requests, (item) => normalizeRequest(item), 100);
  const count = num(raw.count);
  const perPage = num(raw.perPage);
  return {
    perPage: perPage !== undefined && perPage >= 0 ? perPage : requests.length,
    count: count !== undefined && count >= 0 ? count : requests.length,
    requests,
  };
}
