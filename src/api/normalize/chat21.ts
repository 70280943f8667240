import { bareJwt } from '../auth.ts';
import { parseInboxTopic, isTopicSafeId } from '../chat21Topics.ts';
import type { Chat21Token, WireMessage } from '../wire.ts';
import { id, isRecord, num, record, time } from './guards.ts';
import { normalizeMessage } from './message.ts';

/**
 * The Chat21 push channel's boundary (docs/service.md §12): the token answer, and every PUBLISH
 * the broker hands over. Both are untrusted; nothing here throws.
 */

/** What a pushed PUBLISH means for the widget. */
export type PushEvent =
  /** A message with its REST `_id` (`attributes.tiledesk_message_id`): the same message a poll reads, in the same shape. */
  | { kind: 'message'; requestId: string; message: WireMessage }
  /**
   * A message without a REST id: one Chat21 wrote itself (`Group created`, `… joined group on
   * creation`), stored in the REST history under an id the push does not carry. Only a REST
   * fetch of the conversation shows it as one message.
   */
  | { kind: 'unkeyed'; requestId: string }
  /** The conversation was archived: it is closed, as a polled `CHAT_CLOSED` says. */
  | { kind: 'closed'; requestId: string };

/** A JWT is three base64url parts; a longer one than this cannot be ours (and would not fit a CONNECT field). */
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
const MAX_TOKEN_LENGTH = 16_384;

/** The `exp` claim of a JWT in ms since epoch, unverified (only the broker can verify it). */
function expiryOf(jwt: string): number | undefined {
  try {
    const part = jwt.split('.')[1] ?? '';
    const claims: unknown = JSON.parse(
      atob(
        part
          .replace(/-/g, '+')
          .replace(/_/g, '/')
          .padEnd(Math.ceil(part.length / 4) * 4, '='),
      ),
    );
    const exp = isRecord(claims) ? num(claims.exp) : undefined;
    return exp === undefined ? undefined : time(exp * 1000);
  } catch {
    return undefined;
  }
}

/**
 * The answer of `createCustomToken`, or null when it is not one we can connect with: no user id, a
 * user id that would change the inbox's topic filter (`/`, `+`, `#`), or a token that is no JWT.
 * A `JWT ` scheme in front of the token is dropped.
 */
export function normalizeChat21Token(value: unknown): Chat21Token | null {
  if (!isRecord(value)) return null;
  const userid = id(value.userid);
  const token = typeof value.token === 'string' ? bareJwt(value.token) : '';
  if (!userid || !isTopicSafeId(userid) || token.length > MAX_TOKEN_LENGTH || !JWT_SHAPE.test(token)) return null;
  const expiresAt = expiryOf(token);
  return expiresAt === undefined ? { userid, token } : { userid, token, expiresAt };
}

function parseJson(payload: Uint8Array | string): unknown {
  try {
    return JSON.parse(typeof payload === 'string' ? payload : new TextDecoder().decode(payload));
  } catch {
    return undefined;
  }
}

/**
 * One PUBLISH on `userId`'s inbox, or null when it means nothing to the widget (another inbox,
 * receipts, conversation updates, a payload that is no message). A message is mapped to the record
 * `GET …/messages` returns and passes the same normaliser (normalize/message.ts), so it comes out
 * in the same shape under the same `_id`, info messages included. Its date is its `timestamp`:
 * the time the visitor's widget sent it (`clienttimestamp`) when it has one, so it may differ from
 * the stored copy's `createdAt` by the time the message took to reach the service.
 */
export function normalizePush(topic: unknown, payload: Uint8Array | string, userId: string, fallbackTime: number = Date.now()): PushEvent | null {
  const parsed = typeof topic === 'string' ? parseInboxTopic(topic, userId) : null;
  if (!parsed) return null;
  const { requestId } = parsed;
  if (parsed.kind === 'archived') return { kind: 'closed', requestId };
  const raw = parseJson(payload);
  if (!isRecord(raw)) return null;
  const recipient = id(raw.recipient) ?? requestId;
  // The topic and the message must name the same conversation, or the message could land in the wrong one.
  if (recipient !== requestId) return null;
  const attributes = record(raw.attributes);
  const restId = id(attributes?.tiledesk_message_id);
  if (!attributes || !restId) return { kind: 'unkeyed', requestId };
  // What tiledesk-server adds on its way to Chat21 (chat21Handler): the REST copy has neither.
  delete attributes.tiledesk_message_id;
  delete attributes.projectId;
  const message = normalizeMessage(
    {
      _id: restId,
      sender: raw.sender,
      senderFullname: raw.sender_fullname,
      recipient,
      type: raw.type,
      text: raw.text,
      metadata: raw.metadata,
      attributes: Object.keys(attributes).length > 0 ? attributes : undefined,
      createdAt: raw.timestamp,
    },
    fallbackTime,
  );
  return message && { kind: 'message', requestId, message };
}
