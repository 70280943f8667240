/**
 * Creating and routing conversations (docs/service.md §6 "first message", §7 closing): the
 * department decides between its bot and its agents; `assigned` departments pick an available
 * agent (random, then round-robin after the last assigned request), `pooled` ones leave the
 * request unassigned (status 100) for any agent to take.
 *
 * On the real service the conversation also lives in chat21, which writes info messages into it:
 * "Chat closed" (`CHAT_CLOSED`) when the request closes, "<agent> joined" (`MEMBER_JOINED_GROUP`)
 * when an agent becomes a member. The demo has no chat21: it appends the same messages itself.
 */
import { MessageStatus, RequestStatus } from '../../src/api/wire.ts';
import { isHexObjectId, objectId } from './ids.ts';
import { createMessage } from './messageStore.ts';
import { projectIsOpenNow } from './operatingHours.ts';
import { departmentJson, projectUserJson } from './serialize.ts';
import type { Store } from './store.ts';
import { nowIso } from './store.ts';
import type { DepartmentDoc, LeadDoc, MessageDoc, ProjectUserDoc, RequestDoc } from './types.ts';

/** Any failure while creating: the route answers `500 {"msg":"Error creating request","err":{}}`. */
export class RoutingError extends Error {}

export interface Operators {
  department: DepartmentDoc;
  /** every active agent of the project */
  agents: ProjectUserDoc[];
  /** the agents that may take the request now (available and project open) */
  available: ProjectUserDoc[];
  /** what becomes the first participant: a User id or `bot_<id>` */
  operators: string[];
}

function findDepartment(store: Store, projectId: string, departmentId: string | undefined): DepartmentDoc {
  if (departmentId === undefined || departmentId === 'default') {
    const fallback = store.departmentsOf(projectId).find((d) => d.default);
    if (!fallback) throw new RoutingError(`Department not found for projectid: ${projectId}`);
    return fallback;
  }
  // `Department.findOne({_id})`: no project filter (sic), and a non-ObjectId is a CastError.
  if (!isHexObjectId(departmentId)) throw new RoutingError(`Cast to ObjectId failed for value "${departmentId}"`);
  const department = store.department(departmentId.toLowerCase());
  if (!department) throw new RoutingError(`Department not found for projectid: ${projectId}`);
  return department;
}

/** The agent after the first participant of the last assigned, human-served request. */
function roundRobin(store: Store, projectId: string, available: ProjectUserDoc[]): ProjectUserDoc | undefined {
  if (available.length === 0) return undefined;
  const last = [...store.data.requests]
    .reverse()
    .find((r) => r.id_project === projectId && !r.hasBot && !r.preflight && r.status > RequestStatus.UNASSIGNED && r.participants.length > 0);
  if (!last) return undefined;
  const lastIndex = available.findIndex((pu) => (pu.id_user ?? pu.uuid_user) === last.participants[0]);
  return available[(lastIndex + 1) % available.length];
}

function pickAgent(store: Store, projectId: string, available: ProjectUserDoc[]): string[] {
  const random = available[Math.floor(Math.random() * available.length)];
  const chosen = roundRobin(store, projectId, available) ?? random;
  const id = chosen?.id_user ?? chosen?.uuid_user;
  return id ? [id] : [];
}

/** `departmentService.getOperators`; `nobot`: the department's agents even where it has a bot. */
export function getOperators(store: Store, departmentId: string | undefined, projectId: string, now: number = Date.now(), nobot = false): Operators {
  const project = store.activeProject(projectId);
  if (!project) throw new RoutingError('Project not found with id ');
  const department = findDepartment(store, projectId, departmentId);
  const agents = store.agentsOf(projectId).filter((pu) => pu.status === 'active');
  const opening = projectIsOpenNow(project, projectId, now);
  const isOpen = 'open' in opening && opening.open;
  const available = isOpen ? agents.filter((pu) => pu.user_available) : [];
  if (department.id_bot && !nobot) return { department, agents, available, operators: [`bot_${department.id_bot}`] };
  const operators = department.routing === 'assigned' ? pickAgent(store, projectId, available) : [];
  return { department, agents, available, operators };
}

export interface NewRequest {
  request_id: string;
  id_project: string;
  requester: ProjectUserDoc | undefined;
  lead: LeadDoc;
  createdBy: string;
  first_text?: string;
  departmentid?: string;
  sourcePage?: string;
  language?: string;
  userAgent?: string;
  status?: number;
  attributes?: Record<string, unknown>;
  subject?: string;
  preflight?: boolean;
  channel?: { name: string };
  location?: unknown;
  participants?: string[];
  priority?: string;
  followers?: unknown[];
}

