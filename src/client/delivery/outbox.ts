import { signal, type ReadonlySignal } from '@preact/signals-core';
import type { SendMessageBody, WireMessage } from '../../api/wire.ts';
import type { FirstMessageFields, OutboxItem } from '../../state/chatMessage.ts';
import { bodyBytes, dueAt, nextToSend, REASONS, retryOnceRecovered, SERVICE_BODY_LIMIT, SETTLE_MS } from '../../state/delivery.ts';
import { failureOf, failureReport, isConversationRefusal, movedTo, UndeliverableError } from './deliveryFailure.ts';
import type { Emitter, WidgetErrorDetail } from '../platform/events.ts';
import type { OutboxStore } from './outboxStore.ts';

/**
 * The delivery engine: the visitor's messages go from the stored outbox to the service in order,
 * one tab at a time, each at most once (write-ahead `maybeDelivered`, then a look at the history),
 * with backoff, a wake-up timer for the next due item, and a move to a new conversation when the
 * service takes no more in the old one. The rules themselves are pure functions in delivery.ts.
 */
export interface OutboxEngine {
  items: ReadonlySignal<OutboxItem[]>;
  /** Stored first, shown after: what the visitor sees as queued is always in storage. */
  change(change: (items: OutboxItem[]) => OutboxItem[]): Promise<void>;
  /** Shows what storage holds now (another tab changed it). */
  reload(): Promise<void>;
  /** Sends what is due; a second call while sending makes one more pass. */
  flush(): Promise<void>;
  /** The service answers again: what failed for a passing reason goes once more. */
  recovered(): Promise<void>;
  /** This tab leads now: what a closed tab left in flight goes at once (its history is checked first). */
  takeOver(): Promise<void>;
  dispose(): void;
}

/** What the engine needs of the conversation it delivers to. */
export interface DeliveryTarget {
  /** The message may be stored already (an earlier attempt was cut off): look at the history. */
  isStored(item: OutboxItem): Promise<boolean>;
  /**
   * `item` opens a conversation whose department (or pre-chat answers) the visitor has not given
   * yet: it stays in the outbox, sending, and goes once they are (docs/delivery.md).
   */
  held(item: OutboxItem): boolean;
  /** What `item` carries as the first message of its conversation, or null: one of it is stored already. */
  opening(item: OutboxItem): FirstMessageFields | null;
  post(requestId: string, body: SendMessageBody): Promise<WireMessage | null>;
  /** The service stored `item` and answered `answer`: show it; gives the message as stored. */
  stored(item: OutboxItem, answer: WireMessage | null): WireMessage;
  /** …and it has left the outbox: tell whoever listens. */
  sent(item: OutboxItem, message: WireMessage, first: boolean): void;
  /** The service refused to add to this conversation: may its unsent messages start a new one? */
  mayMove(item: OutboxItem): boolean;
  /** Starts a new conversation and gives its id. */
  moveToNew(): Promise<string>;
}

