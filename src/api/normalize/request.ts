import type { RequestListResponse, WireRequest } from '../wire.ts';
import { normalizeMessage } from './message.ts';
import { normalizeDepartment } from './project.ts';
import { bool, id, isoTime, isRecord, listOf, num, optionalList, pick, record, text, time, type Json } from './guards.ts';

/**
 * Request (conversation) objects: the list of `GET /{pid}/requests/me`. A request without a
 * `request_id` or a numeric `status` says nothing the widget could act on, so it is skipped (null).
 * Only the fields a visitor's widget can use are kept (agents, lead and requester details are not).
 */
export function normalizeRequest(value: unknown, fallbackTime: number = Date.now()): WireRequest | null {
  const raw: Json = isRecord(value) ? value : {};
  const request_id = id(raw.request_id);
  const status = num(raw.status);
  if (!request_id || status === undefined) return null;
  const request = pick<WireRequest>(
    raw,
    {
      id,
      first_text: text,
      participants: optionalList(id),
      hasBot: bool,
      department: (d) => id(d) ?? normalizeDepartment(d) ?? undefined,
      attributes: record,
      rating: num,
      closed_at: isoTime,
      updatedAt: isoTime,
      id_project: id,
    },
    { _id: id(raw._id) ?? request_id, request_id, status, createdAt: isoTime(raw.createdAt) ?? new Date(time(fallbackTime) ?? 0).toISOString() },
  );
  // The service keeps the latest message on the request (`attributes.last_message`, set from the
  // second message on): the conversation list shows it, so it is a message like any other.
  if (request.attributes && 'last_message' in request.attributes) {
    const { last_message, ...rest } = request.attributes;
    const last = normalizeMessage(last_message, Date.parse(request.updatedAt ?? request.createdAt));
    request.attributes = last ? { ...rest, last_message: last } : rest;
  }
  return request;
}

/**
 * `GET /{pid}/requests/me`: `{perPage, count, requests}`; anything else is an empty page. At most
 * `max` requests (the page size asked for): a service answering more is not believed, and the rest
 * is not even looked at.
 */
export function normalizeRequestList(value: unknown, max = Infinity): RequestListResponse {
  const raw: Json = isRecord(value) ? value : {};
  const requests = listOf(Array.isArray(raw.requests) ? raw.requests.slice(0, max) : null, (item) => normalizeRequest(item));
  const count = num(raw.count) ?? -1;
  const perPage = num(raw.perPage) ?? -1;
  return { perPage: perPage < 0 ? requests.length : perPage, count: count < 0 ? requests.length : count, requests };
}
