/**
 * `POST /__demo/seed-conversation`: a long conversation in one call, for the bench and for tests
 * of long histories (issue 9). Body `{count, requestId?}` (`?project=<id>` as the other demo routes):
 * - with `requestId` of an existing conversation: `count` older messages go in before its first one
 *   (so what the visitor wrote last stays last), alternating between the visitor and the demo agent;
 * - without: a new guest (membership, lead, token), a conversation assigned to the demo agent and
 *   `count` messages; the answer carries the guest's token.
 * Answers `201 {requestId, count, total, token?, visitor?}`. Quick: the documents are pushed straight
 * into the store, without the per-message events (no websocket frames, no bot replies).
 */
import jwt from 'jsonwebtoken';
import { MessageStatus, RequestStatus } from '../../src/api/wire.ts';
import { visitorMembership } from './auth.ts';
import { ensureLead } from './conversations.ts';
import { ISSUER } from './credentials.ts';
import { objectId, uuid } from './ids.ts';
import { DEMO_AGENT } from './seed.ts';
import { projectUserJson } from './serialize.ts';
import type { Store } from './store.ts';
import { nowIso } from './store.ts';
import type { MessageDoc, RequestDoc } from './types.ts';

/** Enough for the bench's largest history (10,000) with room; more would only slow the demo down. */
export const MAX_SEEDED_MESSAGES = 20_000;

export interface SeedInput {
  projectId: string;
  count: number;
  requestId?: string;
}

export interface SeedResult {
  requestId: string;
  count: number;
  /** messages in the conversation now */
  total: number;
  token?: string;
  visitor?: string;
}

/** Texts of varied length, some with markdown, like a real support history. */
function seededText(i: number, count: number): string {
  const n = `${i + 1} of ${count}`;
  if (i % 10 === 3)
    return `Message ${n}: here is a longer explanation with **some emphasis**, a [link](https://example.com/help/${i}) and enough words to wrap over a few lines in the chat window.`;
  if (i % 7 === 5) return `Message ${n}:\n- first point\n- second point`;
  return `Message ${n}`;
}

function newGuest(store: Store, projectId: string, secret: string): { uid: string; token: string; fullname: string } {
  const uid = uuid();
  const fullname = `guest#${uid.substring(0, 4)}`;
  store.data.projectUsers.push(visitorMembership(projectId, uid, 'guest', uid));
  const jwtid = uuid();
  store.data.issuedGuestJtis.push(jwtid);
  const token = jwt.sign({ _id: uid, firstname: fullname, id: uid, fullName: fullname }, secret, { issuer: ISSUER, subject: 'guest', audience: ISSUER, jwtid });
  return { uid, token: `JWT ${token}`, fullname };
}

function newRequest(store: Store, projectId: string, visitor: { uid: string; fullname: string }): RequestDoc {
  const requester = store.membership(projectId, { uuid_user: visitor.uid });
  const lead = ensureLead(store, { lead_id: visitor.uid, fullname: visitor.fullname, id_project: projectId });
  const now = nowIso();
  const request: RequestDoc = {
    _id: objectId(),
    request_id: `support-group-${projectId}-${uuid().replace(/-/g, '')}`,
    ticket_id: store.nextTicketId(projectId),
    requester: requester?._id ?? '',
    lead: lead._id,
    first_text: 'Message 1',
    status: RequestStatus.ASSIGNED,
    participants: [DEMO_AGENT.id],
    participantsAgents: [DEMO_AGENT.id],
    participantsBots: [],
    hasBot: false,
    preflight: false,
    snapshot: {
      availableAgentsCount: 1,
      requester: requester ? projectUserJson(store, requester) : undefined,
      lead: structuredClone(lead),
      agents: [{ id_user: DEMO_AGENT.id }],
    },
    channel: { name: 'chat21' },
    channelOutbound: { name: 'chat21' },
    smartAssignment: true,
    id_project: projectId,
    createdBy: visitor.uid,
    tags: [],
    notes: [],
    followers: [],
    priority: 'normal',
    createdAt: now,
    updatedAt: now,
    __v: 0,
  };
  store.data.requests.push(request);
  return request;
}

export class SeedError extends Error {}

export function seedConversation(store: Store, secret: string, input: SeedInput): SeedResult {
  const { projectId, count } = input;
  if (!Number.isInteger(count) || count < 1 || count > MAX_SEEDED_MESSAGES) throw new SeedError(`count must be an integer from 1 to ${MAX_SEEDED_MESSAGES}`);
  let guest: { uid: string; token: string; fullname: string } | undefined;
  let request: RequestDoc | undefined;
  if (input.requestId !== undefined) {
    request = store.request(input.requestId, projectId);
    if (!request) throw new SeedError(`no conversation ${input.requestId} in project ${projectId}`);
  } else {
    guest = newGuest(store, projectId, secret);
    request = newRequest(store, projectId, guest);
  }
  const existing = store.messagesOf(request.request_id, projectId);
  const visitorId = guest?.uid ?? existing.find((m) => m.sender !== DEMO_AGENT.id && m.sender !== 'system')?.sender ?? request.createdBy;
  const visitorName = guest?.fullname ?? existing.find((m) => m.sender === visitorId)?.senderFullname ?? 'Guest';
  // One second apart, ending a second before the first existing message (or now).
  const end = existing.length ? Date.parse(existing[0]!.createdAt) - 1000 : Date.now();
  const seeded: MessageDoc[] = [];
  for (let i = 0; i < count; i++) {
    const at = new Date(end - (count - 1 - i) * 1000).toISOString();
    const fromVisitor = i % 2 === 0;
    seeded.push({
      _id: objectId(Date.parse(at)),
      sender: fromVisitor ? visitorId : DEMO_AGENT.id,
      senderFullname: fromVisitor ? visitorName : DEMO_AGENT.name,
      recipient: request.request_id,
      type: 'text',
      channel_type: 'group',
      text: seededText(i, count),
      id_project: projectId,
      createdBy: fromVisitor ? visitorId : DEMO_AGENT.id,
      status: MessageStatus.RECEIVED,
      channel: { name: 'chat21' },
      createdAt: at,
      updatedAt: at,
      __v: 0,
    });
  }
  store.data.messages.push(...seeded);
  store.changed();
  return { requestId: request.request_id, count, total: existing.length + count, ...(guest ? { token: guest.token, visitor: guest.uid } : {}) };
}
