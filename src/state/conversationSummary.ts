import type { WireMessage, WireRequest } from '../api/wire.ts';
import { isInfo, type ChatMessage } from './chatMessage.ts';
import { POLL_WITH_PUSH_MS } from './pollSchedule.ts';

/** One line of the visitor's conversation list (the home screen's `conversation-item`). */
export interface ConversationSummary {
  /** The conversation's id (what `openConversation` takes). */
  requestId: string;
  /** The last message's text; '' for an image or a file (the view names the kind). */
  text: string;
  /** The last message's type (`text`, `image`, `file`, …). */
  type: string;
  /** Who wrote it, as the service names them ('' for the visitor). */
  senderName: string;
  /** Their user id, for their photo ('' for the visitor). */
  senderId: string;
  /** The visitor wrote the last message. */
  fromVisitor: boolean;
  /** When (ms since the epoch). */
  time: number;
  /** Ended (status 1000, or ended here): read-only, with the end view. */
  closed: boolean;
  /** Messages from the other side the visitor has not seen. */
  unread: number;
}

/** The service's `CLOSED` request status (docs/service.md §6). */
const CLOSED = 1000;

const timeOf = (iso: string | undefined) => {
  const ms = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(ms) ? 0 : ms;
};

/**
 * A conversation as `GET /{pid}/requests/me` lists it: the request's `attributes.last_message`
 * (which the service keeps from the second message on, normalised by `api/normalize/request.ts`),
 * else its first text, which is always the visitor's.
 */
export function summaryOfRequest(request: WireRequest, myIds: ReadonlySet<string>): ConversationSummary {
  const last = request.attributes?.last_message as WireMessage | undefined;
  const useLast = !!last && !isInfo(last.attributes);
  return {
    requestId: request.request_id,
    text: useLast ? last.text : (request.first_text ?? ''),
    type: useLast ? last.type : 'text',
    senderName: useLast && !myIds.has(last.sender) ? last.senderFullname : '',
    senderId: useLast && !myIds.has(last.sender) ? last.sender : '',
    fromVisitor: useLast ? myIds.has(last.sender) : true,
    time: useLast ? timeOf(last.createdAt) : timeOf(request.createdAt),
    closed: request.status >= CLOSED,
    unread: 0,
  };
}

/**
 * The conversation on screen, from its own messages (newer than the list's copy, and there before
 * the service lists a brand-new one). Null while it has no message: nothing to list yet.
 */
export function summaryOfMessages(requestId: string, messages: readonly ChatMessage[], closed: boolean): ConversationSummary | null {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.kind !== 'message') continue;
    return {
      requestId,
      text: m.text,
      type: m.type,
      senderName: m.fromVisitor ? '' : m.senderName,
      senderId: m.fromVisitor ? '' : m.senderId,
      fromVisitor: m.fromVisitor,
      time: m.createdAt,
      closed,
      unread: 0,
    };
  }
  return null;
}

/**
 * The list the visitor sees: the service's, with the current conversation's own summary in place of
 * (or added to) its entry, each with its unread count, the latest activity first.
 */
export function listWithCurrent(
  served: readonly ConversationSummary[],
  current: ConversationSummary | null,
  unread: Readonly<Record<string, number>>,
): ConversationSummary[] {
  const byId = new Map(served.map((s) => [s.requestId, s]));
  // A conversation ended on the service stays ended whatever this tab has seen of it.
  if (current) byId.set(current.requestId, { ...current, closed: current.closed || !!byId.get(current.requestId)?.closed });
  return [...byId.values()].map((s) => ({ ...s, unread: unread[s.requestId] ?? 0 })).sort((a, b) => b.time - a.time);
}

/** The list says the other side wrote after the visitor last saw the conversation: worth counting. */
export function hasNewsSince(summary: ConversationSummary, seenAt: number): boolean {
  return !summary.fromVisitor && summary.time > seenAt;
}

/**
 * What the device remembers per conversation: when the visitor last saw it, and its unread count.
 * Storage is outside input (another version, another tab): anything malformed is dropped.
 */
export interface ReadMarks {
  seen: Record<string, number>;
  unread: Record<string, number>;
}

export function readMarksOf(value: unknown): ReadMarks {
  const numbers = (v: unknown): Record<string, number> => {
    const out: Record<string, number> = {};
    if (!v || typeof v !== 'object' || Array.isArray(v)) return out;
    for (const [key, n] of Object.entries(v)) if (typeof n === 'number' && Number.isFinite(n) && n >= 0) out[key] = n;
    return out;
  };
  const raw = (value && typeof value === 'object' ? value : {}) as { seen?: unknown; unread?: unknown };
  return { seen: numbers(raw.seen), unread: numbers(raw.unread) };
}

/**
 * The list's polling, or null to pause: only the leading tab, in a visible page, online; quicker on
 * the home screen; once a minute while a push channel brings the news (pollSchedule.ts's safety net).
 */
export function listPollDelay(state: { leads: boolean; visible: boolean; online: boolean; homeOnScreen: boolean; pushLive?: boolean }): number | null {
  if (!state.leads || !state.visible || !state.online) return null;
  if (state.pushLive) return POLL_WITH_PUSH_MS;
  return state.homeOnScreen ? LIST_POLL_HOME_MS : LIST_POLL_MS;
}

/** One `requests/me` call every so often: agents' replies elsewhere raise unread marks within this. */
export const LIST_POLL_MS = 15_000;
export const LIST_POLL_HOME_MS = 6_000;
