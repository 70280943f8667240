import type { ReadonlySignal } from '@preact/signals-core';
import { NetworkError } from '../../api/http.ts';
import { isRecord } from '../../api/normalize/guards.ts';
import { postMessage } from '../../api/messages.ts';
import type { WireMessage } from '../../api/wire.ts';
import { bubbleOf, type FirstMessageFields, type OutboxItem } from '../../state/chatMessage.ts';
import type { IdentityAttributes } from '../../state/identity.ts';
import { isTooLong, MAX_MESSAGE_CHARS } from '../../state/messageLength.ts';
import { newRequestId, newTempUID } from '../../state/requestId.ts';
import { createOutboxEngine, type DeliveryTarget } from '../delivery/outbox.ts';
import type { OutboxStore } from '../delivery/outboxStore.ts';
import type { Emitter, WidgetErrorDetail } from '../platform/events.ts';
import type { ConversationState } from './conversationState.ts';
import type { ConversationCore, ConversationDeps, Outgoing, SharedChange } from './conversationTypes.ts';

export interface SendQueueOptions {
  deps: ConversationDeps;
  outboxStore: OutboxStore;
  emitter: Emitter;
  state: ConversationState;
  myIds: ReadonlySignal<Set<string>>;
  /** The conversation this queue is part of, for its code on demand (messageRecovery.ts, journalRecovery.ts). */
  core(): ConversationCore;
  share(change: SharedChange): void;
  /** The read mark moves (made at 0 for a conversation made now: nothing in it seen yet). */
  markSeen(at: number): void;
  firstMessageFields(): FirstMessageFields;
  /** A new conversation's first message waits for the visitor's intake (intake.ts `pending`), or for the project to say what it asks. */
  holdsOpening?: () => boolean;
  /** Who the visitor is now: a later message carries it when it changed (identity.ts). */
  identity?: () => IdentityAttributes;
  isOnline(): boolean;
  random?: () => number;
  settleMs?: number;
}

/**
 * The visitor's messages on their way: each takes its conversation (the one shown, one made now, or
 * the one that follows start-up or a switch), goes into the stored outbox in the order written, and
 * from there to the service (the delivery engine, outbox.ts).
 */
