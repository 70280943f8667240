import { computed } from '@preact/signals-core';
import type { Http } from '../../api/http.ts';
import { readMarkOf } from '../../api/normalize/readMark.ts';
import type { FirstMessageFields } from '../../state/chatMessage.ts';
import type { IdentityAttributes } from '../../state/identity.ts';
import { READ_MARK } from '../../state/readMark.ts';
import { isRequestIdOf } from '../../state/requestId.ts';
import type { OutboxStore } from '../delivery/outboxStore.ts';
import { NO_JOURNAL, type SendJournal } from '../delivery/sendJournal.ts';
import type { Emitter, WidgetErrorDetail } from '../platform/events.ts';
import { loadOnce } from '../platform/loadOnce.ts';
import type { KeyValueStore } from '../platform/storage.ts';
import type { SessionModel } from '../session/session.ts';
import { conversationState } from './conversationState.ts';
import type { ConversationCore, SharedChange } from './conversationTypes.ts';
import { createHistoryIntake } from './historyIntake.ts';
import { createSendQueue } from './sendQueue.ts';
import { createTimeline } from './timeline.ts';

export type { ConversationCore, ConversationModel, Outgoing } from './conversationTypes.ts';

/** What a conversation is made with. */
export interface ConversationOptions {
  http: Http;
  projectId: string;
  session: SessionModel;
  store: KeyValueStore;
  outboxStore: OutboxStore;
  emitter: Emitter;
  isWindowOpen: () => boolean;
  /** default: `navigator.onLine` */
  isOnline?: () => boolean;
  firstMessageFields: () => FirstMessageFields;
  /** A new conversation's first message waits in the outbox while this holds (sendQueue.ts). */
  holdsOpening?: () => boolean;
  /** Who the visitor is now: a later message carries it when it changed (identity.ts). */
  identity?: () => IdentityAttributes;
  now?: () => number;
  random?: () => number;
  /** See SETTLE_MS; tests shorten it. */
  settleMs?: number;
  /** Whether this tab announces news (events, unread): only the leading tab does. */
  announces?: () => boolean;
  /**
   * The visitor has many conversations (not `singleConversation`): failed messages of the others
   * are kept, to be seen and retried there, instead of dropped when this tab settles on one.
   */
  keepsOthers?: () => boolean;
  /** Where a message waits for its outbox item (sendJournal.ts); none in tests that do not ask. */
  journal?: SendJournal;
  /** Local changes other tabs must hear about. */
  onShare?: (change: SharedChange) => void;
}

/**
 * The conversation: a thin front over its state (conversationState.ts, the one writer), its
 * timeline (timeline.ts: what the visitor sees, derived), the history's intake (historyIntake.ts)
 * and the send queue (sendQueue.ts), with the code on demand for leaving a conversation
 * (conversationLeave.ts) and for a message in trouble (messageRecovery.ts).
 */
