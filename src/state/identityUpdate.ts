/**
 * Whether a later message must name the visitor again (identity.ts): only when who they are changed
 * since the last message that did (a `setUser`, a sign-in), so the agent sees the change on that
 * message without every message growing by the payload.
 */
import type { MessageAttributes, WireMessage } from '../api/wire.ts';
import type { OutboxItem } from './chatMessage.ts';
import type { IdentityAttributes } from './identity.ts';

const KEYS = ['userFullname', 'userEmail', 'payload'] as const;

/** A comparable text: object keys sorted, so `{a, b}` and `{b, a}` are the same. */
const canonical = (value: unknown) =>
  JSON.stringify(value, (_, v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort()) : v));

const identityOf = (attributes: MessageAttributes | undefined): IdentityAttributes | null =>
  attributes && KEYS.some((k) => k in attributes) ? Object.fromEntries(KEYS.filter((k) => attributes[k] !== undefined).map((k) => [k, attributes[k]])) : null;

/**
 * What a later message of the conversation must carry: `current` when it differs from the identity
 * on the visitor's latest message that carried one (`sent`: their messages, oldest first), else
 * null. A visitor who was never named and still is not carries nothing.
 */
export function identityUpdate(current: IdentityAttributes, sent: ReadonlyArray<{ attributes?: MessageAttributes }>): IdentityAttributes | null {
  let last: IdentityAttributes | null = null;
  for (let i = sent.length - 1; i >= 0 && !last; i--) last = identityOf(sent[i]!.attributes);
  const now = canonical(current);
  if (now === canonical(last ?? {})) return null;
  return current;
}

/**
 * What a later message of conversation `requestId` must carry (`identityUpdate`), from the visitor's
 * messages there (`mine`: their ids): the stored history's, then the outbox's.
 */
export function laterMessageIdentity(
  current: IdentityAttributes,
  requestId: string,
  mine: ReadonlySet<string>,
  history: readonly WireMessage[],
  outbox: readonly OutboxItem[],
): IdentityAttributes | null {
  return identityUpdate(current, [
    ...history.filter((m) => m.recipient === requestId && mine.has(m.sender)),
    ...outbox.filter((i) => i.requestId === requestId),
  ]);
}
