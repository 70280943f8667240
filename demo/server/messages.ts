/**
 * `/:pid/requests/:rid/messages` (docs/service.md §6): any project member may read or post; the
 * first message creates and routes the conversation.
 */
import type { SendMessageBody, WireMessage } from '../../src/api/wire.ts';
import { MessageStatus, RequestStatus } from '../../src/api/wire.ts';
import type { Request, Response, Router } from 'express';
import type { AuthDeps } from './credentials.ts';
import { fullNameOf, protect } from './credentials.ts';
import type { Faults } from './faults.ts';
import { bodyOf, isRecord, principalOf, projectOf } from './httpContext.ts';
import { isHexObjectId, isValidObjectId } from './ids.ts';
import { createMessage } from './messageStore.ts';
import { announceAgentJoined, announceAssignedAgent, createRequest, ensureLead, noteFirstResponse, RoutingError } from './conversations.ts';
import { messageJson, requestJson } from './serialize.ts';
import type { Store } from './store.ts';
import type { MessageDoc, ProjectDoc, ProjectUserDoc, RequestDoc } from './types.ts';

export { createMessage, type NewMessage } from './messageStore.ts';

export interface MessageDeps extends AuthDeps {
  faults: Faults;
}

class CastError extends Error {}

/** Mongoose's String cast: scalars become strings, objects fail. */
function castString(value: unknown, field: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new CastError(`Cast to string failed for value at path "${field}"`);
}

/** `req.body.status || SENDING`, then Mongoose's Number cast. */
function castStatus(value: unknown): number {
  if (!value) return MessageStatus.SENDING;
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (Number.isNaN(number)) throw new CastError('Cast to Number failed for value at path "status"');
  return number;
}

function objectOrUndefined(value: unknown): Record<string, unknown> | undefined {
  return isRecord(value) ? value : undefined;
}

/** The message fields of the body, cast as Mongoose would. */
function messageFields(body: Partial<SendMessageBody> & Record<string, unknown>) {
  return {
    text: castString(body.text, 'text'),
    type: castString(body.type, 'type'),
    status: castStatus(body.status),
    attributes: objectOrUndefined(body.attributes),
    metadata: objectOrUndefined(body.metadata),
    language: castString(body.language, 'language'),
    channel: isRecord(body.channel) && typeof body.channel.name === 'string' ? { name: body.channel.name } : undefined,
  };
}

type Identity = { fullname: string; email?: string };

/** With an explicit `sender` on a new conversation, the sender must be an active member. */
function senderIdentity(store: Store, projectId: string, sender: string, fallback: Identity): Identity | 'forbidden' {
  const member = isValidObjectId(sender) ? store.membership(projectId, { id_user: sender }) : store.membership(projectId, { uuid_user: sender });
  if (!member) return 'forbidden';
  if (member.id_user) {
    const user = store.user(member.id_user);
    return user ? { fullname: fullNameOf(user.firstname, user.lastname), email: user.email } : fallback;
  }
  const lead = store.data.leads.find((l) => l.lead_id === member.uuid_user && l.id_project === projectId);
  return lead ? { fullname: lead.fullname, email: lead.email } : fallback;
}

function answer(req: Request, res: Response, deps: MessageDeps, message: MessageDoc, request: RequestDoc): void {
  if (deps.faults.takeDropAfterStore(req, req.path)) {
    // The `dropAfterStore` fault: stored, yet the answer is lost on the way. A few bytes of it go
    // out first: a browser re-sends a POST by itself when a reused keep-alive connection closes
    // before any byte of the answer (a retry that would store the message twice on the reference
    // server too, and that no client can prevent); an answer cut short is the loss we simulate.
    res.socket?.write('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n');
    res.destroy();
    return;
  }
  const json: WireMessage = { ...messageJson(message), request: requestJson(deps.store, request) };
  res.json(json);
}