export function createConversation(options: ConversationOptions): ConversationCore {
  const { http, projectId, session, store, outboxStore, emitter } = options;
  const share = options.onShare ?? (() => {});
  const now = options.now ?? Date.now;
  const state = conversationState((error) => emitter.emit('error', { type: 'render', message: String(error) } satisfies WidgetErrorDetail), now);
  const { requestId, apply } = state;
  const myIds = computed(() => {
    const v = session.visitor.value;
    return new Set(v ? [v.id, ...v.pastIds] : []);
  });
  const deps = { http, projectId, session, store, journal: options.journal ?? NO_JOURNAL, now };
  const queue = createSendQueue({
    ...options,
    deps,
    state,
    myIds,
    core: () => core,
    share,
    markSeen: (at) => intake.markSeen(at),
    isOnline: options.isOnline ?? (() => globalThis.navigator?.onLine !== false),
  });
  const { engine } = queue;
  const timeline = createTimeline(state, engine.items, myIds, now);
  const intake = createHistoryIntake({ ...options, state, timeline, myIds, engine, share, announces: options.announces ?? (() => true), now });

  async function readStored() {
    const [saved, mark] = await Promise.all([
      store.get<{ requestId?: unknown; closed?: unknown }>('conversation'),
      // Unreadable: no mark, the conversation is taken as read.
      store.get(READ_MARK).catch(() => undefined),
    ]);
    const rid = isRequestIdOf(projectId, saved?.requestId) ? saved.requestId : null;
    apply({ type: 'followed', requestId: rid, closed: saved?.closed === true, readAt: readMarkOf(mark, rid) });
  }

  // Leaving the conversation on screen (ending, rating it, moving to another) is code of its own
  // (conversationLeave.ts), here since the window opened. Not downloaded: the call fails as the
  // network would, and the next one tries again.
  const leave = loadOnce(() => import('./conversationLeave.ts'));
  // A message in trouble (retried, discarded) likewise (messageRecovery.ts).
  const recovery = loadOnce(() => import('./messageRecovery.ts'));
  const dropFailedElsewhere = () => queue.dropFailedElsewhere(!!options.keepsOthers?.());

  const core: ConversationCore = {
    deps,
    apply,
    requestId,
    history: state.history,
    outbox: engine.items,
    messages: timeline.messages,
    typing: timeline.typing,
    typist: timeline.typist,
    typingFrame: timeline.typingFrame,
    closed: timeline.closed,
    usedButtons: state.usedButtons,
    unread: state.unread,
    lastActivity: state.lastActivity,
    readStored,
    fetchHistory: intake.fetch,
    shareConversation: () => share({ type: 'conversation' }),
    ensureRequestId: queue.ensureRequestId,
    changeOutbox: engine.change,
    flush: engine.flush,
    async restore() {
      await readStored();
      queue.known();
      // An outbox an earlier page left is read with code of its own (outboxStore.ts). Not downloaded:
      // the start-up goes on, and the outbox's next use (a message, the network back, the lead) tries again.
      await dropFailedElsewhere().catch(() => undefined);
      // With no conversation yet, everything that arrives later is news.
      if (!requestId.peek()) apply({ type: 'live' });
      await queue.recoverJournal().catch(() => undefined);
      await engine.takeOver().catch(() => undefined);
    },
    takeOver: () => void engine.takeOver().catch(() => undefined),
    // Not read (its code not downloaded): the other tab's next change tries again.
    reloadOutbox: () => engine.reload().catch(() => undefined),
    // Not downloaded: this tab keeps the conversation it shows; another tab's next change tries again.
    adopt: () =>
      leave().then(
        (m) => m.adoptConversation(core),
        () => undefined,
      ),
    open(rid, closed) {
      const work = leave().then((m) => m.openConversation(core, rid, closed));
      // Messages sent meanwhile go to the one opened, as soon as it is shown (not once its history came).
      let stop = () => {};
      const shown = new Promise((resolve) => {
        stop = requestId.subscribe((now) => now === rid && resolve(now));
        work.then(resolve, resolve);
      });
      void queue.switching(shown.finally(() => stop()));
      return work;
    },
    switching: queue.switching,
    send: queue.send,
    retry: (tempUID) => recovery().then((m) => m.retryMessage(core, tempUID)),
    discard: (tempUID) => recovery().then((m) => m.discardMessage(core, tempUID)),
    async sync() {
      const rid = requestId.value;
      if (!rid || !session.token.value || session.refused.value) return;
      await intake.fetch(rid);
    },
    receive(messages, silent = false) {
      const rid = requestId.peek();
      const ours = messages.filter((m) => m && m.recipient === rid);
      if (!ours.length) return;
      intake.absorb(ours, silent);
      void intake.dropStoredFromOutbox();
    },
    resume: queue.resume,
    mirrorUnread: (count) => apply({ type: 'unread', count }),
    markRead() {
      // Another tab's reading clears the count here; the mark moves where the conversation is on screen.
      if (options.isWindowOpen()) intake.markSeen();
      apply({ type: 'unread', count: 0 });
    },
    close: () => leave().then((m) => m.closeConversation(core)),
    rate: (rating, comment) => leave().then((m) => m.rateConversation(core, rating, comment)),
    async startNew() {
      apply({ type: 'reset' });
      await store.del('conversation');
      await dropFailedElsewhere();
      share({ type: 'conversation' });
    },
    useButtons: (key) => apply({ type: 'buttonsUsed', key }),
    async forget() {
      // Emptied before it is read: a forgotten visitor's messages never go out, even while the code
      // that reads an earlier page's outbox (outboxStore.ts) is not downloaded. Queued before anything
      // here waits: a message sent after the reset (to the next conversation) is written after them,
      // never emptied with them.
      const emptied = Promise.all([outboxStore.clear(), engine.change(() => [])]);
      queue.forgotten();
      apply({ type: 'forgotten' });
      await Promise.all([store.del('conversation'), store.del(READ_MARK)]);
      await emptied;
    },
    dispose() {
      engine.dispose();
      timeline.dispose();
    },
  };
  return core;
}