interface Assignment {
  status: number;
  participants: string[];
  participantsAgents: string[];
  participantsBots: string[];
  hasBot: boolean;
  department?: string;
  assigned_at?: string;
}

/** Who takes the request, following `requestService.create`. */
function assign(input: Pick<NewRequest, 'status' | 'participants'>, routed: Operators): Assignment {
  const participants = [...(input.participants ?? [])];
  const base = { participantsAgents: [] as string[], participantsBots: [] as string[], hasBot: false };
  if (input.status === RequestStatus.TEMP) {
    return { ...base, status: RequestStatus.TEMP, participants, department: participants.length === 0 ? routed.department._id : undefined };
  }
  let department: string | undefined;
  if (participants.length === 0) {
    if (routed.operators[0]) participants.push(routed.operators[0]);
    department = routed.department._id;
  }
  const first = participants[0];
  if (first === undefined) return { ...base, status: RequestStatus.UNASSIGNED, participants, department };
  const isBot = first.startsWith('bot_');
  return {
    status: RequestStatus.ASSIGNED,
    participants,
    participantsAgents: isBot ? [] : [first],
    participantsBots: isBot ? [first.slice('bot_'.length)] : [],
    hasBot: isBot,
    department,
    assigned_at: nowIso(),
  };
}

/**
 * The conversation's bot hands it to the people of its department: routed again with `nobot`, as
 * the reference does when a bot asks for an agent (`requestService.route(…, nobot)`): the bot leaves
 * the participants, and the department's agents are chosen as for a department without a bot (an
 * available one, who joins, or nobody: unassigned, for any agent to take). Nothing happens to a
 * conversation no bot holds. Returns whether it was handed off.
 */
export function handOffToAgents(store: Store, request: RequestDoc): boolean {
  if (!request.hasBot || request.status === RequestStatus.CLOSED) return false;
  const routed = getOperators(store, request.department, request.id_project, Date.now(), true);
  const assignment = assign({}, routed);
  if (!assignment.assigned_at) delete request.assigned_at;
  Object.assign(request, assignment);
  request.snapshot.availableAgentsCount = routed.agents.filter((pu) => pu.user_available).length;
  store.touch(request);
  store.emit('request.update', request);
  announceAssignedAgent(store, request);
  return true;
}

/** Creates, routes and stores a conversation; throws `RoutingError` where the reference fails. */
export function createRequest(store: Store, input: NewRequest): RequestDoc {
  if (store.request(input.request_id)) throw new RoutingError('E11000 duplicate key error: request_id');
  const routed = getOperators(store, input.departmentid, input.id_project);
  const assignment = assign(input, routed);
  const now = nowIso();
  const department = assignment.department ? store.department(assignment.department) : undefined;
  const request: RequestDoc = {
    _id: objectId(),
    request_id: input.request_id,
    ticket_id: store.nextTicketId(input.id_project),
    requester: input.requester?._id ?? '',
    lead: input.lead._id,
    first_text: input.first_text,
    subject: input.subject,
    ...assignment,
    preflight: input.preflight ?? false,
    snapshot: {
      department: department ? departmentJson(department) : undefined,
      availableAgentsCount: routed.agents.filter((pu) => pu.user_available).length,
      requester: input.requester ? projectUserJson(store, input.requester) : undefined,
      lead: structuredClone(input.lead),
      agents: routed.agents.map((pu) => ({ id_user: pu.id_user ?? pu.uuid_user ?? '' })),
    },
    channel: input.channel ?? { name: 'chat21' },
    channelOutbound: { name: 'chat21' },
    smartAssignment: true,
    id_project: input.id_project,
    createdBy: input.createdBy,
    tags: [],
    notes: [],
    followers: input.followers ?? [],
    priority: input.priority ?? 'normal',
    location: input.location,
    sourcePage: input.sourcePage,
    language: input.language,
    userAgent: input.userAgent,
    // Copies: the message and the lead get the same body attributes, and must not share them.
    attributes: input.attributes && structuredClone(input.attributes),
    createdAt: now,
    updatedAt: now,
    __v: 0,
  };
  if (typeof input.attributes?.sourcePage === 'string' && input.attributes.sourcePage.includes('td_draft=true')) request.draft = true;
  store.data.requests.push(request);
  store.changed();
  store.emit('request.create', request);
  return request;
}