function firstMessage(req: Request, res: Response, deps: MessageDeps, project: ProjectDoc, identity: Identity): void {
  const body = bodyOf(req) as Partial<SendMessageBody> & Record<string, unknown>;
  const principal = principalOf(req);
  const fields = messageFields(body);
  if (!fields.text && (!fields.type || fields.type === 'text')) {
    res.status(422).json({ errors: ['text field is required'] });
    return;
  }
  const sender = castString(body.sender, 'sender');
  let requester: ProjectUserDoc | undefined = req.projectUser;
  if (sender) {
    const known = senderIdentity(deps.store, project._id, sender, identity);
    if (known === 'forbidden') {
      res.status(403).json({ success: false, msg: `Unauthorized. Project_user not found with user id  : ${sender}` });
      return;
    }
    identity = known;
    requester = isValidObjectId(sender) ? deps.store.membership(project._id, { id_user: sender }) : deps.store.membership(project._id, { uuid_user: sender });
  }
  const lead = ensureLead(deps.store, {
    lead_id: sender || principal._id,
    fullname: identity.fullname,
    email: identity.email,
    id_project: project._id,
    attributes: fields.attributes ?? principal.attributes,
  });
  let request: RequestDoc;
  try {
    request = createRequest(deps.store, {
      request_id: req.params.request_id ?? '',
      id_project: project._id,
      requester,
      lead,
      createdBy: principal._id,
      first_text: fields.text,
      departmentid: castString(body.departmentid, 'departmentid'),
      sourcePage: castString(body.sourcePage, 'sourcePage'),
      language: fields.language,
      userAgent: castString(body.userAgent, 'userAgent'),
      status: typeof body.request_status === 'number' ? body.request_status : undefined,
      attributes: fields.attributes,
      subject: castString(body.subject, 'subject'),
      preflight: body.preflight === true || body.preflight === 'true',
      channel: fields.channel,
      location: body.location,
      participants: Array.isArray(body.participants) ? body.participants.map(String) : undefined,
      priority: castString(body.priority, 'priority'),
      followers: Array.isArray(body.followers) ? body.followers : undefined,
    });
  } catch (err) {
    if (!(err instanceof RoutingError)) throw err;
    // Error objects serialise to {} (sic).
    res.status(500).json({ success: false, msg: 'Error creating request', err: {} });
    return;
  }
  const message = createMessage(deps.store, {
    ...fields,
    sender: sender || principal._id,
    senderFullname: identity.fullname,
    recipient: request.request_id,
    id_project: project._id,
    createdBy: principal._id,
  });
  // Assigned to an agent at creation: chat21 adds the agent to the group, "<agent> joined".
  announceAssignedAgent(deps.store, request);
  answer(req, res, deps, message, request);
}

function laterMessage(req: Request, res: Response, deps: MessageDeps, request: RequestDoc, identity: Identity): void {
  const body = bodyOf(req) as Partial<SendMessageBody> & Record<string, unknown>;
  const principal = principalOf(req);
  const sender = castString(body.sender, 'sender');
  if (request.channel?.name === 'form' && !sender && request.participantsAgents[0] !== principal.id) {
    res.status(403).json({ success: false, message: 'Error creating message', err: "You don't belong the conversation" });
    return;
  }
  const fields = messageFields(body);
  const senderId = sender || principal._id;
  // An agent's first reply: the agent joins the conversation before speaking (once per agent).
  const isInfo = fields.attributes?.subtype === 'info' || fields.attributes?.subtype === 'info/support';
  if (!isInfo && request.status !== RequestStatus.CLOSED) announceAgentJoined(deps.store, request, senderId);
  const message = createMessage(deps.store, {
    ...fields,
    sender: senderId,
    senderFullname: identity.fullname,
    recipient: request.request_id,
    id_project: request.id_project,
  });
  request.attributes = { ...(request.attributes ?? {}), last_message: messageJson(message) };
  if (sender && request.participants.includes(sender)) noteFirstResponse(deps.store, request);
  deps.store.touch(request);
  answer(req, res, deps, message, request);
}

function postMessage(deps: MessageDeps) {
  return (req: Request, res: Response): void => {
    const project = projectOf(req);
    const principal = principalOf(req);
    const body = bodyOf(req);
    const identity: Identity = {
      fullname: typeof body.senderFullname === 'string' && body.senderFullname ? body.senderFullname : principal.fullName,
      email: typeof body.email === 'string' && body.email ? body.email : principal.email,
    };
    const request = deps.store.request(req.params.request_id ?? '', project._id);
    try {
      if (request) laterMessage(req, res, deps, request, identity);
      else firstMessage(req, res, deps, project, identity);
    } catch (err) {
      if (!(err instanceof CastError)) throw err;
      const msg = request ? 'Error creating message' : 'Error creating request';
      res.status(500).json({ success: false, msg, err: { name: 'CastError', message: err.message } });
    }
  };
}

function listMessages(deps: MessageDeps) {
  return (req: Request, res: Response): void => {
    const messages: WireMessage[] = deps.store.messagesOf(req.params.request_id ?? '', projectOf(req)._id).map(messageJson);
    res.json(messages);
  };
}

/** By `_id` only (no project check, sic). */
function getMessage(deps: MessageDeps) {
  return (req: Request, res: Response): void => {
    const id = req.params.messageid ?? '';
    if (!isHexObjectId(id)) {
      res.status(500).json({ success: false, msg: 'Error getting object.' });
      return;
    }
    const message = deps.store.data.messages.find((m) => m._id === id.toLowerCase());
    if (!message) {
      res.status(404).json({ success: false, msg: 'Object not found.' });
      return;
    }
    res.status(200).json(messageJson(message));
  };
}

export function registerMessages(router: Router, deps: MessageDeps): void {
  router.use('/:projectid/requests/:request_id/messages', protect(deps, null, ['bot', 'subscription']));
  router.post('/:projectid/requests/:request_id/messages', postMessage(deps));
  router.get('/:projectid/requests/:request_id/messages', listMessages(deps));
  router.get('/:projectid/requests/:request_id/messages/:messageid', getMessage(deps));
}
