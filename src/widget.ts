import { computed, effect, signal } from '@preact/signals';
import { h, render } from 'preact';
import { userPhotoUrl } from './api/files.ts';
import { createHttp, type Http } from './api/http.ts';
import { getLabels } from './api/labels.ts';
import type { WidgetsResponse } from './api/wire.ts';
import { dispatchCommand } from './commands.ts';
import { baseLanguage, createTranslator, labelTexts, remoteLabelsFor } from './i18n/translator.ts';
import { previewHistory, PREVIEW_VISITOR_ID } from './preview.ts';
import { createConversation } from './state/conversation.ts';
import { createEmitter, type Listener, type WidgetErrorDetail } from './state/events.ts';
import { createIntake } from './state/intake.ts';
import { inputControl } from './state/inputControl.ts';
import { createLookCache, launcherLook, localStorageOf } from './state/lookCache.ts';
import { availability } from './state/operatingHours.ts';
import { createOutboxStore } from './state/outboxStore.ts';
import { createPoller } from './state/poller.ts';
import { createProject } from './state/project.ts';
import { createRatingMemory } from './state/rating.ts';
import { createRealtime, realtimeEndpoint } from './state/realtime.ts';
import { isRequestIdOf } from './state/requestId.ts';
import { createSession } from './state/session.ts';
import { createTabRelay } from './state/tabRelay.ts';
import { createTabs, type TabMessage } from './state/tabs.ts';
import { cleanLayer, defaultApiUrl, resolveSettings, settingsFromQuery, type WidgetSettings } from './state/settings.ts';
import { createMemoryStore, openStore, sessionOpenMirror } from './state/storage.ts';
import { createUi } from './state/ui.ts';
import { createAttention } from './state/attention.ts';
import { createUploads } from './state/uploads.ts';
import { adoptStyles } from './ui/adoptStyles.ts';
import { createChime } from './ui/chime.ts';
import { App } from './ui/App.tsx';
import { WidgetContext, type WidgetView } from './ui/context.ts';
import { widgetCss } from './ui/styles.ts';

/** The public instance (widget-contract §1 "JS API"): the same for the script tag and npm. */
export interface WidgetInstance {
  open(): void;
  close(): void;
  toggle(): void;
  show(): void;
  hide(): void;
  sendMessage(text: string): Promise<void>;
  setUser(user: { fullname?: string; email?: string; attributes?: Record<string, unknown> }): void;
  setLocale(lang: string): void;
  on(event: string, listener: Listener): () => void;
  off(event: string, listener?: Listener): void;
  /** Forgets the visitor and the conversation on this device. */
  reset(): Promise<void>;
  destroy(): void;
  /** Changes settings live (the dashboard preview re-themes with it). */
  update(partial: Partial<WidgetSettings> & { project?: Partial<WidgetsResponse>; labels?: unknown }): void;
  /** `Porchlight('name', …args)` for the script tag's command queue. */
  command(name: string, ...args: unknown[]): unknown;
}

export interface PreviewOptions {
  /** What `GET /{pid}/widgets` would answer: `project.widget`, hours, departments, availability. */
  project?: Partial<WidgetsResponse>;
  /** Labels to show: `{KEY: text}` or the service's `{lang, data}`. */
  labels?: unknown;
}

export interface CreateWidgetOptions {
  /** The `<porchlight-widget>` element; its open shadow root is created if missing. */
  host: HTMLElement;
  settings: Partial<WidgetSettings> | Record<string, unknown>;
  /** `porchlight_<key>` layer; the script tag passes the page's query string. */
  query?: string;
  /** Open at once as the visitor's own action (they clicked the loader's launcher). */
  openedByVisitor?: boolean;
  /** Dashboard preview: no network at all, sample content. */
  preview?: PreviewOptions;
}

const MOBILE_QUERY = '(max-width: 640px), (pointer: coarse) and (max-width: 900px)';
const CLOCK_MS = 30_000;
/** First visit: how long the launcher waits, unseen, for the project's look before it shows anyway. */
const LOOK_WAIT_MS = 2500;

/** Refuses every call: a preview must not touch the network, and a test proves it. */
const offline: Http = () => Promise.reject(new Error('preview: no network'));

/**
 * Preview labels: `{KEY: text}`, or the service's `{lang, data}` read by the live widget's rule
 * (an answer for another language, the stock English pivot, is not taken).
 */
