import type { MessageAttributes, MessageMetadata, WireMessage } from '../api/wire.ts';

/** What the message list shows: the service's history plus the visitor's messages not yet stored. */
export interface ChatMessage {
  /** Stable across the optimistic bubble and its echo (the tempUID when there is one). */
  key: string;
  id?: string;
  tempUID?: string;
  text: string;
  type: string;
  metadata?: MessageMetadata;
  attributes?: MessageAttributes;
  senderName: string;
  fromVisitor: boolean;
  createdAt: number;
  state: 'sending' | 'sent' | 'failed';
}

export interface OutboxItem {
  tempUID: string;
  requestId: string;
  text: string;
  type: string;
  metadata?: MessageMetadata;
  attributes: MessageAttributes;
  createdAt: number;
  attempts: number;
  state: 'sending' | 'failed';
  /** A previous attempt may have reached the service: look for the tempUID before posting again. */
  maybeDelivered: boolean;
  /** Not before this time (ms since epoch): backoff or `Retry-After`. */
  notBefore: number;
  error?: string;
  /** A failure that may pass by itself (network, 5xx, 429): `online` tries it again. */
  retryable?: boolean;
}

/** Hidden from the visitor: service info messages (issue #3 renders known ones as info lines). */
export function isHidden(message: WireMessage): boolean {
  return message.attributes?.subtype === 'info' || message.attributes?.subtype === 'info/support';
}

function timeOf(message: WireMessage): number {
  const parsed = Date.parse(message.createdAt);
  return Number.isNaN(parsed) ? 0 : parsed;
}

/**
 * Merges history and outbox into what the visitor sees. History keeps the service's order (oldest
 * first); outbox items whose tempUID the service already has are not shown twice; the rest follow.
 */
export function toChatMessages(history: readonly WireMessage[], outbox: readonly OutboxItem[], myIds: ReadonlySet<string>, requestId: string | null): ChatMessage[] {
  const stored = new Set<string>();
  const out: ChatMessage[] = [];
  for (const message of history) {
    const tempUID = typeof message.attributes?.tempUID === 'string' ? message.attributes.tempUID : undefined;
    if (tempUID) stored.add(tempUID);
    if (isHidden(message)) continue;
    out.push({
      key: tempUID ?? message._id,
      id: message._id,
      tempUID,
      text: typeof message.text === 'string' ? message.text : '',
      type: message.type ?? 'text',
      metadata: message.metadata,
      attributes: message.attributes,
      senderName: (message.senderFullname ?? '').trim(),
      fromVisitor: myIds.has(message.sender),
      createdAt: timeOf(message),
      state: 'sent',
    });
  }
  for (const item of outbox) {
    if (stored.has(item.tempUID) || item.requestId !== requestId) continue;
    out.push({
      key: item.tempUID,
      tempUID: item.tempUID,
      text: item.text,
      type: item.type,
      metadata: item.metadata,
      attributes: item.attributes,
      senderName: '',
      fromVisitor: true,
      createdAt: item.createdAt,
      state: item.state,
    });
  }
  return out;
}

/** Adds or replaces messages by `_id`, keeping oldest first. */
export function mergeHistory(history: readonly WireMessage[], incoming: readonly WireMessage[]): WireMessage[] {
  const byId = new Map(history.map((m) => [m._id, m] as const));
  let appended = false;
  for (const message of incoming) {
    if (!message || typeof message._id !== 'string') continue;
    if (!byId.has(message._id)) appended = true;
    byId.set(message._id, message);
  }
  const merged = [...byId.values()];
  // Stable sort: equal timestamps keep the service's order.
  return appended ? merged.sort((a, b) => timeOf(a) - timeOf(b)) : merged;
}