/** `leadService.createIfNotExistsWithLeadId`. */
export function ensureLead(
  store: Store,
  spec: { lead_id: string; fullname: string; email?: string; id_project: string; attributes?: Record<string, unknown> },
): LeadDoc {
  const existing = store.data.leads.find((l) => l.lead_id === spec.lead_id && l.id_project === spec.id_project);
  if (existing) return existing;
  const now = nowIso();
  const lead: LeadDoc = {
    _id: objectId(),
    lead_id: spec.lead_id,
    fullname: spec.fullname,
    email: spec.email,
    attributes: spec.attributes && structuredClone(spec.attributes),
    id_project: spec.id_project,
    createdBy: 'system',
    status: 100,
    tags: [],
    createdAt: now,
    updatedAt: now,
    __v: 0,
  };
  store.data.leads.push(lead);
  store.changed();
  return lead;
}

/** The sender of the service's info messages. */
export const SYSTEM_SENDER = { sender: 'system', senderFullname: 'System' } as const;

/** An info message as chat21 writes it (`status: 200`, `subtype: "info/support"`). */
function appendInfo(store: Store, request: RequestDoc, text: string, key: string, parameters: Record<string, unknown>): MessageDoc {
  return createMessage(store, {
    ...SYSTEM_SENDER,
    recipient: request.request_id,
    id_project: request.id_project,
    createdBy: 'system',
    status: MessageStatus.RECEIVED,
    type: 'text',
    text,
    attributes: { subtype: 'info/support', messagelabel: { key, parameters } },
  });
}

/**
 * `closeRequestByRequestId`: status 1000, `closed_at`, `closed_by` and a plain-text transcript,
 * then the "Chat closed" info message (`CHAT_CLOSED`). Closing a closed request changes nothing.
 */
export function closeRequest(store: Store, requestId: string, projectId: string, closedBy: string): RequestDoc | undefined {
  const request = store.request(requestId, projectId);
  if (!request) return undefined;
  if (request.status === RequestStatus.CLOSED) return request;
  request.status = RequestStatus.CLOSED;
  request.closed_at = nowIso();
  request.closed_by = closedBy;
  request.transcript = store
    .messagesOf(requestId, projectId)
    .map((m) => `${m.createdAt} ${m.senderFullname}: ${m.text ?? ''}`)
    .join('\n');
  store.touch(request);
  store.emit('request.update', request);
  appendInfo(store, request, 'Chat closed', 'CHAT_CLOSED', {});
  return request;
}

function hasJoined(store: Store, request: RequestDoc, memberId: string): boolean {
  return store
    .messagesOf(request.request_id, request.id_project)
    .some((m) => m.attributes?.messagelabel?.key === 'MEMBER_JOINED_GROUP' && m.attributes.messagelabel.parameters?.member_id === memberId);
}

/**
 * An agent (a dashboard user with an agent membership of the request's project) joins the
 * conversation: the `MEMBER_JOINED_GROUP` info message, once per agent and conversation. Returns
 * the message, or undefined when `userId` is not such an agent or has already joined.
 */
export function announceAgentJoined(store: Store, request: RequestDoc, userId: string): MessageDoc | undefined {
  const membership = store.membership(request.id_project, { id_user: userId });
  const user = membership?.roleType === 1 ? store.user(userId) : undefined;
  if (!user || hasJoined(store, request, userId)) return undefined;
  const fullname = [user.firstname, user.lastname].filter(Boolean).join(' ');
  return appendInfo(store, request, `${fullname} joined the conversation`, 'MEMBER_JOINED_GROUP', { member_id: user._id, fullname, firstname: user.firstname });
}

/** At creation: the agent the request was assigned to joins (a bot or nobody: nothing). */
export function announceAssignedAgent(store: Store, request: RequestDoc): void {
  const agent = request.participantsAgents[0];
  if (agent && request.status !== RequestStatus.CLOSED) announceAgentJoined(store, request, agent);
}

/** An agent (a participant) answering for the first time: first response and waiting time. */
export function noteFirstResponse(store: Store, request: RequestDoc): void {
  if (request.first_response_at) return;
  request.first_response_at = nowIso();
  request.waiting_time = Date.now() - Date.parse(request.createdAt);
  store.touch(request);
}
