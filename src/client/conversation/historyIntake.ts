import type { ReadonlySignal } from '@preact/signals-core';
import type { Http } from '../../api/http.ts';
import { listMessages } from '../../api/messages.ts';
import type { WireMessage } from '../../api/wire.ts';
import { bubbleOf, mergeHistory } from '../../state/chatMessage.ts';
import { sortIncoming, type Prepared } from '../../state/incomingSort.ts';
import { newestTime, READ_MARK, unreadSince } from '../../state/readMark.ts';
import { startsWithSame } from '../../state/stableList.ts';
import type { OutboxEngine } from '../delivery/outbox.ts';
import type { Emitter } from '../platform/events.ts';
import type { KeyValueStore } from '../platform/storage.ts';
import type { SessionModel } from '../session/session.ts';
import type { ConversationState } from './conversationState.ts';
import type { SharedChange } from './conversationTypes.ts';
import type { Timeline } from './timeline.ts';

/** More messages than this at once (a history read whole) are prepared in slices and shared in a task of their own. */
const MANY = 200;

export interface HistoryIntakeOptions {
  http: Http;
  projectId: string;
  session: SessionModel;
  store: KeyValueStore;
  emitter: Emitter;
  state: ConversationState;
  timeline: Timeline;
  myIds: ReadonlySignal<Set<string>>;
  engine: OutboxEngine;
  share(change: SharedChange): void;
  isWindowOpen(): boolean;
  announces(): boolean;
  now(): number;
}

/**
 * What the service says comes in: a history read (`fetch`), messages pushed or relayed (`absorb`).
 * It is merged into the history, told as news (events, unread count, the other tabs) when it is,
 * and the read mark follows what the visitor sees.
 */
