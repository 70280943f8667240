import { computed, effect, signal, type ReadonlySignal, type Signal } from '@preact/signals-core';
import { NetworkError, type Http } from '../../api/http.ts';
import { isRecord } from '../../api/normalize/guards.ts';
import { listMessages, postMessage } from '../../api/messages.ts';
import type { MessageAttributes, MessageMetadata, WireMessage } from '../../api/wire.ts';
import { createChatMessages, mergeHistory, type ChatMessage, type FirstMessageFields, type OutboxItem } from '../../state/chatMessage.ts';
import { sortIncoming, type Prepared } from '../../state/incomingSort.ts';
import { createSplitExpansion, revealed, type TimedMessage } from './splitMessages.ts';
import { keepIfUnchanged, startsWithSame } from '../../state/stableList.ts';
import type { Emitter, WidgetErrorDetail } from '../platform/events.ts';
import { createOutboxEngine } from '../delivery/outbox.ts';
import type { OutboxStore } from '../delivery/outboxStore.ts';
import { isRequestIdOf, newRequestId, newTempUID } from '../../state/requestId.ts';
import { isTooLong, MAX_MESSAGE_CHARS } from '../../state/messageLength.ts';
import type { SessionModel } from '../session/session.ts';
import type { OtherTyping, OtherTypingModel } from './typing.ts';
import type { TypingSignal } from '../../api/normalize/typing.ts';
import type { KeyValueStore } from '../platform/storage.ts';
import type { IdentityAttributes } from '../../state/identity.ts';
import { loadOnce } from '../platform/loadOnce.ts';
import { NO_JOURNAL, type SendJournal } from '../delivery/sendJournal.ts';
import type { LeaveScope } from './conversationLeave.ts';
import type { RecoveryScope } from '../delivery/messageRecovery.ts';
import { newestTime, READ_MARK, unreadSince } from '../../state/readMark.ts';
import { readMarkOf } from '../../api/normalize/readMark.ts';

export interface Outgoing {
  text: string;
  type?: string;
  metadata?: MessageMetadata;
  attributes?: MessageAttributes;
}

export interface ConversationModel {
  requestId: Signal<string | null>;
  history: Signal<WireMessage[]>;
  outbox: Signal<OutboxItem[]>;
  /** What the visitor sees now (split bot messages revealed part by part). */
  messages: ReadonlySignal<TimedMessage[]>;
  /** The other side is "typing": a split message has parts still to come, or the socket said so (`typist`). */
  typing: ReadonlySignal<boolean>;
  /** Who the socket says is typing now (an agent, a bot), or null. */
  typist: ReadonlySignal<OtherTyping | null>;
  /** A typing frame from the realtime channel. */
  typingFrame(frame: TypingSignal): void;
  /** The conversation was closed, by the visitor or by the service (a CHAT_CLOSED info message). */
  closed: ReadonlySignal<boolean>;
  /** Keys of messages whose reply buttons were used. */
  usedButtons: Signal<ReadonlySet<string>>;
  /**
   * Messages from the other side the visitor has not seen: those after the read mark (readMark.ts)
   * at a page load, then those that arrive while the conversation is not on screen.
   */
  unread: ReadonlySignal<number>;
  /** The leading tab's count, shown by the other tabs (they announce nothing themselves). */
  mirrorUnread(count: number): void;
  lastActivity: Signal<number>;
  restore(): Promise<void>;
  /**
   * Kept (sendJournal.ts) before it waits for `ready`, start-up being done. It belongs to the
   * conversation shown when it is sent (one made now if there is none), whatever happens before it
   * is posted; before start-up has read the stored conversation, or while a switch is under way
   * (`switching`), to the one shown once that is done.
   */
  send(message: Outgoing, ready?: Promise<void>): Promise<void>;
  /** A switch of conversation under way (a reset, one opened from the list): messages sent until it is done go to the one that follows. */
  switching<T>(work: Promise<T>): Promise<T>;
  retry(tempUID: string): Promise<void>;
  discard(tempUID: string): Promise<void>;
  /** Fetches the history now (no-op before the first message or without a session). */
  sync(): Promise<void>;
  /** Messages pushed by the realtime channel, or relayed by the leading tab (`silent`: no events). */
  receive(messages: readonly WireMessage[], silent?: boolean): void;
  /** Another tab changed the outbox: show what it holds now. */
  reloadOutbox(): Promise<void>;
  /** Another tab started, closed or forgot the conversation: follow the stored one. */
  adopt(): Promise<void>;
  /** This tab just became the leader: send what a closed tab left behind. */
  takeOver(): void;
  /** Network is back: whatever waits on backoff goes now. */
  resume(): void;
  markRead(): void;
  /** The visitor ends the conversation (`PUT …/closeg`). */
  close(): Promise<void>;
  /** `PATCH …/rating`; the service drops a falsy rating, so 1–5 only. */
  rate(rating: number, comment: string): Promise<void>;
  /** A fresh conversation id at the next message; the visitor stays signed in. */
  startNew(): Promise<void>;
  /** Switches to another of the visitor's conversations (`closed`: read-only, as the service listed it). */
  open(requestId: string, closed: boolean): Promise<void>;
  useButtons(key: string): void;
  forget(): Promise<void>;
  dispose(): void;
}