export function createOutboxEngine(options: {
  outboxStore: OutboxStore;
  emitter: Emitter;
  target: DeliveryTarget;
  /** The outbox changed: other tabs show it too. */
  onChange(): void;
  now: () => number;
  random?: () => number;
  isOnline: () => boolean;
  /** See SETTLE_MS; tests shorten it. */
  settleMs?: number;
}): OutboxEngine {
  const { outboxStore, emitter, target, now } = options;
  const items = signal<OutboxItem[]>([]);
  const due = (item: OutboxItem) => dueAt(item, options.settleMs ?? SETTLE_MS);
  /** What may go: sending, and not held for the visitor's intake (`DeliveryTarget.held`). */
  const sendable = () => items.peek().filter((i) => i.state === 'sending' && !target.held(i));
  let flushing: Promise<void> | null = null;
  let flushAgain = false;
  let wakeTimer: ReturnType<typeof setTimeout> | undefined;
  let disposed = false;

  /** Sets what the view renders: a subscriber that throws (a broken render) never stops delivery. */
  function publish(list: OutboxItem[]) {
    try {
      items.value = list;
    } catch (error) {
      emitter.emit('error', { type: 'render', message: String(error) } satisfies WidgetErrorDetail);
    }
  }

  async function change(update: (list: OutboxItem[]) => OutboxItem[]) {
    publish(await outboxStore.update(update));
    options.onChange();
  }

  async function recovered() {
    if (!items.peek().some((i) => retryOnceRecovered(i) !== i)) return;
    await change((list) => list.map(retryOnceRecovered));
    void flush();
  }

  function scheduleWake() {
    clearTimeout(wakeTimer);
    const waiting = sendable();
    if (!waiting.length || disposed) return;
    const next = Math.min(...waiting.map(due));
    wakeTimer = setTimeout(() => void flush(), Math.max(0, next - now()));
  }

  async function deliver(item: OutboxItem): Promise<void> {
    if (item.maybeDelivered && (await target.isStored(item))) return;
    const opening = target.opening(item);
    const { attributes: firstAttributes, ...firstFields } = opening ?? {};
    const body: SendMessageBody = {
      ...firstFields,
      text: item.text,
      type: item.type,
      attributes: { ...firstAttributes, ...item.attributes, tempUID: item.tempUID },
      ...(item.metadata ? { metadata: item.metadata } : {}),
    };
    // Bigger than the service takes (long first-message attributes): it would only be refused.
    if (bodyBytes(body) > SERVICE_BODY_LIMIT) throw new UndeliverableError(REASONS.tooLarge);
    // Write-ahead: from here on the message may reach the service, so whoever tries next (this
    // tab after a failure, another tab after this one closed) checks the history first.
    await change((list) => list.map((i) => (i.tempUID === item.tempUID ? { ...i, maybeDelivered: true, attemptedAt: now() } : i)));
    const message = target.stored(item, await target.post(item.requestId, body));
    await change((list) => list.filter((i) => i.tempUID !== item.tempUID));
    target.sent(item, message, !!opening);
  }

  /**
   * After `item`'s attempt failed with `error`: its messages move to a new conversation when the
   * service takes no more in this one, else the item is patched by `failureOf` (deliveryFailure.ts).
   */
  async function settle(item: OutboxItem, error: unknown) {
    if (isConversationRefusal(error) && target.mayMove(item)) {
      const to = await target.moveToNew();
      await change((list) => list.map((i) => (i.requestId === item.requestId ? movedTo(i, to) : i)));
      return;
    }
    const patch = failureOf(item, error, { now: now(), random: options.random, online: options.isOnline() });
    await change((list) => list.map((i) => (i.tempUID === item.tempUID ? { ...i, ...patch } : i)));
    const report = failureReport(item, error, patch);
    if (report) emitter.emit('error', report);
  }

  async function drain() {
    publish(await outboxStore.read());
    for (;;) {
      if (disposed) return;
      // In order, except that a message in trouble holds the others back only briefly (delivery.ts).
      const item = nextToSend(sendable(), now(), due);
      if (!item) break;
      try {
        await deliver(item);
        await recovered();
      } catch (error) {
        await settle(item, error);
      }
    }
  }

  function flush(): Promise<void> {
    if (flushing) {
      flushAgain = true;
      return flushing;
    }
    flushing = outboxStore
      .exclusive(async () => {
        do {
          flushAgain = false;
          await drain();
        } while (flushAgain && !disposed);
      })
      .catch((error: unknown) => emitter.emit('error', { type: 'send', message: String(error) }))
      .finally(() => {
        flushing = null;
        scheduleWake();
      });
    return flushing;
  }

  return {
    items,
    change,
    async reload() {
      publish(await outboxStore.read());
    },
    flush,
    recovered,
    async takeOver() {
      publish((await outboxStore.read()).map((i) => (i.state === 'sending' ? { ...i, notBefore: 0 } : i)));
      if (items.peek().some((i) => i.state === 'sending')) void flush();
    },
    dispose() {
      disposed = true;
      clearTimeout(wakeTimer);
    },
  };
}
