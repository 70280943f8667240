/**
 * The rules of delivering a visitor's message exactly once: when an attempt may happen and which
 * message goes next. What a failed attempt means for the next one is deliveryFailure.ts.
 */

/** How the delivery of one outbox item (chatMessage.ts `OutboxItem`) goes: what these rules read and write. */
export interface DeliveryProgress {
  state: 'sending' | 'failed';
  attempts: number;
  /** A previous attempt may have reached the service: look for the tempUID before posting again. */
  maybeDelivered: boolean;
  /** When the last POST began (ms since epoch). */
  attemptedAt?: number;
  /** Not before this time (ms since epoch): backoff or `Retry-After`. */
  notBefore: number;
  /** A failure that may pass by itself (network, 5xx, 429): `online` tries it again. */
  retryable?: boolean;
  /** Already retried once by itself when the service answered again after an outage. */
  autoRetried?: boolean;
}

/**
 * An attempt whose fate is unknown (the page reloaded, the connection dropped) may still be on its
 * way through the service: its history is checked only this long after the attempt began, so a
 * slow first POST is not followed by a second one.
 */
export const SETTLE_MS = 8000;

/**
 * Messages keep their order while the one ahead is in its first attempts (a second or three):
 * after that, the ones behind it go on without it, so one message's trouble never holds back the
 * others, and a failed one never does.
 */
export const HOLD_ATTEMPTS = 3;

/** The service's JSON body limit (docs/service.md §0): a bigger POST can only be refused. */
export const SERVICE_BODY_LIMIT = 512_000;

/** Why a message was not sent, as the visitor reads it (label keys). */
export const REASONS = {
  tooLarge: 'MESSAGE_TOO_LARGE',
  refused: 'MESSAGE_REFUSED',
  sessionRefused: 'MESSAGE_SESSION_REFUSED',
  unreachable: 'MESSAGE_UNREACHABLE',
} as const;

/** Why a message was not sent, as the label key that words it for the visitor. */
export type DeliveryReason = (typeof REASONS)[keyof typeof REASONS];

/** When an outbox item may be tried next. */
export function dueAt(item: DeliveryProgress, settleMs = SETTLE_MS): number {
  return Math.max(item.notBefore, item.maybeDelivered && item.attemptedAt ? item.attemptedAt + settleMs : 0);
}

/** Does this item keep the ones after it waiting? (see HOLD_ATTEMPTS) */
export function holdsBack(item: DeliveryProgress): boolean {
  return item.state === 'sending' && item.attempts < HOLD_ATTEMPTS;
}

/** The next item to try now: the first due one, unless an earlier one still holds it back. */
export function nextToSend<T extends DeliveryProgress>(items: readonly T[], now: number, due: (item: T) => number = dueAt): T | undefined {
  for (const item of items) {
    if (item.state !== 'sending') continue;
    if (due(item) <= now) return item;
    if (holdsBack(item)) return undefined;
  }
  return undefined;
}

/** The service answers again: messages that failed for a passing reason go once more, by themselves. */
export function retryOnceRecovered<T extends DeliveryProgress>(item: T): T {
  if (item.state !== 'failed' || !item.retryable || item.autoRetried) return item;
  return { ...item, state: 'sending', attempts: 0, notBefore: 0, autoRetried: true };
}

/** The POST body's size as the service counts it (UTF-8 JSON). */
export function bodyBytes(body: unknown): number {
  return new TextEncoder().encode(JSON.stringify(body)).length;
}