/** More messages than this at once (a history read whole) are prepared in slices and shared in a task of their own. */
const MANY = 200;

export function createConversation(options: {
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
  onShare?: (change: { type: 'messages'; requestId: string; messages: WireMessage[] } | { type: 'outbox' } | { type: 'conversation' }) => void;
}): ConversationModel {
  const { http, projectId, session, store, outboxStore, emitter } = options;
  const share = options.onShare ?? (() => {});
  const journal = options.journal ?? NO_JOURNAL;
  const announces = options.announces ?? (() => true);
  const now = options.now ?? Date.now;
  const requestId = signal<string | null>(null);
  const history = signal<WireMessage[]>([]);
  const unread = signal(0);
  const lastActivity = signal(0);
  // Replaced, not only added to, when a long history was sorted ahead (`prepare`).
  let seen = new Set<string>();
  let historyLoaded = false;
  /** The read mark of the conversation shown (readMark.ts); null: none on this device yet. */
  let readAt: number | null = null;
  const reportStorage = (error: unknown) => emitter.emit('error', { type: 'storage', message: String(error) });

  const engine = createOutboxEngine({
    outboxStore,
    emitter,
    publish,
    onChange: () => share({ type: 'outbox' }),
    now,
    random: options.random,
    isOnline: options.isOnline ?? (() => globalThis.navigator?.onLine !== false),
    settleMs: options.settleMs,
    target: {
      opening(item) {
        const rid = item.requestId;
        if (started.has(rid) || history.value.some((m) => m.recipient === rid)) return null;
        // An item an earlier version stored carries none: what opens the conversation shown, as it is now.
        return item.opening ?? (rid === requestId.peek() ? options.firstMessageFields() : null);
      },
      // A message whose attempt was cut off is looked for with code of its own (messageRecovery.ts).
      // Not downloaded: the attempt failed as on the network (it is tried again later, looked for first).
      isStored: (item) =>
        recovery().then(
          (m) => m.isStored(laterScope, item),
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
          seen.add(message._id);
          if (item.requestId === requestId.peek()) publish(history, mergeHistory(history.value, [message]));
          share({ type: 'messages', requestId: item.requestId, messages: [message] });
        }
        return message;
      },
      sent(item, message, first) {
        lastActivity.value = now();
        emitter.emit('message:sent', message);
        if (first) emitter.emit('conversation:started', { requestId: item.requestId });
      },
      // Only a conversation with a history moves: a brand-new one refused is a plain refusal.
      mayMove: (item) => item.requestId === requestId.peek() && history.value.length > 0,
      async moveToNew() {
        resetConversation();
        await store.del('conversation');
        return ensureRequestId();
      },
    },
  });
  const outbox = engine.items;
  const setOutbox = engine.change;
  const flush = engine.flush;
  /** The last message on its way into the outbox (`send`): the next one waits for it. */
  let sendTurn: Promise<unknown> = Promise.resolve();
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

  const myIds = computed(() => {
    const v = session.visitor.value;
    return new Set(v ? [v.id, ...v.pastIds] : []);
  });
  const arrivals = signal<ReadonlyMap<string, number>>(new Map());
  const clock = signal(now());
  const closedByVisitor = signal(false);
  const usedButtons = signal<ReadonlySet<string>>(new Set());
  // Unchanged messages keep their objects and the lists their identity, from the history to what the
  // view renders: a poll with nothing new wakes no view, and a new message renders only itself.
  // A history that grew at its end is turned into chat messages from where the last one ended.
  const toChatMessages = createChatMessages();
  // Split messages are expanded the same way, from where the last list stopped being the same.
  const expandParts = createSplitExpansion();
  let chatList: ChatMessage[] = [];
  let partList: TimedMessage[] = [];
  const allMessages = computed(() => (chatList = keepIfUnchanged(chatList, toChatMessages(history.value, outbox.value, myIds.value, requestId.value))));
  const timeline = computed(() => revealed((partList = keepIfUnchanged(partList, expandParts(allMessages.value, arrivals.value))), clock.value));
  const messages = computed(() => timeline.value.visible);
  // Typing frames come from a live socket only (realtime.ts, itself on demand): their model
  // (typing.ts, in the socket's chunk) comes with the first one, in the order they came.
  const typist = signal<OtherTyping | null>(null);
  let otherTyping: OtherTypingModel | null = null;
  let disposed = false;
  const typingCode = loadOnce(() =>
    import('./typing.ts').then((m) => (otherTyping = m.createOtherTyping({ mine: () => myIds.peek(), now, who: typist, conversationId: requestId }))),
  );
  const typingFrame = (frame: TypingSignal) =>
    void typingCode().then(
      (model) => !disposed && model.frame(frame),
      // Not downloaded (offline): nobody shows as typing; the next frame tries again.
      () => undefined,
    );
  const typing = computed(() => timeline.value.typing || !!typist.value);
  const closed = computed(() => {
    if (closedByVisitor.value) return true;
    const list = allMessages.value;
    for (let i = list.length - 1; i >= 0; i--) {
      const label = list[i]!.infoLabel;
      if (label === 'INFO_SUPPORT_CHAT_CLOSED') return true;
      if (label === 'INFO_SUPPORT_CHAT_REOPENED') return false;
    }
    return false;
  });
  let revealTimer: ReturnType<typeof setTimeout> | undefined;
  const stopRevealClock = effect(() => {
    const nextAt = timeline.value.nextAt;
    clearTimeout(revealTimer);
    if (nextAt !== null) revealTimer = setTimeout(() => (clock.value = now()), Math.max(0, nextAt - now()));
  });

  /** `ready`: what `prepare` made of `incoming` ahead, in slices (a long history), used while still true. */
  function absorb(incoming: readonly WireMessage[], silent = false, ready?: Prepared | null) {
    const prepared = ready && ready.base === history.peek() && ready.mine === myIds.peek() && ready.seenBefore === seen && ready.seenSize === seen.size;
    const merged = prepared ? ready.merged : mergeHistory(history.value, incoming);
    const sorted = prepared ? ready.sorted : sortIncoming(incoming, seen, myIds.value);
    seen = sorted.seen;
    const fresh = sorted.fresh;
    if (merged !== history.value) publish(history, merged);
    const rid = requestId.peek();
    if (fresh.length && rid && !silent) {
      // A whole history is a large message to copy for the other tabs: it goes in slices
      // (longHistory.ts, here already when this tab made the history ready in slices), unless this
      // tab has moved on by then. Not downloaded (offline): in one message.
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
    // The first load after a reload is history, not news.
    const live = historyLoaded;
    historyLoaded = true;
    if (!live) {
      // The conversation was last active when its newest message was written, not at 0: a page
      // load must keep the poll schedule of an active conversation, not take it for dormant.
      const newest = Date.parse(incoming[incoming.length - 1]?.createdAt ?? '');
      if (newest > lastActivity.peek()) lastActivity.value = Math.min(newest, now());
      countUnseen();
    } else if (options.isWindowOpen()) markSeen();
    otherTyping?.messages(sorted.senders);
    applyIdentityUpdates(sorted.updates);
    const received = sorted.received;
    if (!received.length) return;
    lastActivity.value = now();
    if (!live) return;
    const scripted = received.filter((m) => Array.isArray(m.attributes?.commands));
    if (scripted.length) {
      const next = new Map(arrivals.value);
      for (const m of scripted) next.set(typeof m.attributes?.tempUID === 'string' ? m.attributes.tempUID : m._id, now());
      clock.value = now();
      arrivals.value = next;
    }
    // Other tabs' news is announced by the leading tab only: events and unread counts happen once.
    if (silent || !announces()) return;
    for (const m of received) emitter.emit('message:received', m);
    if (!options.isWindowOpen()) unread.value += received.length;
  }

  /**
   * A first load (a page load, another conversation followed) is history, not news: what in it the
   * other side wrote after the read mark is unread. On screen it is seen; and a conversation this
   * device has no mark of (started elsewhere, or before marks were kept) is taken as read.
   */
  function countUnseen() {
    const onScreen = options.isWindowOpen();
    if (readAt === null || onScreen) markSeen();
    unread.value = onScreen || readAt === null ? 0 : unreadSince(history.peek(), readAt, myIds.peek());
  }

  /** The visitor sees the conversation: its read mark moves to the newest message (or is made, `at` 0: nothing seen yet). */
  function markSeen(at = newestTime(history.peek())) {
    const rid = requestId.peek();
    if (!rid || (readAt !== null && readAt >= at)) return;
    readAt = at;
    store.set(READ_MARK, { requestId: rid, at }).catch(reportStorage);
  }

  /**
   * `updateUserFullname` / `updateUserEmail` from the other side (incomingSort.ts `IncomingSort.updates`)
   * update the stored visitor (identityFromMessages.ts, code of its own). Not downloaded (offline):
   * the visitor stays as stored.
   */
  function applyIdentityUpdates(updates: readonly WireMessage[]) {
    if (!updates.length) return;
    void import('./identityFromMessages.ts').then(
      (m) => m.applyIdentityUpdates(session, updates, reportStorage),
      () => undefined,
    );
  }

  /**
   * Sets a signal the view renders. Its subscribers run now, and a throwing one (a broken render)
   * must never stop a message on its way: the error is reported, delivery goes on.
   */
  function publish<T>(target: Signal<T>, value: T) {
    try {
      target.value = value;
    } catch (error) {
      emitter.emit('error', { type: 'render', message: String(error) } satisfies WidgetErrorDetail);
    }
  }

  /**
   * When this tab settles on a conversation (start-up, a new conversation): failed messages of
   * any other are dropped, as nobody could see, retry or delete them. Pending ones of an earlier
   * conversation still go to it. (Not on every read: another tab may have just moved on.)
   */
  async function dropFailedElsewhere() {
    if (options.keepsOthers?.()) return;
    const rid = requestId.peek();
    const stale = (i: OutboxItem) => i.state === 'failed' && i.requestId !== rid;
    if ((await outboxStore.read()).some(stale)) await setOutbox((items) => items.filter((i) => !stale(i)));
  }

  const storedTempUIDs = () => new Set(history.value.map((m) => m.attributes?.tempUID).filter((t): t is string => typeof t === 'string'));
  /** Outbox items the service has stored leave the outbox (nothing to look for with an empty one). */
  async function dropStoredFromOutbox() {
    if (!outbox.value.length) return;
    const stored = storedTempUIDs();
    if (outbox.value.some((item) => stored.has(item.tempUID))) await setOutbox((items) => items.filter((i) => !stored.has(i.tempUID)));
  }

  /** The last history answer absorbed, and the history it made: an identical answer is nothing new. */
  let absorbed: { list: readonly WireMessage[]; into: readonly WireMessage[] } | null = null;

  async function fetchHistory(rid: string) {
    const list = await session.authorized((token) => listMessages(http, token, projectId, rid));
    if (requestId.value !== rid) return;
    // The api hands back the very same array for an unchanged answer (raw text or 304): while the
    // history is still the one it made, a poll with nothing new writes no signal and renders nothing.
    if (absorbed?.list === list && absorbed.into === history.peek()) return engine.recovered();
    // An answer that grew at its end holds the last one's messages, the same objects (api/messages.ts):
    // merged into the history they made, only the new ones are news.
    const before = absorbed?.into === history.peek() ? absorbed.list : null;
    const incoming = before && list.length > before.length && startsWithSame(list, before) ? list.slice(before.length) : list;
    // A split message's code (splitMessages.ts) first: a sync resolves with the message shown.
    await expandParts.ready(incoming);
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
        m.prepareHistory(history.peek(), incoming, myIds.peek(), seen, (merged, end) => {
          const made = toChatMessages.ahead(merged, myIds.peek(), requestId.peek(), end);
          expandParts.ahead(made, arrivals.peek(), made.length);
        }),
      () => null,
    );

  async function readConversation() {
    const [saved, mark] = await Promise.all([
      store.get<{ requestId?: unknown; closed?: unknown }>('conversation'),
      // Unreadable: no mark, the conversation is taken as read.
      store.get(READ_MARK).catch(() => undefined),
    ]);
    requestId.value = isRequestIdOf(projectId, saved?.requestId) ? saved.requestId : null;
    closedByVisitor.value = !!requestId.value && saved?.closed === true;
    readAt = readMarkOf(mark, requestId.value);
  }

  /** No conversation until the next message makes one. */
  function resetConversation() {
    requestId.value = null;
    readAt = null;
    publish(history, []);
    closedByVisitor.value = false;
    usedButtons.value = new Set();
    historyLoaded = true;
  }

  // Leaving the conversation on screen (ending, rating it, moving to another) is code of its own
  // (conversationLeave.ts), here since the window opened. Not downloaded: the call fails as the
  // network would, and the next one tries again.
  const leave = loadOnce(() => import('./conversationLeave.ts'));
  // A message in trouble (retried, discarded, or cut off on its way) likewise (messageRecovery.ts).
  const recovery = loadOnce(() => import('../delivery/messageRecovery.ts'));
  const laterScope: LeaveScope & RecoveryScope = {
    http,
    projectId,
    session,
    store,
    requestId,
    closedByVisitor,
    usedButtons,
    shareConversation: () => share({ type: 'conversation' }),
    readConversation,
    clearHistory() {
      publish(history, []);
      seen.clear();
      historyLoaded = false;
    },
    fetchHistory,
    history,
    setOutbox,
    flush,
  };
  // Not downloaded: this tab keeps the conversation it shows; another tab's next change tries again.
  const adopt = () =>
    leave().then(
      (m) => m.adoptConversation(laterScope),
      () => undefined,
    );

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
    const recovery = await import('../delivery/journalRecovery.ts');
    await recovery.recoverJournal({ projectId, journal, now, ensureRequestId, setOutbox }, held);
    leftInJournal = false;
  }
  /** What a message could not store stays in the journal: the next message or the network's return puts it in first. */
  const recoverLeftInJournal = async () => {
    if (leftInJournal) await recoverJournal().catch(() => undefined);
  };

  /** A conversation made now, shown from now on; `stored`: its id is in storage and the other tabs know. */
  function newConversation() {
    const rid = newRequestId(projectId);
    historyLoaded = true;
    publish(requestId, rid);
    // Nothing in it seen yet: whatever the other side writes is unread until the visitor sees it.
    markSeen(0);
    return { rid, stored: store.set('conversation', { requestId: rid }).then(() => share({ type: 'conversation' })) };
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
    if (!started.has(rid) && !history.peek().some((m) => m.recipient === rid)) item.opening = options.firstMessageFields();
    journal.hold(item);
    return made?.stored;
  }

  /** See `ConversationModel.switching`. */
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
    requestId,
    history,
    outbox,
    messages,
    typing,
    typist,
    typingFrame,
    closed,
    usedButtons,
    unread,
    lastActivity,
    async restore() {
      await readConversation();
      known = true;
      placeWaiting();
      // An outbox an earlier page left is read with code of its own (outboxStore.ts). Not downloaded:
      // the start-up goes on, and the outbox's next use (a message, the network back, the lead) tries again.
      await dropFailedElsewhere().catch(() => undefined);
      // With no conversation yet, everything that arrives later is news.
      if (!requestId.peek()) historyLoaded = true;
      await recoverJournal().catch(() => undefined);
      await engine.takeOver().catch(() => undefined);
    },
    takeOver: () => void engine.takeOver().catch(() => undefined),
    // Not read (its code not downloaded): the other tab's next change tries again.
    reloadOutbox: () => engine.reload().catch(() => undefined),
    adopt,
    open(rid, closed) {
      const work = leave().then((m) => m.openConversation(laterScope, rid, closed));
      // Messages sent meanwhile go to the one opened, as soon as it is shown (not once its history came).
      let stop = () => {};
      const shown = new Promise((resolve) => {
        stop = requestId.subscribe((now) => now === rid && resolve(now));
        work.then(resolve, resolve);
      });
      void switching(shown.finally(() => stop()));
      return work;
    },
    switching,
    // Runs in the task that called it until its first `await`: the journal has the message before anything waits.
    async send(message, ready) {
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
      const item: OutboxItem = {
        tempUID: newTempUID(),
        requestId: '',
        text,
        type: message.type ?? 'text',
        ...(message.metadata ? { metadata: message.metadata } : {}),
        attributes: { ...message.attributes, clienttimestamp: now() },
        createdAt: now(),
        attempts: 0,
        state: 'sending',
        maybeDelivered: false,
        notBefore: 0,
      };
      // Its conversation, now if it is known; a page that reloads in this very task still has it (sendJournal.ts).
      let placedFor = forgotten;
      const placed = new Promise<unknown>((resolve) => {
        const take = () => {
          placedFor = forgotten;
          resolve(place(item));
        };
        if (known && !switches && !unplaced.length) take();
        else {
          unplaced.push(take);
          journal.hold(item);
        }
      });
      placed.catch(() => undefined);
      // Into the outbox in the order they were written: the first message waits for the new
      // conversation to be stored, and the next ones must not overtake it.
      const queued = sendTurn.then(async () => {
        await ready;
        await recoverLeftInJournal();
        // The visitor acts: if the service refused their session, it may be tried once more.
        session.allowAgain();
        // Start-up never read the stored conversation (a model disposed first, or one never restored): the one of now.
        if (!known) placeWaiting(true);
        await placed;
        let named: IdentityAttributes | null = null;
        do {
          // Its visitor was forgotten on its way here (a reset, another known visitor named by the
          // page): it is the next visitor's, in their conversation. (Once its write has begun, a
          // forget empties the outbox after it: it leaves with the visitor who sent it.)
          while (placedFor !== forgotten) {
            placedFor = forgotten;
            await place(item);
          }
          const rid = item.requestId;
          // Still the conversation shown: what opens it is taken again, now that start-up is done (its departments known).
          if (item.opening && rid === requestId.peek()) item.opening = options.firstMessageFields();
          // The first message names the visitor (firstMessageFields); a later one only after a change,
          // which is code of its own (identityUpdate.ts, with the client's later code): a first message
          // never runs it. Not downloaded: this message goes without, and the next one names them.
          named =
            options.identity && history.value.some((m) => m.recipient === rid)
              ? await import('../../state/identityUpdate.ts').then(
                  (update) => update.laterMessageIdentity(options.identity!(), rid, myIds.peek(), history.value, outbox.value),
                  () => null,
                )
              : null;
        } while (placedFor !== forgotten);
        if (named) item.attributes = { ...named, ...item.attributes };
        await setOutbox((items) => [...items.filter((i) => i.tempUID !== item.tempUID), item]).catch((error: unknown) => {
          // Not in the outbox (it could not be read): the journal keeps it for the next message, or
          // the network's return, to put in first.
          journal.leave(item.tempUID);
          leftInJournal = true;
          throw error;
        });
        journal.release(item.tempUID);
      });
      sendTurn = queued.catch(() => undefined);
      await queued;
      publish(lastActivity, now());
      await flush();
    },
    retry: (tempUID) => recovery().then((m) => m.retryMessage(laterScope, tempUID)),
    discard: (tempUID) => recovery().then((m) => m.discardMessage(laterScope, tempUID)),
    async sync() {
      const rid = requestId.value;
      if (!rid || !session.token.value || session.refused.value) return;
      await fetchHistory(rid);
    },
    receive(messages, silent = false) {
      const rid = requestId.peek();
      const ours = messages.filter((m) => m && m.recipient === rid);
      if (!ours.length) return;
      absorb(ours, silent);
      void dropStoredFromOutbox();
    },
    resume() {
      void recoverLeftInJournal().then(() =>
        setOutbox((items) =>
          items.map((i) => {
            if (i.state === 'sending') return { ...i, notBefore: 0 };
            return i.retryable ? { ...i, state: 'sending', notBefore: 0, attempts: 0 } : i;
          }),
        ).then(flush),
      );
    },
    mirrorUnread(count) {
      unread.value = count;
    },
    markRead() {
      // Another tab's reading clears the count here; the mark moves where the conversation is on screen.
      if (options.isWindowOpen()) markSeen();
      unread.value = 0;
    },
    close: () => leave().then((m) => m.closeConversation(laterScope)),
    rate: (rating, comment) => leave().then((m) => m.rateConversation(laterScope, rating, comment)),
    async startNew() {
      resetConversation();
      await store.del('conversation');
      await dropFailedElsewhere();
      share({ type: 'conversation' });
    },
    useButtons(key) {
      usedButtons.value = new Set([...usedButtons.value, key]);
    },
    async forget() {
      // Emptied before it is read: a forgotten visitor's messages never go out, even while the code
      // that reads an earlier page's outbox (outboxStore.ts) is not downloaded. Queued before anything
      // here waits: a message sent after the reset (to the next conversation) is written after them,
      // never emptied with them.
      const emptied = Promise.all([outboxStore.clear(), setOutbox(() => [])]);
      forgotten++;
      requestId.value = null;
      closedByVisitor.value = false;
      publish(history, []);
      seen.clear();
      historyLoaded = false;
      unread.value = 0;
      readAt = null;
      await Promise.all([store.del('conversation'), store.del(READ_MARK)]);
      await emptied;
    },
    dispose() {
      engine.dispose();
      clearTimeout(revealTimer);
      stopRevealClock();
      disposed = true;
      otherTyping?.dispose();
    },
  };
}
