/**
 * The topics of Chat21's MQTT channel (docs/service.md §12.3): every message of a conversation is
 * published to each member's own inbox, `apps/tilechat/users/<uid>/…`. MQTT's `/` is AMQP's `.` on
 * RabbitMQ's `amq.topic`. The demo service publishes with these too, so both ends agree.
 */

export const CHAT21_APP_ID = 'tilechat';

/** A user id that is safe inside a topic: no level separator, no wildcard, no NUL (§4.7). */
export function isTopicSafeId(id: string): boolean {
  return id.length > 0 && !/[/+#\u0000]/.test(id);
}

/** What a visitor subscribes to, and all it may subscribe to: its own inbox. */
export function inboxFilter(userId: string): string {
  return `apps/${CHAT21_APP_ID}/users/${userId}/#`;
}

/** Where a new message of conversation `requestId` reaches member `userId`. */
export function messageTopic(userId: string, requestId: string): string {
  return `apps/${CHAT21_APP_ID}/users/${userId}/messages/${requestId}/clientadded`;
}

/** Where member `userId` learns that conversation `requestId` was closed (archived). */
export function archivedTopic(userId: string, requestId: string): string {
  return `apps/${CHAT21_APP_ID}/users/${userId}/archived_conversations/${requestId}/clientadded`;
}

export type InboxTopic = { kind: 'message' | 'archived'; requestId: string };

/**
 * What a topic of `userId`'s inbox says: a new message, or a closed conversation, of which
 * conversation. Anything else (another user's inbox, receipts, conversation updates, presence) is null.
 */
export function parseInboxTopic(topic: string, userId: string): InboxTopic | null {
  const [apps, app, users, user, what, requestId, event, ...more] = topic.split('/');
  if (apps !== 'apps' || app !== CHAT21_APP_ID || users !== 'users' || user !== userId || more.length > 0) return null;
  if (!requestId || event !== 'clientadded') return null;
  if (what === 'messages') return { kind: 'message', requestId };
  if (what === 'archived_conversations') return { kind: 'archived', requestId };
  return null;
}
