import type { FirstMessageFields, OutboxItem } from './chatMessage.ts';
import { REASONS, type DeliveryReason } from './delivery.ts';

/**
 * A stored outbox read back as something this tab did not write itself (an earlier page, another
 * tab, another version of the widget, anyone editing storage) is repaired before use. A new
 * visitor's first open and send only ever read back their own writes (outboxStore.ts): this is
 * code of its own, with the rest of a returning visit's (src/chunks.ts `returning`).
 */

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isDeliveryReason = (value: unknown): value is DeliveryReason => (Object.values(REASONS) as unknown[]).includes(value);
const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : 0);

/** What an item carries to open its conversation (`OutboxItem.opening`): its strings and its attributes, nothing else. */
function openingOf(value: unknown): FirstMessageFields | undefined {
  if (!isRecord(value)) return undefined;
  const fields: FirstMessageFields = isRecord(value.attributes) ? { attributes: value.attributes } : {};
  for (const key of ['departmentid', 'sourcePage', 'language', 'userAgent'] as const) if (typeof value[key] === 'string') fields[key] = value[key];
  return fields;
}

/**
 * One stored item made safe to use, or null to drop it. Storage outlives versions of the widget
 * and can be edited by anyone: an item without its ids, for another conversation (another project,
 * or no conversation id at all), or with nothing to send is dropped; an unknown state becomes
 * "sending" with a history check first (it may have been delivered); every other field gets a
 * usable value.
 */
export function repairOutboxItem(value: unknown, belongs: (requestId: string) => boolean, now: number): OutboxItem | null {
  if (!isRecord(value)) return null;
  const { tempUID, requestId } = value;
  if (typeof tempUID !== 'string' || !tempUID || typeof requestId !== 'string' || !belongs(requestId)) return null;
  const type = typeof value.type === 'string' && value.type ? value.type : 'text';
  const text = typeof value.text === 'string' ? value.text : '';
  const metadata = isRecord(value.metadata) ? (value.metadata as OutboxItem['metadata']) : undefined;
  if (!text.trim() && type === 'text') return null;
  const known = value.state === 'sending' || value.state === 'failed';
  const opening = openingOf(value.opening);
  return {
    tempUID,
    requestId,
    text,
    type,
    ...(metadata ? { metadata } : {}),
    attributes: isRecord(value.attributes) ? value.attributes : {},
    createdAt: typeof value.createdAt === 'number' && Number.isFinite(value.createdAt) ? value.createdAt : now,
    attempts: known ? count(value.attempts) : 0,
    state: known ? (value.state as OutboxItem['state']) : 'sending',
    maybeDelivered: known && typeof value.maybeDelivered === 'boolean' ? value.maybeDelivered : true,
    ...(typeof value.attemptedAt === 'number' && Number.isFinite(value.attemptedAt) ? { attemptedAt: value.attemptedAt } : {}),
    notBefore: known ? count(value.notBefore) : 0,
    ...(typeof value.error === 'string' ? { error: value.error } : {}),
    ...(typeof value.retryable === 'boolean' ? { retryable: value.retryable } : {}),
    ...(isDeliveryReason(value.reason) ? { reason: value.reason } : {}),
    ...(value.autoRetried === true ? { autoRetried: true } : {}),
    ...(opening ? { opening } : {}),
  };
}

/** A stored list repaired item by item, one item per tempUID: a duplicated one would be sent (and shown) twice. */
export function repairOutbox(stored: readonly unknown[], belongs: (requestId: string) => boolean, now: number): OutboxItem[] {
  const seen = new Set<string>();
  const items: OutboxItem[] = [];
  for (const value of stored) {
    const item = repairOutboxItem(value, belongs, now);
    if (!item || seen.has(item.tempUID)) continue;
    seen.add(item.tempUID);
    items.push(item);
  }
  return items;
}