export function createSendQueue(o: SendQueueOptions) {
  const { state, emitter, share, firstMessageFields, identity } = o;
  const { requestId, history, apply } = state;
  const { journal, session, now } = o.deps;
  const placement = createPlacement(o);
  const engine = createOutboxEngine({
    outboxStore: o.outboxStore,
    emitter,
    target: deliveryTarget(o, placement),
    onChange: () => share({ type: 'outbox' }),
    now,
    random: o.random,
    isOnline: o.isOnline,
    settleMs: o.settleMs,
  });
  const { change, flush } = engine;
  const { place } = placement;
  /** The last message on its way into the outbox (`send`): the next one waits for it. */
  let sendTurn: Promise<unknown> = Promise.resolve();
  /**
   * Messages a reload cut off on their way into the outbox join it now, by code of their own
   * (journalRecovery.ts), fetched only when the journal holds some. Not downloaded: they stay in the
   * journal (`leftInJournal`), and the next message, written after them, puts them in first.
   */
  let leftInJournal = false;
  async function recoverJournal() {
    const held = journal.left().filter(isRecord);
    leftInJournal = held.length > 0;
    if (!leftInJournal) return;
    const recovery = await import('./journalRecovery.ts');
    await recovery.recoverJournal(o.core(), held);
    leftInJournal = false;
  }
  /** What a message could not store stays in the journal: the next message or the network's return puts it in first. */
  const recoverLeftInJournal = async () => {
    if (leftInJournal) await recoverJournal().catch(() => undefined);
  };

  /** Into the outbox, once placed in its conversation (`placed`), and named if the visitor changed (identityUpdate.ts). */
  async function enqueue(item: OutboxItem, placed: Promise<unknown>, placedFor: { visitor: number }, ready?: Promise<void>) {
    await ready;
    await recoverLeftInJournal();
    // The visitor acts: if the service refused their session, it may be tried once more.
    session.allowAgain();
    // Start-up never read the stored conversation (a model disposed first, or one never restored): the one of now.
    placement.unlessKnown();
    await placed;
    let named: IdentityAttributes | null = null;
    do {
      // Its visitor was forgotten on its way here (a reset, another known visitor named by the
      // page): it is the next visitor's, in their conversation. (Once its write has begun, a
      // forget empties the outbox after it: it leaves with the visitor who sent it.)
      while (placedFor.visitor !== placement.visitor()) {
        placedFor.visitor = placement.visitor();
        await place(item);
      }
      const rid = item.requestId;
      // Still the conversation shown: what opens it is taken again, now that start-up is done (its departments known).
      if (item.opening && rid === requestId.peek()) item.opening = firstMessageFields();
      // The first message names the visitor (firstMessageFields); a later one only after a change,
      // which is code of its own (identityUpdate.ts, with the client's later code): a first message
      // never runs it. Not downloaded: this message goes without, and the next one names them.
      named =
        identity && history.value.some((m) => m.recipient === rid)
          ? await import('../../state/identityUpdate.ts').then(
              (update) => update.laterMessageIdentity(identity(), rid, o.myIds.peek(), history.value, engine.items.value),
              () => null,
            )
          : null;
    } while (placedFor.visitor !== placement.visitor());
    if (named) item.attributes = { ...named, ...item.attributes };
    await change((items) => [...items.filter((i) => i.tempUID !== item.tempUID), item]).catch((error: unknown) => {
      // Not in the outbox (it could not be read): the journal keeps it for the next message, or
      // the network's return, to put in first.
      journal.leave(item.tempUID);
      leftInJournal = true;
      throw error;
    });
    journal.release(item.tempUID);
  }

  // Runs in the task that called it until its first `await`: the journal has the message before anything waits.
  async function send(message: Outgoing, ready?: Promise<void>) {
    const text = message.text;
    if (!text.trim() && (message.type ?? 'text') === 'text') return;
    // Never queued: the service could only refuse it (messageLength.ts). The composer says so first.
    if (isTooLong(text)) {
      emitter.emit('error', {
        type: 'send',
        reason: 'MESSAGE_TOO_LONG',
        limit: MAX_MESSAGE_CHARS,
        message: `a message has at most ${MAX_MESSAGE_CHARS} characters`,
      } satisfies WidgetErrorDetail);
      return;
    }
    const item = outboxItemOf(message, now());
    // Its conversation, now if it is known; a page that reloads in this very task still has it (sendJournal.ts).
    const placedFor = { visitor: placement.visitor() };
    const placed = new Promise<unknown>((resolve) => {
      const waits = placement.take(() => {
        placedFor.visitor = placement.visitor();
        resolve(place(item));
      });
      if (waits) journal.hold(item);
    });
    placed.catch(() => undefined);
    // Into the outbox in the order they were written: the first message waits for the new
    // conversation to be stored, and the next ones must not overtake it.
    const queued = sendTurn.then(() => enqueue(item, placed, placedFor, ready));
    sendTurn = queued.catch(() => undefined);
    await queued;
    apply({ type: 'active', at: now() });
    await flush();
  }

  /**
   * When this tab settles on a conversation (start-up, a new conversation): failed messages of
   * any other are dropped, as nobody could see, retry or delete them. Pending ones of an earlier
   * conversation still go to it. (Not on every read: another tab may have just moved on.)
   */
  async function dropFailedElsewhere(keepsOthers: boolean) {
    if (keepsOthers) return;
    const rid = requestId.peek();
    const stale = (i: OutboxItem) => i.state === 'failed' && i.requestId !== rid;
    if ((await o.outboxStore.read()).some(stale)) await change((items) => items.filter((i) => !stale(i)));
  }

  return {
    engine,
    send,
    switching: placement.switching,
    ensureRequestId: placement.ensureRequestId,
    recoverJournal,
    dropFailedElsewhere,
    known: placement.known,
    /** Network is back: whatever waits on backoff goes now. */
    resume() {
      void recoverLeftInJournal().then(() => change((items) => items.map(resumed)).then(flush));
    },
    forgotten: placement.forgotten,
  };
}

/**
 * Which conversation a message takes: the one shown, one made now, or, before start-up read the
 * stored one (`known`) or while a switch is under way (`switching`), the one shown once that is done.
 */