export function createHistoryIntake(o: HistoryIntakeOptions) {
  const { state, timeline, myIds, engine, now, emitter, share, isWindowOpen } = o;
  const { requestId, history, apply } = state;
  const reportStorage = (error: unknown) => emitter.emit('error', { type: 'storage', message: String(error) });

  /** `ready`: what `prepare` made of `incoming` ahead, in slices (a long history), used while still true. */
  function absorb(incoming: readonly WireMessage[], silent = false, ready?: Prepared | null) {
    const seen = state.seen();
    const prepared = ready && ready.base === history.peek() && ready.mine === myIds.peek() && ready.seenBefore === seen && ready.seenSize === seen.size;
    const merged = prepared ? ready.merged : mergeHistory(history.value, incoming);
    const sorted = prepared ? ready.sorted : sortIncoming(incoming, seen, myIds.value);
    apply({ type: 'history', history: merged, seen: sorted.seen });
    const fresh = sorted.fresh;
    const rid = requestId.peek();
    if (fresh.length && rid && !silent) shareFresh(rid, fresh);
    // The first load after a reload is history, not news.
    const live = state.isLive();
    apply({ type: 'live' });
    if (!live) {
      // The conversation was last active when its newest message was written, not at 0: a page
      // load must keep the poll schedule of an active conversation, not take it for dormant.
      const newest = Date.parse(incoming[incoming.length - 1]?.createdAt ?? '');
      if (newest > state.lastActivity.peek()) apply({ type: 'active', at: Math.min(newest, now()) });
      countUnseen();
    } else if (isWindowOpen()) markSeen();
    timeline.spoke(sorted.senders);
    applyIdentityUpdates(sorted.updates);
    const received = sorted.received;
    if (!received.length) return;
    apply({ type: 'active', at: now() });
    if (!live) return;
    const scripted = received.filter((m) => Array.isArray(m.attributes?.commands));
    if (scripted.length)
      apply({ type: 'arrived', keys: scripted.map((m) => (typeof m.attributes?.tempUID === 'string' ? m.attributes.tempUID : m._id)), at: now() });
    // Other tabs' news is announced by the leading tab only: events and unread counts happen once.
    if (silent || !o.announces()) return;
    for (const m of received) emitter.emit('message:received', bubbleOf(m, false));
    if (!isWindowOpen()) apply({ type: 'unread', count: state.unread.peek() + received.length });
  }

  /**
   * A whole history is a large message to copy for the other tabs: it goes in slices (longHistory.ts,
   * here already when this tab made the history ready in slices), unless this tab has moved on by
   * then. Not downloaded (offline): in one message.
   */
  function shareFresh(rid: string, fresh: WireMessage[]) {
    const shareNow = (messages: WireMessage[]) => {
      const still = requestId.peek() === rid;
      if (still) share({ type: 'messages', requestId: rid, messages });
      return still;
    };
    if (fresh.length > MANY)
      void import('./longHistory.ts').then(
        (m) => m.shareInSlices(fresh, MANY, shareNow),
        () => shareNow(fresh),
      );
    else shareNow(fresh);
  }

  /**
   * A first load (a page load, another conversation followed) is history, not news: what in it the
   * other side wrote after the read mark is unread. On screen it is seen; and a conversation this
   * device has no mark of (started elsewhere, or before marks were kept) is taken as read.
   */
  function countUnseen() {
    const onScreen = isWindowOpen();
    const readAt = state.readAt();
    if (readAt === null || onScreen) markSeen();
    apply({ type: 'unread', count: onScreen || readAt === null ? 0 : unreadSince(history.peek(), readAt, myIds.peek()) });
  }

  /** The visitor sees the conversation: its read mark moves to the newest message (or is made, `at` 0: nothing seen yet). */
  function markSeen(at = newestTime(history.peek())) {
    const rid = requestId.peek();
    const readAt = state.readAt();
    if (!rid || (readAt !== null && readAt >= at)) return;
    apply({ type: 'seen', at });
    o.store.set(READ_MARK, { requestId: rid, at }).catch(reportStorage);
  }

  /**
   * `updateUserFullname` / `updateUserEmail` from the other side (incomingSort.ts `IncomingSort.updates`)
   * update the stored visitor (identityFromMessages.ts, code of its own). Not downloaded (offline):
   * the visitor stays as stored.
   */
  function applyIdentityUpdates(updates: readonly WireMessage[]) {
    if (!updates.length) return;
    void import('./identityFromMessages.ts').then(
      (m) => m.applyIdentityUpdates(o.session, updates, reportStorage),
      () => undefined,
    );
  }

  /** Outbox items the service has stored leave the outbox (nothing to look for with an empty one). */
  async function dropStoredFromOutbox() {
    const outbox = engine.items;
    if (!outbox.value.length) return;
    const stored = new Set(history.value.map((m) => m.attributes?.tempUID).filter((t): t is string => typeof t === 'string'));
    if (outbox.value.some((item) => stored.has(item.tempUID))) await engine.change((items) => items.filter((i) => !stored.has(i.tempUID)));
  }

  /** The last history answer absorbed, and the history it made: an identical answer is nothing new. */
  let absorbed: { list: readonly WireMessage[]; into: readonly WireMessage[] } | null = null;

  async function fetch(rid: string) {
    const list = await o.session.authorized((token) => listMessages(o.http, token, o.projectId, rid));
    if (requestId.value !== rid) return;
    // The api hands back the very same array for an unchanged answer (raw text or 304): while the
    // history is still the one it made, a poll with nothing new writes no signal and renders nothing.
    if (absorbed?.list === list && absorbed.into === history.peek()) return engine.recovered();
    // An answer that grew at its end holds the last one's messages, the same objects (api/messages.ts):
    // merged into the history they made, only the new ones are news.
    const before = absorbed?.into === history.peek() ? absorbed.list : null;
    const incoming = before && list.length > before.length && startsWithSame(list, before) ? list.slice(before.length) : list;
    // A split message's code (splitMessages.ts) first: a sync resolves with the message shown.
    await timeline.expandParts.ready(incoming);
    const ready = incoming.length > MANY ? await prepare(incoming) : null;
    if (requestId.value !== rid) return;
    absorb(incoming, false, ready);
    absorbed = { list, into: history.peek() };
    await dropStoredFromOutbox();
    await engine.recovered();
  }

  /**
   * A long history (a page load of a conversation with thousands of messages) is merged, turned
   * into chat messages, expanded and sorted in slices (longHistory.ts) before it is shown: showing it
   * is then short work (issue 9 §1: no long task on the host page, window closed or not).
   * Not downloaded (offline): all of it when shown.
   */
  const prepare = (incoming: readonly WireMessage[]): Promise<Prepared | null> =>
    import('./longHistory.ts').then(
      // Made from where the last step ended (createChatMessages, createSplitExpansion): the view's turn finds them made.
      (m) =>
        m.prepareHistory(history.peek(), incoming, myIds.peek(), state.seen(), (merged, end) => {
          const made = timeline.toChatMessages.ahead(merged, myIds.peek(), requestId.peek(), end);
          timeline.expandParts.ahead(made, state.arrivals.peek(), made.length);
        }),
      () => null,
    );

  return { absorb, fetch, markSeen, dropStoredFromOutbox };
}
