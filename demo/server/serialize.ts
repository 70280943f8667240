/**
 * Documents → the JSON the reference server sends (Mongoose `toJSON` with virtuals and the
 * populations its routes ask for: lead, department, participating agents and bots, requester).
 */
import type { WireDepartment, WireMessage, WireRequest } from '../../src/api/wire.ts';
import { userJson } from './credentials.ts';
import type { Store } from './store.ts';
import type { BotDoc, DepartmentDoc, MessageDoc, ProjectUserDoc, RequestDoc } from './types.ts';

export type DepartmentJson = WireDepartment & Record<string, unknown>;
export type RequestJson = WireRequest & Record<string, unknown>;

/** Department with its `id` and `hasBot` virtuals. */
export function departmentJson(department: DepartmentDoc): DepartmentJson {
  return { ...structuredClone(department), id: department._id, hasBot: Boolean(department.id_bot) };
}

export function messageJson(message: MessageDoc): WireMessage {
  return structuredClone(message) as WireMessage;
}

export function botJson(bot: BotDoc): Record<string, unknown> {
  return { ...structuredClone(bot), id: bot._id };
}

/** A project_user, with `id_user` populated as the reference's `requester` population does. */
export function projectUserJson(store: Store, membership: ProjectUserDoc): Record<string, unknown> {
  const json: Record<string, unknown> = { ...structuredClone(membership), id: membership._id };
  if (membership.id_user) {
    const user = store.user(membership.id_user);
    if (user) json.id_user = userJson(user);
  }
  return json;
}

/** The populated request of `GET /:pid/requests/:rid`, the message POST answer, ratings, closes. */
export function requestJson(store: Store, request: RequestDoc): RequestJson {
  const json: RequestJson = { ...(structuredClone(request) as unknown as RequestJson), id: request._id };
  const requester = store.projectUser(request.requester);
  json.requester = requester ? projectUserJson(store, requester) : undefined;
  const lead = store.lead(request.lead);
  json.lead = lead ? structuredClone(lead) : undefined;
  json.requester_id = request.lead;
  const department = request.department ? store.department(request.department) : undefined;
  json.department = department ? departmentJson(department) : undefined;
  json.participatingAgents = request.participantsAgents.flatMap((id) => {
    const user = store.user(id);
    return user ? [userJson(user)] : [];
  });
  json.participatingBots = request.participantsBots.flatMap((id) => {
    const bot = store.bot(id);
    return bot ? [botJson(bot)] : [];
  });
  return json;
}