function createPlacement(o: SendQueueOptions) {
  const { requestId, history, apply } = o.state;
  const { journal, store, projectId } = o.deps;
  const { firstMessageFields } = o;
  /** Conversations a message was stored in by this tab (one not shown has no history here). */
  const started = new Set<string>();
  /**
   * Messages sent while the conversation they belong to is not known, in the order sent: before
   * start-up read the stored one (`known`), or while a switch is under way (`switches`).
   */
  const unplaced: Array<() => void> = [];
  let known = false;
  let switches = 0;
  /** Visitors forgotten so far (`forget`): a message placed before one and written after is the next visitor's. */
  let forgotten = 0;
  const placeWaiting = (anyway = false) => {
    while (unplaced.length && (anyway || (known && !switches))) unplaced.shift()!();
  };

  /** A conversation made now, shown from now on; `stored`: its id is in storage and the other tabs know. */
  function newConversation() {
    const rid = newRequestId(projectId);
    apply({ type: 'made', requestId: rid });
    // Nothing in it seen yet: whatever the other side writes is unread until the visitor sees it.
    o.markSeen(0);
    return { rid, stored: store.set('conversation', { requestId: rid }).then(() => o.share({ type: 'conversation' })) };
  }

  async function ensureRequestId(): Promise<string> {
    if (requestId.value) return requestId.value;
    const made = newConversation();
    await made.stored;
    return made.rid;
  }

  /**
   * `item` takes the conversation shown, or one made now: the next messages go to the same one, and
   * a switch right after takes none of them. While no message of it is stored, the item carries what
   * opens it (`OutboxItem.opening`). Gives the storing of a conversation made.
   */
  function place(item: OutboxItem): Promise<void> | undefined {
    const made = requestId.peek() ? undefined : newConversation();
    const rid = (item.requestId = made?.rid ?? requestId.peek()!);
    if (!started.has(rid) && !history.peek().some((m) => m.recipient === rid)) item.opening = firstMessageFields();
    journal.hold(item);
    return made?.stored;
  }

  /** See `ConversationCore.switching`. */
  function switching<T>(work: Promise<T>): Promise<T> {
    switches++;
    const done = () => {
      switches--;
      placeWaiting();
    };
    work.then(done, done);
    return work;
  }

  return {
    started,
    place,
    ensureRequestId,
    switching,
    /** `take` now if the conversation is known and nothing waits, else once it is (true: it waits). */
    take(take: () => void): boolean {
      if (known && !switches && !unplaced.length) {
        take();
        return false;
      }
      unplaced.push(take);
      return true;
    },
    /** Start-up read the stored conversation: messages that waited for it take it now. */
    known() {
      known = true;
      placeWaiting();
    },
    /** Start-up never read the stored conversation (a model disposed first, or one never restored): the one of now. */
    unlessKnown() {
      if (!known) placeWaiting(true);
    },
    /** The visitor was forgotten: a message placed before and written after is the next visitor's. */
    forgotten: () => void forgotten++,
    visitor: () => forgotten,
  };
}

type Placement = ReturnType<typeof createPlacement>;

/** A message the visitor writes, as the outbox keeps it (its conversation still to take). */
export function outboxItemOf(message: Outgoing, now: number): OutboxItem {
  return {
    tempUID: newTempUID(),
    requestId: '',
    text: message.text,
    type: message.type ?? 'text',
    ...(message.metadata ? { metadata: message.metadata } : {}),
    attributes: { ...message.attributes, clienttimestamp: now },
    createdAt: now,
    attempts: 0,
    state: 'sending',
    maybeDelivered: false,
    notBefore: 0,
  };
}

/** The network is back: what waits on backoff goes now, and what failed for a passing reason goes again. */
export function resumed(item: OutboxItem): OutboxItem {
  if (item.state === 'sending') return { ...item, notBefore: 0 };
  return item.retryable ? { ...item, state: 'sending', notBefore: 0, attempts: 0 } : item;
}

/** What the delivery engine (outbox.ts) needs of the conversation it delivers to. */
function deliveryTarget(o: SendQueueOptions, { started, ensureRequestId }: Placement): DeliveryTarget {
  const { requestId, history, apply } = o.state;
  const { emitter, firstMessageFields } = o;
  const { session, http, projectId, store, now } = o.deps;
  const opens = (item: OutboxItem) => !started.has(item.requestId) && !history.value.some((m) => m.recipient === item.requestId);
  return {
    // Only the conversation shown waits: one the visitor left opens with what it had then.
    held: (item) => item.requestId === requestId.peek() && !!o.holdsOpening?.() && opens(item),
    opening(item) {
      if (!opens(item)) return null;
      // The conversation shown opens with what is known now (the department chosen after it was
      // written); an earlier one with what it had then.
      return item.requestId === requestId.peek() ? firstMessageFields() : (item.opening ?? null);
    },
    // A message whose attempt was cut off is looked for with code of its own (messageRecovery.ts).
    // Not downloaded: the attempt failed as on the network (it is tried again later, looked for first).
    isStored: (item) =>
      import('./messageRecovery.ts').then(
        (m) => m.isStored(o.core(), item),
        (error: unknown) => {
          throw new NetworkError(error, false);
        },
      ),
    post: (rid, body) => session.authorized((token) => postMessage(http, token, projectId, rid, body)),
    stored(item, stored) {
      started.add(item.requestId);
      const { request: _request, ...answer } = stored ?? ({} as WireMessage);
      // The answer joins the history it belongs to only: the visitor may have moved on to another
      // conversation meanwhile, and a service's answer for another recipient is nobody's here
      // (one without a recipient is the answer to this POST).
      const message = { ...answer, recipient: answer.recipient || item.requestId } as WireMessage;
      if (typeof message._id === 'string' && message.recipient === item.requestId) {
        apply({ type: 'stored', message });
        o.share({ type: 'messages', requestId: item.requestId, messages: [message] });
      }
      return message;
    },
    sent(item, message, first) {
      apply({ type: 'active', at: now() });
      emitter.emit('message:sent', bubbleOf(message, true));
      if (first) emitter.emit('conversation:started', { requestId: item.requestId });
    },
    // Only a conversation with a history moves: a brand-new one refused is a plain refusal.
    mayMove: (item) => item.requestId === requestId.peek() && history.value.length > 0,
    async moveToNew() {
      apply({ type: 'reset' });
      await store.del('conversation');
      return ensureRequestId();
    },
  };
}
