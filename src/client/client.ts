import { createHttp } from '../api/http.ts';
import { cleanLayer, defaultApiUrl, resolveSettings, settingsFromQuery } from '../state/settings.ts';
import { createCommands, eventsOf } from './commands.ts';
import { untilDisposed } from './disposedCommands.ts';
import { createSendJournal } from './delivery/sendJournal.ts';
import { createEnvironment } from './live/environment.ts';
import { modelsInStages } from './models.ts';
import { createEmitter } from './platform/events.ts';
import { openStore, sessionOpenMirror } from './platform/storage.ts';
import { createChatWindow } from './policy/chatWindow.ts';
import type { ClientContext } from './policy/clientContext.ts';
import { createConversationLists } from './policy/conversationLists.ts';
import { createLifecycle } from './policy/lifecycle.ts';
import { createLiveness } from './policy/liveness.ts';
import { createLook } from './policy/look.ts';
import { createSignIn } from './policy/signIn.ts';
import { createStartUp } from './policy/startUp.ts';
import { createTabMessages } from './policy/tabMessages.ts';
import { createUnread } from './policy/unread.ts';
import type { ChatClient, ChatClientOptions } from './types.ts';

/**
 * A live chat with the service, without a UI: the models, and the policy between them — which tab
 * leads, when to poll and push, when to sign in, unread counting, start-up and teardown. (Its
 * callers check the settings' keys: `mount()`, the element, and porchlight/client's own entry.)
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

/** What the script tag's boot (boot.ts) hands in: the page's settings as they came, checked here. */
export type StagedClientOptions = Omit<ChatClientOptions, 'settings'> & { settings: object };

/** A client made in stages (`createStagedChatClient`): `start` begins its life (storage, the service). */
export interface StagedClient {
  client: ChatClient;
  start(): void;
  /**
   * The page's calls still waiting for their code (the script tag's command queue): a message the
   * visitor sends meanwhile is kept at once and sent after them, so that a `setUser` made just
   * before names the visitor on it.
   */
  pageCallsFirst(waiting: () => Promise<void> | undefined): void;
}

/**
 * `createChatClient` in stages, for the script-tag boot (app.ts), each a task of its own on the host
 * page (issue 9 §1: no task of ours over 50 ms on a slow phone, even with a 5,000-message history
 * stored): this call reads the settings and makes what a closed launcher is drawn from (settings,
 * look, texts, open state); `later` runs the next stages when it likes, in order: the tabs (which
 * one leads), the visitor's models, the conversation, the polls, then the commands and the policy
 * between them, which hands the client to `created`; after it, the last visit's look and texts (what the closed launcher is
 * painted with). `start` (the policy's effects, reading the stored visitor and conversation, then the
 * service) runs when the caller calls it, after the launcher's first paint. Every command works
 * before the start: what it changes, the start finds.
 * @throws when `settings.projectid` is missing.
 */
export function createStagedChatClient(options: StagedClientOptions, later: (step: () => void) => void, created: (staged: StagedClient) => void): void {
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
function* clientInStages(options: StagedClientOptions, later: (step: () => void) => void): Generator<void, StagedClient, void> {
  const win = options.window ?? window;
  const pageSettings = cleanLayer(options.settings);
  const queryLayer = settingsFromQuery(options.query ?? '');
  const boot = resolveSettings(pageSettings, queryLayer);
  const projectId = boot.projectid;
  if (!projectId) throw new Error('Porchlight: `projectid` is required');
  const apiUrl = boot.apiUrl || defaultApiUrl(win.location.origin);
  const life = createLifecycle();
  // The client's life: `dispose` cuts off what it still has in flight, and nothing of it starts after.
  const http = options.http ?? createHttp({ apiUrl, fetch: win.fetch.bind(win), signal: life.signal });
  const emitter = createEmitter(boot.windowEvents ? win : null);
  const reportError = (type: string) => (error: unknown) => emitter.emit('error', { type, message: String(error) });
  const store = options.store ?? openStore(boot.persistence, projectId, reportError('storage'));
  const env = createEnvironment(win);
  const tabMessages = createTabMessages();

  // Its stages are ours: what the launcher is drawn from here, the tabs, the rest (each a task).
  const models = yield* modelsInStages({
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
    onTabMessage: tabMessages.hear,
    // A new visitor: the last one's conversations and read marks leave with them.
    onForget: () => lists.forget(),
    preview: false,
  });
  yield;
  const { state, tabs } = models;
  const c: ClientContext = {
    ...models,
    win,
    env,
    store,
    emitter,
    projectId,
    apiUrl,
    persistence: boot.persistence,
    life,
    settings: state.settings,
    lang: state.lang,
  };

  // The last visit's look and texts: painted at once (once the client is made, below), refreshed
  // quietly once the service answers.
  const look = createLook(c);
  const liveness = createLiveness(c, {
    listed: () => lists.conversations.value !== null,
    refresh: () => void lists.conversations.peek()?.refresh().catch(reportError('conversations')),
  });
  const lists = createConversationLists(c, liveness.inboxLive);
  const unread = createUnread(c, lists.conversations);
  const signIn = createSignIn(c, () => liveness.poller.kick());
  // The commands and the policy in a task of their own: with the polls' (above), one task of 50–55 ms
  // on a host page storing 10,000 messages (4× CPU), all of it code run for the first time.
  yield;
  later(look.paintLastVisit);
  let pageCalls = (): Promise<void> | undefined => undefined;
  const commands = untilDisposed(
    createCommands(
      models,
      { win, store, emitter },
      {
        // Start-up, then the page's calls that wait for their code (`pageCallsFirst`).
        get ready() {
          return ready.then(pageCalls);
        },
        afterSend() {
          liveness.poller.kick();
          tabs.post({ type: 'sent' });
        },
        listConversations: lists.list,
        afterUpdate: () => {
          if (life.started) chatWindow.applyDisplayRules();
        },
      },
    ),
    () => life.disposed,
  );
  const chatWindow = createChatWindow(c, {
    startHidden: boot.startHidden,
    signInIfReady: signIn.signInIfReady,
    reschedulePoll: () => liveness.poller.reschedule(),
    startNewConversation: commands.startNewConversation,
    // The client's code that a first open and send do not run (refused credentials, files, unread
    // replies, the later commands…), there when the visitor needs it: one chunk (src/chunks.ts
    // `later`), which any of its modules brings; the later commands do.
    prefetchLater: () => import('./laterCommands.ts'),
  });
  const { ready, start } = createStartUp(c, { chatWindow, liveness, unread, look, signIn, lists });
  tabMessages.listen(c, { lists, kick: () => liveness.poller.kick() });

  const client: ChatClient = {
    ...state,
    conversations: lists.conversations,
    unread: unread.unread,
    get unreadCount() {
      return unread.unread.value;
    },
    historyReady: liveness.historyReady,
    ...commands,
    ...eventsOf(emitter),
    ready,
    dispose() {
      if (life.disposed) return;
      // Effects, idle tasks and timers stop; what is in flight is cut off.
      life.dispose();
      start();
      liveness.stop();
      tabs.stop();
      models.conversation.dispose();
      lists.dispose();
      state.attention.dispose();
      tabMessages.stop();
      env.dispose();
      emitter.clear();
    },
  };
  return { client, start, pageCallsFirst: (waiting) => void (pageCalls = waiting) };
}
