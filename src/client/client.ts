import { effect, signal } from '@preact/signals-core';
import { createHttp } from '../api/http.ts';
import { getLabels } from '../api/labels.ts';
import { yieldToPage } from '../api/yieldToPage.ts';
import { remoteLabelsFor } from '../i18n/translator.ts';
import { createEmitter } from './platform/events.ts';
import { createEnvironment } from './live/environment.ts';
import { whenIdle } from './live/idle.ts';
import { createLoadHint } from './live/loadHint.ts';
import { createLookCache, localStorageOf } from './ui-state/lookCache.ts';
import { createPoller } from './live/poller.ts';
import { createRealtimeOnDemand as createRealtime } from './live/realtimeOnDemand.ts';
import { defaultApiUrl, resolveSettings, settingsFromQuery, cleanLayer } from '../state/settings.ts';
import { openStore, sessionOpenMirror } from './platform/storage.ts';
import { createSendJournal } from './delivery/sendJournal.ts';
import { createCommands, eventsOf } from './commands.ts';
import { modelsInStages, unreadOf, type ModelOptions } from './models.ts';
import type { ChatClient, ChatClientOptions } from './types.ts';
import type { createTabRelay } from './live/tabRelay.ts';
import type { TabMessage } from './live/tabs.ts';
import type { ConversationListControl } from './conversation/conversationList.ts';

/** The list's read marks in the store: kept once a visitor has a list, so a later visit loads it too. */
const MARKS_KEY = 'conversationMarks';

/** First visit: how long the launcher waits, unseen, for the project's look before it shows anyway. */
const LOOK_WAIT_MS = 2500;

/**
 * The client's code that a first open and send do not run (refused credentials, files, unread
 * replies, the later commands…), fetched at idle once the window is open, as the views'
 * (ui/ChatWindow.tsx): there when the visitor needs it. It is one chunk (src/chunks.ts `later`),
 * which any of its modules brings: the later commands do.
 */
const prefetchLater = () => import('./laterCommands.ts');

/**
 * A live chat with the service, without a UI: the models, and the policy between them — which tab
 * leads, when to poll and push, when to sign in, unread counting, start-up and teardown.
 * @throws when `settings.projectid` is missing.
 */
export function createChatClient(options: ChatClientOptions): ChatClient {
  let made: StagedClient | undefined;
  createStagedChatClient(
    options,
    (step) => step(),
    (staged) => (made = staged),
  );
  made!.start();
  return made!.client;
}

/** A client made in stages (`createStagedChatClient`): `start` begins its life (storage, the service). */
export interface StagedClient {
  client: ChatClient;
  start(): void;
}

/**
 * `createChatClient` in stages, for the script-tag boot (app.ts), each a task of its own on the host
 * page (issue 9 §1: no task of ours over 50 ms on a slow phone, even with a 5,000-message history
 * stored): this call reads the settings and makes what a closed launcher is drawn from (settings,
 * look, texts, open state); `later` runs the next stages when it likes, in order: the tabs (which
 * one leads), the chat's models (visitor, conversation), then the policy between them, which hands
 * the client to `created`; after it, the last visit's look and texts (what the closed launcher is
 * painted with). `start` (the policy's effects, reading the stored visitor and conversation, then the
 * service) runs when the caller calls it, after the launcher's first paint. Every command works
 * before the start: what it changes, the start finds.
 * @throws when `settings.projectid` is missing.
 */
export function createStagedChatClient(options: ChatClientOptions, later: (step: () => void) => void, created: (staged: StagedClient) => void): void {
  const stages = clientInStages(options, later);
  const next = () => {
    const stage = stages.next();
    if (stage.done) created(stage.value);
    else later(next);
  };
  // The first stage runs now: a page without a project hears of it at once.
  next();
}