function labelsLayer(labels: unknown, lang: string): Record<string, string> | null {
  if (!labels || typeof labels !== 'object') return null;
  if ('lang' in labels && 'data' in labels) return remoteLabelsFor(lang, labels);
  return labelTexts('data' in labels ? (labels as { data: unknown }).data : labels);
}

export function createWidget({ host, settings: pageSettings, query = '', openedByVisitor = false, preview }: CreateWidgetOptions): WidgetInstance {
  const win = host.ownerDocument.defaultView ?? window;
  const shadow = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  const isPreview = !!preview;
  const pageLayer = signal(cleanLayer(pageSettings));
  const queryLayer = isPreview ? {} : settingsFromQuery(query);
  const boot = resolveSettings(pageLayer.peek(), queryLayer);
  const projectId = boot.projectid || (isPreview ? 'preview' : '');
  if (!projectId) throw new Error('Porchlight: `projectid` is required');

  const apiUrl = boot.apiUrl || defaultApiUrl(win.location.origin);
  const http = isPreview ? offline : createHttp({ apiUrl, fetch: win.fetch.bind(win) });
  const emitter = createEmitter(boot.windowEvents && !isPreview ? win : null);
  const reportError = (type: string) => (error: unknown) => emitter.emit('error', { type, message: String(error) });
  const store = isPreview ? createMemoryStore() : openStore(boot.persistence, projectId, reportError('storage'));
  const project = createProject(isPreview ? null : http, projectId);
  // The last visit's look and texts: painted at once, refreshed quietly once the service answers.
  const lookCache = createLookCache(isPreview || boot.persistence === 'none' ? null : localStorageOf(win), projectId);
  const cachedWidgets = lookCache.widgets();
  if (cachedWidgets) project.apply(cachedWidgets);
  // Until then (first visit) the launcher is not painted: it would move or change colour.
  const lookReady = signal(isPreview || !!cachedWidgets);
  const settings = computed(() => resolveSettings(project.widgetLayer.value, pageLayer.value, queryLayer));
  const localeOverride = signal('');
  const lang = computed(() => baseLanguage(localeOverride.value || settings.value.lang || win.navigator.language || 'en'));
  const translator = createTranslator(lang.peek());
  const cachedTexts = lookCache.texts(lang.peek());
  if (cachedTexts) translator.overlay(lang.peek(), cachedTexts);
  const ui = createUi(store, isPreview ? undefined : sessionOpenMirror(win, projectId, boot.persistence));
  const online = signal(win.navigator.onLine !== false);
  const clock = signal(Date.now());

  // Defined before the models that read it; filled in once the conversation exists.
  let hasConversation = () => false;
  const intake = createIntake({
    store,
    departments: project.departments,
    departmentID: () => settings.value.departmentID,
    preChatEnabled: () => settings.value.preChatForm,
    known: () => ({ fullname: settings.value.userFullname, email: settings.value.userEmail }),
    hasConversation: () => hasConversation(),
  });
  const who = () => {
    const s = settings.peek();
    const form = intake.preChat.peek() ?? {};
    const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
    return { fullname: s.userFullname || text(form.userFullname), email: s.userEmail || text(form.userEmail), attributes: s.customAttributes };
  };
  // Tabs of one site share one conversation (only with shared storage); see state/tabs.ts.
  let onTabMessage: (message: TabMessage) => void = () => {};
  const tabs = createTabs({ name: `porchlight:${projectId}`, shared: boot.persistence === 'local' && !isPreview, onMessage: (m) => onTabMessage(m), win });
  const session = createSession({
    http,
    store,
    projectId,
    identity: who,
    onSignIn: () => tabs.post({ type: 'session' }),
    // Calls stopped: the page hears it once, the visitor sees "Not sent" with Retry.
    onRefused: (error) => emitter.emit('error', { type: 'auth', status: error.status, message: error.message } satisfies WidgetErrorDetail),
  });
  const conversation = createConversation({
    http,
    projectId,
    session,
    store,
    outboxStore: createOutboxStore(store, `porchlight:${projectId}`, boot.persistence === 'local' && !isPreview, (rid) => isRequestIdOf(projectId, rid)),
    emitter,
    isWindowOpen: () => ui.isOpen.peek() && win.document.visibilityState !== 'hidden',
    announces: () => tabs.isLeader.peek(),
    onShare: (change) => tabs.post(change),
    firstMessageFields: () => {
      const department = intake.department.peek();
      const { fullname, email, attributes } = who();
      const preChat = intake.preChat.peek();
      return {
        ...(department ? { departmentid: department._id } : {}),
        sourcePage: win.location.href,
        language: lang.peek(),
        userAgent: win.navigator.userAgent,
        attributes: {
          ...(fullname ? { userFullname: fullname } : {}),
          ...(email ? { userEmail: email } : {}),
          ...(preChat ? { preChatForm: preChat } : {}),
          ...(attributes ? { payload: attributes } : {}),
          ...(department ? { departmentId: department._id, departmentName: department.name } : {}),
        },
      };
    },
  });
  hasConversation = () => !!conversation.requestId.value;

  const realtime = createRealtime({
    apiUrl,
    projectId,
    store,
    onMessages: (messages) => conversation.receive(messages),
    // After every (re)connection: what was pushed while we were away comes from REST.
    onResync: () => void conversation.sync().catch(reportError('sync')),
    isOnline: () => win.navigator.onLine !== false,
  });
  const poller = createPoller({
    win,
    state: () => ({
      // Only the leading tab polls; the others hear from it.
      // A session the service refuses is not polled: that would be a refused GET every few seconds.
      hasConversation: !isPreview && tabs.isLeader.value && !!conversation.requestId.value && !!session.token.value && !session.refused.value,
      windowOpen: ui.isOpen.value,
      msSinceActivity: Date.now() - conversation.lastActivity.value,
      pushLive: realtime.live.value,
    }),
    tick: () => conversation.sync(),
    onOnline: () => {
      conversation.resume();
      realtime.wake();
    },
  });

  const uploads = createUploads({
    apiUrl,
    projectId,
    session,
    conversation,
    rules: () => ({ accept: settings.peek().fileUploadAccept, allowedExtensions: settings.peek().allowedUploadExtentions }),
    onError: (detail) => emitter.emit('error', detail),
  });

  const rating = createRatingMemory({ http, session, projectId });

  const send = (message: Parameters<typeof conversation.send>[0]) =>
    conversation
      .send(message)
      .then(() => {
        poller.kick();
        tabs.post({ type: 'sent' });
      })
      .catch(reportError('send'));

  const intents: WidgetView['intents'] = {
    open: (byVisitor = false) => ui.setOpen(true, byVisitor),
    close: (byVisitor = false) => ui.setOpen(false, byVisitor),
    send: (text) => void send({ text }),
    retry: (tempUID) => void conversation.retry(tempUID).catch(reportError('send')),
    discard: (tempUID) => void conversation.discard(tempUID).catch(reportError('send')),
    pressButton(messageKey, intent) {
      if (intent.kind === 'open') {
        // noopener: the opened page gets no handle on the host page.
        win.open(intent.url, intent.target, intent.target === '_blank' ? 'noopener,noreferrer' : undefined);
        return;
      }
      if (intent.kind !== 'send') return;
      conversation.useButtons(messageKey);
      void send({ text: intent.text, attributes: intent.attributes, ...(intent.metadata ? { metadata: intent.metadata } : {}) });
    },
    upload: (file) => uploads.add(file),
    endConversation: () => void conversation.close().catch(reportError('close')),
    async rate(score, comment) {
      const rid = conversation.requestId.peek();
      await conversation.rate(score, comment);
      if (rid) rating.remember(rid, score);
    },
    startNewConversation: () =>
      void Promise.all([conversation.startNew(), intake.resetDepartment()]).catch(reportError('conversation')),
    submitPreChat(values) {
      void intake
        .submitPreChat(values)
        .then(async () => {
          const { fullname, email } = who();
          // Signed in already (a returning visitor): the form still names them from now on.
          if (session.token.peek()) await session.updateVisitor({ ...(fullname ? { fullName: fullname } : {}), ...(email ? { email } : {}) });
          else await session.ensure();
          const first = typeof values.firstMessage === 'string' ? values.firstMessage.trim() : '';
          if (first) await send({ text: first });
        })
        .catch(reportError('prechat'));
    },
    dismissCallout() {
      ui.calloutVisible.value = false;
      void store.set('callout', { dismissed: true });
    },
  };

  // Styles of views loaded on demand, each adopted once; removed with the widget.
  const lazyStyles = new Map<string, () => void>();
  const view: WidgetView = {
    settings,
    ui,
    session,
    conversation,
    project,
    uploads,
    intake,
    rating,
    availability: computed(() => availability({ ...project.hours.value, userAvailable: project.agentsAvailable.value }, clock.value)),
    preview: isPreview,
    inputControl: computed(() => inputControl(conversation.messages.value)),
    lang,
    lookReady,
    title: computed(() => settings.value.widgetTitle || project.name.value || translator.t('CHAT_WINDOW_LABEL')),
    online,
    photoUrl: (userId) => (isPreview ? '' : userPhotoUrl(apiUrl, userId)),
    t: (key, options) => translator.t(key, options),
    adoptCss(cssText) {
      if (!lazyStyles.has(cssText)) lazyStyles.set(cssText, adoptStyles(shadow, cssText, boot.nonce));
    },
    intents,
    attention: createAttention({ messages: conversation.messages, unread: conversation.unread, isOpen: ui.isOpen, leads: tabs.isLeader, quiet: isPreview, doc: win.document }),
  };

  // ---- rendering
  if (openedByVisitor) intents.open(true);
  if (boot.startHidden) ui.isShown.value = false;
  if (isPreview) host.setAttribute('data-preview', '');
  const removeStyles = adoptStyles(shadow, widgetCss, boot.nonce);
  const mountPoint = win.document.createElement('div');
  shadow.appendChild(mountPoint);
  // Ids only need to be unique inside this shadow root.
  render(h(WidgetContext.Provider, { value: view }, h(App, { idPrefix: 'pl' })), mountPoint);

  // ---- reactions
  const isMobile = () => win.matchMedia?.(MOBILE_QUERY).matches ?? false;
  const disposers: Array<() => void> = [];
  const timers: Array<ReturnType<typeof setTimeout>> = [];
  // `started`: the first restore is done, so changes are the visitor's (events, labels, display).
  // `running`: the live parts (push channel, leadership work) may go; never in a preview.
  let started = false;
  const running = signal(false);
  let wasOpen = ui.isOpen.peek();

  const signInIfReady = () => {
    // With a pre-chat form to fill, the sign-in waits for the name and email it carries.
    if (isPreview || intake.stage.peek() === 'prechat') return;
    session
      .ensure()
      .then(() => poller.kick())
      .catch(reportError('auth'));
  };

  disposers.push(
    effect(() => {
      const open = ui.isOpen.value;
      if (!started || open === wasOpen) return;
      wasOpen = open;
      emitter.emit(open ? 'open' : 'close');
      if (open) {
        ui.calloutVisible.value = false;
        conversation.markRead();
        tabs.post({ type: 'read' });
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
      if (ui.isOpen.value && conversation.unread.value) conversation.markRead();
    }),
    effect(() =>
      realtime.follow({
        requestId: conversation.requestId.value,
        token: session.token.value,
        active: running.value && tabs.isLeader.value,
        // The page's setting, or what the service announces in `project.widget.realtime`.
        endpoint: isPreview ? null : realtimeEndpoint(settings.value.realtime, apiUrl),
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
      // Push live or not, the poll interval follows.
      void realtime.live.value;
      if (started) poller.reschedule();
    }),
  );
  const relay = createTabRelay({ conversation, session, isLeader: () => tabs.isLeader.peek(), kick: () => poller.kick() });
  onTabMessage = relay.handle;

  // message:received fires in the leading tab only, so the chime sounds once per message.
  const chime = createChime(win);
  disposers.push(
    emitter.on('message:received', () => {
      if (settings.peek().soundEnabled && (!ui.isOpen.peek() || win.document.visibilityState === 'hidden')) chime.play();
    }),
    () => chime.dispose(),
  );

  const onOnline = () => (online.value = true);
  const onOffline = () => (online.value = false);
  win.addEventListener('online', onOnline);
  win.addEventListener('offline', onOffline);
  // Hours are re-evaluated while the page stays open.
  const clockTimer = setInterval(() => (clock.value = Date.now()), CLOCK_MS);

  async function loadLabels(language: string) {
    await translator.use(language);
    if (!isPreview) {
      const answer = await getLabels(http, projectId, language).then(
        (labels) => ({ labels }),
        () => null,
      );
      // Not answered: the texts shown (ours, or the last visit's) stay as they are.
      if (answer) {
        await translator.refresh(language, remoteLabelsFor(language, answer.labels));
        lookCache.saveTexts(language, translator.texts(language));
      }
    } else {
      await translator.refresh(language, labelsLayer(preview?.labels, language));
      // The sample conversation speaks the preview's language too.
      conversation.history.value = previewHistory(view.t, Date.now());
    }
    ui.labelsVersion.value++;
  }
  disposers.push(
    effect(() => {
      const language = lang.value;
      if (started) void loadLabels(language);
    }),
  );

  function applyDisplayRules() {
    const s = settings.peek();
    ui.isShown.value = (isMobile() ? s.displayOnMobile : s.displayOnDesktop) && !s.startHidden;
  }

  async function startCallout() {
    const s = settings.peek();
    if (s.calloutTimer < 0 || ui.isOpen.peek()) return;
    const seen = await store.get<{ dismissed?: boolean }>('callout').catch(() => undefined);
    if (seen?.dismissed) return;
    timers.push(setTimeout(() => (ui.calloutVisible.value = !ui.isOpen.peek()), Math.min(s.calloutTimer, 3600) * 1000));
  }

  const ready = (async () => {
    if (isPreview) {
      project.apply(preview?.project ?? {});
      session.visitor.value = { id: PREVIEW_VISITOR_ID, fullName: '', email: '', pastIds: [] };
      await loadLabels(lang.peek());
      ui.isOpen.value = true;
      started = true;
      wasOpen = true;
      return;
    }
    await Promise.all([session.restore(), conversation.restore(), intake.restore()]);
    timers.push(setTimeout(() => (lookReady.value = true), LOOK_WAIT_MS));
    const widgets = await project.load().then(
      (answer) => answer ?? {},
      (error: unknown) => void reportError('bootstrap')(error),
    );
    if (widgets) {
      const { project: p, departments } = widgets;
      lookCache.save({ ...(p ? { project: p } : {}), ...(departments ? { departments } : {}) }, launcherLook(settings.peek()));
    }
    const s = settings.peek();
    const rule = isMobile() ? s.onPageChangeVisibilityMobile : s.onPageChangeVisibilityDesktop;
    await Promise.all([ui.restore(rule, s.open), loadLabels(lang.peek())]);
    // The look and the texts are final now: a first visit shows the launcher (and any window).
    lookReady.value = true;
    applyDisplayRules();
    wasOpen = ui.isOpen.peek();
    started = true;
    if (ui.isOpen.peek()) {
      emitter.emit('open');
      signInIfReady();
    }
    poller.kick();
    running.value = true;
    void startCallout();
    emitter.emit('ready');
  })().catch(reportError('bootstrap'));

  let destroyed = false;
  const instance: WidgetInstance = {
    open: () => intents.open(),
    close: () => intents.close(),
    toggle: () => (ui.isOpen.peek() ? intents.close() : intents.open()),
    show: () => void (ui.isShown.value = true),
    hide: () => void (ui.isShown.value = false),
    async sendMessage(text) {
      if (typeof text !== 'string' || isPreview) return;
      await ready;
      // The same path as the composer: the poll is kicked and the other tabs are told.
      await send({ text });
    },
    setUser(user) {
      const patch: Partial<WidgetSettings> = {};
      if (typeof user?.fullname === 'string') patch.userFullname = user.fullname;
      if (typeof user?.email === 'string') patch.userEmail = user.email;
      if (user?.attributes && typeof user.attributes === 'object') patch.customAttributes = user.attributes;
      pageLayer.value = { ...pageLayer.value, ...patch };
      void session.updateVisitor({ ...(patch.userFullname ? { fullName: patch.userFullname } : {}), ...(patch.userEmail ? { email: patch.userEmail } : {}) });
    },
    setLocale(next) {
      if (typeof next === 'string') localeOverride.value = next;
    },
    on: (event, listener) => emitter.on(event, listener),
    off: (event, listener) => emitter.off(event, listener),
    async reset() {
      await ready;
      await Promise.all([conversation.forget(), session.forget(), intake.forget()]);
      ui.setOpen(false);
      poller.reschedule();
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      poller.stop();
      tabs.stop();
      realtime.stop();
      conversation.dispose();
      view.attention.dispose();
      for (const dispose of disposers) dispose();
      for (const timer of timers) clearTimeout(timer);
      relay.stop();
      clearInterval(clockTimer);
      win.removeEventListener('online', onOnline);
      win.removeEventListener('offline', onOffline);
      render(null, mountPoint);
      mountPoint.remove();
      removeStyles();
      for (const remove of lazyStyles.values()) remove();
      host.removeAttribute('data-preview');
      emitter.clear();
    },
    update(partial) {
      const { project: nextProject, labels, ...rest } = partial ?? {};
      pageLayer.value = { ...pageLayer.value, ...cleanLayer(rest) };
      if (isPreview && nextProject) project.apply({ ...preview?.project, ...nextProject });
      if (isPreview && labels !== undefined && preview) {
        preview.labels = labels;
        void loadLabels(lang.peek());
      }
      if (started && !isPreview) applyDisplayRules();
    },
    command: (name, ...args) => dispatchCommand(instance, emitter, name, args),
  };
  return instance;
}