/** The stages of `createStagedChatClient`, in order: each `yield` ends one. */
function* clientInStages(options: ChatClientOptions, later: (step: () => void) => void): Generator<void, StagedClient, void> {
  const win = options.window ?? window;
  const pageSettings = cleanLayer(options.settings);
  const queryLayer = settingsFromQuery(options.query ?? '');
  const boot = resolveSettings(pageSettings, queryLayer);
  const projectId = boot.projectid;
  if (!projectId) throw new Error('Porchlight: `projectid` is required');
  const apiUrl = boot.apiUrl || defaultApiUrl(win.location.origin);
  // The client's life: `dispose` cuts off what it still has in flight, and nothing of it starts after.
  const life = new AbortController();
  const http = options.http ?? createHttp({ apiUrl, fetch: win.fetch.bind(win), signal: life.signal });
  const emitter = createEmitter(boot.windowEvents ? win : null);
  const reportError = (type: string) => (error: unknown) => emitter.emit('error', { type, message: String(error) });
  const store = options.store ?? openStore(boot.persistence, projectId, reportError('storage'));
  const env = createEnvironment(win);

  // What another tab says before the policy is there to hear it waits for it, in order.
  const early: unknown[] = [];
  let onTabMessage: (data: unknown) => void = (data) => void early.push(data);
  const modelOptions: ModelOptions = {
    win,
    env,
    http,
    store,
    emitter,
    projectId,
    apiUrl,
    pageSettings,
    queryLayer,
    sharedTabs: boot.persistence === 'local',
    openMirror: sessionOpenMirror(win, projectId, boot.persistence),
    // Beside the store it opens itself: a caller's own store (tests, an app's) keeps its own rules.
    journal: options.store ? undefined : createSendJournal(win, projectId, boot.persistence),
    onTabMessage: (m) => onTabMessage(m),
    // A new visitor: the last one's conversations and read marks leave with them.
    onForget: () => {
      dropList();
      return store.del(MARKS_KEY);
    },
    preview: false,
  };
  // Its stages are ours: what the launcher is drawn from here, the tabs, the rest (each a task).
  const models = yield* modelsInStages(modelOptions);
  yield;
  const { state, translator, tabs, lookReady } = models;
  const { settings, ui, session, conversation, project, intake, lang } = state;

  // The last visit's look and texts: painted at once, refreshed quietly once the service answers.
  const lookCache = createLookCache(boot.persistence === 'none' ? null : localStorageOf(win), projectId);
  later(() => {
    const cachedWidgets = lookCache.widgets();
    if (cachedWidgets) project.apply(cachedWidgets);
    // Until then (first visit) the launcher is not painted: it would move or change colour.
    lookReady.value = !!cachedWidgets;
    const cachedTexts = lookCache.texts(lang.peek());
    if (cachedTexts) translator.overlay(lang.peek(), cachedTexts);
  });

  const loadHint = createLoadHint(win, projectId, boot.persistence);
  const realtime = createRealtime({
    apiUrl,
    projectId,
    store,
    // The conversation's methods take no `this`.
    onMessages: conversation.receive,
    // Who types shows in every tab: only this one (the leader) has the socket.
    onTyping(frame) {
      conversation.typingFrame(frame);
      const requestId = conversation.requestId.peek();
      if (requestId) tabs.post({ type: 'typing', requestId, frame });
    },
    // After every (re)connection: what was pushed while we were away comes from REST.
    onResync: () => void conversation.sync().catch(reportError('sync')),
    isOnline: () => env.online.peek(),
  });
  // The history of the conversation stored from the last visit is here (README "First paint").
  const historyReady = signal(false);
  const poller = createPoller({
    env,
    state: () => ({
      // Only the leading tab polls; the others hear from it.
      // A session the service refuses is not polled: that would be a refused GET every few seconds.
      hasConversation: tabs.isLeader.value && !!conversation.requestId.value && !!session.token.value && !session.refused.value,
      // On the home screen the current conversation is not in view: it is polled like a closed window.
      windowOpen: ui.isOpen.value && ui.screen.value === 'conversation',
      msSinceActivity: Date.now() - conversation.lastActivity.value,
      pushLive: realtime.live.value,
    }),
    // The first look at a stored conversation, answered or failed, is what an open window waits for.
    tick: () => conversation.sync().finally(() => (historyReady.value = true)),
    onOnline: () => {
      conversation.resume();
      realtime.wake();
    },
  });

  // `started`: the first restore is done, so changes are the visitor's (events, labels, display).
  // `running`: the live parts (push channel, leadership work) may go.
  let started = false;
  const running = signal(false);
  /** What `unread:change` said last (nothing yet: 0). */
  let announcedUnread = 0;
  let wasOpen = ui.isOpen.peek();
  const timers: Array<ReturnType<typeof setTimeout>> = [];

  const applyDisplayRules = () => {
    const s = settings.peek();
    ui.setShown((env.isMobile() ? s.displayOnMobile : s.displayOnDesktop) && !s.startHidden);
  };
  if (boot.startHidden) ui.setShown(false);

  // The visitor's conversations (issue 11 §4): code and calls only for a visitor with a list (home
  // screen, a second conversation, marks from an earlier visit), never with `singleConversation`.
  const conversations = signal<ConversationListControl | null>(null);
  let listing: Promise<ConversationListControl | null> | null = null;
  // One per visitor (a reset starts the next): a list whose code comes after a reset or the client's
  // end was asked for the visitor who left, and is never made.
  let visitor = 0;
  const listConversations = () => {
    if (settings.peek().singleConversation) return null;
    const asker = visitor;
    return (listing ??= import('./conversation/conversationList.ts').then(
      (m) =>
        asker !== visitor || disposed
          ? null
          : (conversations.value = m.createConversationList({
              http,
              projectId,
              session,
              store,
              marksKey: MARKS_KEY,
              conversation,
              ui,
              env,
              tabs,
              onError: reportError('conversations'),
            })),
      // Not downloaded (offline): the next need tries again.
      () => {
        if (asker === visitor) listing = null;
        return null;
      },
    ));
  };
  const listIfKept = () => void store.get(MARKS_KEY).then((marks) => (marks || settings.peek().startFromHome) && listConversations(), reportError('storage'));
  /** The visitor's list leaves (they were forgotten): a later need lists the next visitor's. */
  function dropList() {
    conversations.peek()?.dispose();
    conversations.value = null;
    listing = null;
    // A list whose code is still on its way was asked for the visitor who left: it is never made.
    visitor++;
  }
  const unread = unreadOf(conversation.unread, conversations);

  // Settles once started and restored; a client disposed before its start settles it at once.
  let start!: () => void;
  const ready: Promise<void> = new Promise<void>((resolve) => {
    let begun = false;
    start = () => {
      if (begun) return;
      begun = true;
      resolve(disposed ? undefined : startUp());
    };
  }).catch(reportError('bootstrap'));
  let prefetching = false;
  const commands = createCommands(
    models,
    { win, store, emitter },
    {
      get ready() {
        return ready;
      },
      afterSend() {
        poller.kick();
        tabs.post({ type: 'sent' });
      },
      listConversations,
      afterUpdate: () => {
        if (started) applyDisplayRules();
      },
    },
  );

  const signInIfReady = () => {
    // With a pre-chat form to fill, a guest's sign-in waits for the name and email it carries; the
    // page's token names its visitor (who then fills no form).
    if (intake.stage.peek() === 'prechat' && !models.wantedToken.peek()) return;
    session
      .ensure()
      .then(() => poller.kick())
      .catch(reportError('auth'));
  };

  async function loadLabels(language: string) {
    await translator.use(language);
    const answer = await getLabels(http, projectId, language).then(
      (labels) => ({ labels }),
      () => null,
    );
    // Not answered: the texts shown (ours, or the last visit's) stay as they are.
    if (answer) {
      await translator.refresh(language, remoteLabelsFor(language, answer.labels));
      lookCache.saveTexts(language, translator.texts(language));
    }
    ui.textsChanged();
  }

  const disposers: Array<() => void> = [];
  /** The policy's effects, then the start-up: storage, the service, the live parts. */
  const startUp = () => {
    disposers.push(...policyEffects());
    return startFromStorage();
  };
  const policyEffects = () => [
    effect(() => {
      const open = ui.isOpen.value;
      if (!started || open === wasOpen) return;
      wasOpen = open;
      emitter.emit(open ? 'open' : 'close');
      if (open) {
        ui.setCallout(false);
        if (settings.peek().restartConversation && conversation.requestId.peek()) commands.startNewConversation();
        if (ui.screen.peek() === 'conversation') {
          conversation.markRead();
          tabs.post({ type: 'read' });
        }
        // Opening is the visitor's first move: sign in now, so the first send is instant.
        signInIfReady();
      } else poller.reschedule();
    }),
    effect(() => {
      // Re-arm the poller when the conversation starts or the session changes.
      void conversation.requestId.value;
      void session.token.value;
      void session.refused.value;
      if (started) poller.reschedule();
    }),
    effect(() => {
      // In front of the visitor (the window open on it, the page in view), the conversation is read, in every tab.
      if (!ui.isOpen.value || ui.screen.value !== 'conversation' || !env.visible.value || !conversation.unread.value) return;
      conversation.markRead();
      tabs.post({ type: 'read' });
    }),
    effect(() =>
      realtime.follow({
        requestId: conversation.requestId.value,
        token: session.token.value,
        active: running.value && tabs.isLeader.value,
        // The page's setting, or what the service announces in `project.widget.realtime`.
        setting: settings.value.realtime,
      }),
    ),
    effect(() => {
      // A tab that takes the lead sends what a closed tab left in the outbox, and looks for news.
      if (!tabs.isLeader.value || !running.value) return;
      conversation.takeOver();
      poller.reschedule();
      poller.kick();
    }),
    effect(() => {
      // The leader's unread count is every tab's count.
      const count = conversation.unread.value;
      if (tabs.isLeader.peek()) tabs.post({ type: 'unread', count });
    }),
    effect(() => {
      // The page hears the launcher's count (once known at start-up, then each change) from the leading tab only.
      const count = unread.value;
      if (count !== announcedUnread && tabs.isLeader.peek()) emitter.emit('unread:change', count);
      announcedUnread = count;
    }),
    effect(() => {
      // Push live or not, the poll interval follows.
      void realtime.live.value;
      if (started) poller.reschedule();
    }),
    effect(() => {
      // The loader's hint for the next page (client/live/loadHint.ts), once the stored conversation is read.
      if (running.value) loadHint(!!conversation.requestId.value && !conversation.closed.value);
    }),
    effect(() => {
      const language = lang.value;
      if (started) void loadLabels(language);
    }),
    effect(() => {
      if (!running.value || !ui.isOpen.value || prefetching) return;
      prefetching = true;
      disposers.push(whenIdle(win, () => void prefetchLater().catch(() => undefined)));
    }),
    effect(() => {
      // The page names the visitor (a site's token set or changed live): sign them in now, as at start-up.
      const jwt = models.wantedToken.value;
      if (started && jwt) signInIfReady();
    }),
  ];
  // What this tab does when another tab speaks (client/live/tabRelay.ts) comes with the first such
  // message: most visitors keep one tab. Messages wait on the one promise, so they keep their order.
  let relay: Promise<ReturnType<typeof createTabRelay>> | null = null;
  onTabMessage = (data) => {
    // Another tab started or counted a conversation: this tab's list follows (it reads the store,
    // whatever the message says: the message itself is checked by the relay, tabRelay.ts).
    if ((data as Partial<TabMessage> | null)?.type === 'conversation') void (conversations.peek()?.follow() ?? listIfKept());
    relay ??= import('./live/tabRelay.ts').then((m) =>
      m.createTabRelay({
        conversation,
        session,
        intake,
        isLeader: () => tabs.isLeader.peek(),
        kick: () => poller.kick(),
        dropList() {
          dropList();
          listIfKept();
        },
        pageToken: () => models.wantedToken.peek(),
        dropPageToken: models.dropPageToken,
      }),
    );
    relay.then(
      (r) => !disposed && r.handle(data),
      // Not downloaded (offline): polling still brings the conversation; the next message tries again.
      () => void (relay = null),
    );
  };
  for (const data of early.splice(0)) onTabMessage(data);

  async function startCallout() {
    const s = settings.peek();
    if (s.calloutTimer < 0 || ui.isOpen.peek()) return;
    const seen = await store.get<{ dismissed?: boolean }>('callout').catch(() => undefined);
    if (seen?.dismissed) return;
    timers.push(setTimeout(() => ui.setCallout(!ui.isOpen.peek()), Math.min(s.calloutTimer, 3600) * 1000));
  }

  // The start-up's steps are tasks of their own on the host page (issue 9 §1): the project's answer
  // re-themes the launcher in its own task, the texts and the first history request come after.
  const startFromStorage = async () => {
    await Promise.all([session.restore(), conversation.restore(), intake.restore()]);
    // The page's token names another visitor than the known one stored: they leave before anything is shown or sent.
    await session.settled();
    // Disposed meanwhile (React StrictMode's first instance): nothing of it runs after.
    if (disposed) return;
    // No conversation stored: no history to wait for.
    if (!conversation.requestId.peek()) historyReady.value = true;
    timers.push(setTimeout(() => (lookReady.value = true), LOOK_WAIT_MS));
    const widgets = await project.load().then(
      (answer) => answer ?? {},
      (error: unknown) => void reportError('bootstrap')(error),
    );
    await yieldToPage();
    if (disposed) return;
    if (widgets) {
      const { project: p, departments } = widgets;
      const cached = { ...(p ? { project: p } : {}), ...(departments ? { departments } : {}) };
      lookCache.save(cached);
      // The loader's look for the next page (this one has its look): at idle, with its code
      // (launcherLook.ts). Not downloaded (offline): the next page saves it.
      const saveLook = () =>
        void import('../state/launcherLook.ts').then(
          (m) => !disposed && lookCache.save(cached, m.launcherLook(settings.peek())),
          () => undefined,
        );
      disposers.push(whenIdle(win, saveLook));
    }
    const s = settings.peek();
    if (s.startFromHome && !s.singleConversation) ui.setScreen('home');
    listIfKept();
    const rule = env.isMobile() ? s.onPageChangeVisibilityMobile : s.onPageChangeVisibilityDesktop;
    await Promise.all([ui.restore(rule, s.open), loadLabels(lang.peek())]);
    if (disposed) return;
    // The look and the texts are final now: a first visit shows the launcher (and any window).
    lookReady.value = true;
    applyDisplayRules();
    wasOpen = ui.isOpen.peek();
    started = true;
    if (ui.isOpen.peek()) emitter.emit('open');
    // A known visitor is signed in (or a stored one re-validated) at once, as the official widget
    // does: the page hears of a refused token now, not at the visitor's first message.
    if (ui.isOpen.peek() || models.wantedToken.peek() || session.visitor.peek()?.authenticated) signInIfReady();
    await yieldToPage();
    if (disposed) return;
    // The leading tab's first look comes from the leadership effect once running: one history
    // request at start-up (the badge), not two. A tab that does not lead reads it once too (its
    // count and preview), then hears from the leader.
    running.value = true;
    if (!tabs.isLeader.peek())
      void conversation
        .sync()
        .catch(reportError('sync'))
        .finally(() => (historyReady.value = true));
    void startCallout();
    // i18next takes over the texts once the page is idle (translator.ts).
    disposers.push(whenIdle(win, () => void translator.engine().catch(() => undefined)));
    emitter.emit('ready');
  };

  let disposed = false;
  const client: ChatClient = {
    ...state,
    conversations,
    unread,
    get unreadCount() {
      return unread.value;
    },
    historyReady,
    ...commands,
    ...eventsOf(emitter),
    ready,
    dispose() {
      if (disposed) return;
      disposed = true;
      life.abort();
      start();
      poller.stop();
      tabs.stop();
      realtime.stop();
      conversation.dispose();
      // A list still on its way is stopped when it comes.
      void listing?.then((list) => list?.dispose());
      state.attention.dispose();
      for (const dispose of disposers) dispose();
      for (const timer of timers) clearTimeout(timer);
      void relay?.then(
        (r) => r.stop(),
        () => undefined,
      );
      env.dispose();
      emitter.clear();
    },
  };
  return { client, start };
}
