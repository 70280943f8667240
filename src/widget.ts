import { batch, computed, effect, signal } from '@preact/signals';
import { h, render } from 'preact';
import { createHttp } from './api/http.ts';
import { getLabels } from './api/labels.ts';
import { baseLanguage, createTranslator, remoteLabelsFor } from './i18n/translator.ts';
import { createConversation } from './state/conversation.ts';
import { createEmitter, type Listener } from './state/events.ts';
import { createOutboxStore } from './state/outboxStore.ts';
import { createPoller } from './state/poller.ts';
import { createProject } from './state/project.ts';
import { createSession } from './state/session.ts';
import { cleanLayer, defaultApiUrl, resolveSettings, settingsFromQuery, type WidgetSettings } from './state/settings.ts';
import { openStore } from './state/storage.ts';
import { createUi } from './state/ui.ts';
import { createUploads } from './state/uploads.ts';
import { inputControl } from './state/inputControl.ts';
import { adoptStyles } from './ui/adoptStyles.ts';
import { App } from './ui/App.tsx';
import { WidgetContext, type WidgetView } from './ui/context.ts';
import css from './ui/styles.css?inline';

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
  update(partial: Partial<WidgetSettings>): void;
  /** `Porchlight('name', …args)` dispatch for the script tag's command queue. */
  command(name: string, ...args: unknown[]): unknown;
}

export interface CreateWidgetOptions {
  /** The `<porchlight-widget>` element; its open shadow root is created if missing. */
  host: HTMLElement;
  settings: Partial<WidgetSettings> | Record<string, unknown>;
  /** `porchlight_<key>` layer; the script tag passes the page's query string. */
  query?: string;
  /** Open at once as the visitor's own action (they clicked the loader's launcher). */
  openedByVisitor?: boolean;
}

const MOBILE_QUERY = '(max-width: 640px), (pointer: coarse) and (max-width: 900px)';

export function createWidget({ host, settings: pageSettings, query = '', openedByVisitor = false }: CreateWidgetOptions): WidgetInstance {
  const win = host.ownerDocument.defaultView ?? window;
  const shadow = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  const pageLayer = signal(cleanLayer(pageSettings));
  const queryLayer = settingsFromQuery(query);
  const boot = resolveSettings(pageLayer.peek(), queryLayer);
  const projectId = boot.projectid;
  if (!projectId) throw new Error('Porchlight: `projectid` is required');

  const apiUrl = boot.apiUrl || defaultApiUrl(win.location.origin);
  const http = createHttp({ apiUrl, fetch: win.fetch.bind(win) });
  const emitter = createEmitter(boot.windowEvents ? win : null);
  const store = openStore(boot.persistence, projectId, (error) => emitter.emit('error', { type: 'storage', message: String(error) }));
  const project = createProject(http, projectId);
  const settings = computed(() => resolveSettings(project.widgetLayer.value, pageLayer.value, queryLayer));
  const localeOverride = signal('');
  const lang = computed(() => baseLanguage(localeOverride.value || settings.value.lang || win.navigator.language || 'en'));
  const translator = createTranslator(lang.peek());
  const ui = createUi(store);
  const online = signal(win.navigator.onLine !== false);

  const session = createSession({
    http,
    store,
    projectId,
    identity: () => ({ fullname: settings.peek().userFullname, email: settings.peek().userEmail, attributes: settings.peek().customAttributes }),
  });
  const conversation = createConversation({
    http,
    projectId,
    session,
    store,
    outboxStore: createOutboxStore(store, `porchlight:${projectId}`, boot.persistence === 'local'),
    emitter,
    isWindowOpen: () => ui.isOpen.peek() && win.document.visibilityState !== 'hidden',
    firstMessageFields: () => ({
      ...(settings.peek().departmentID ? { departmentid: settings.peek().departmentID } : {}),
      sourcePage: win.location.href,
      language: lang.peek(),
      userAgent: win.navigator.userAgent,
    }),
  });

  const reportError = (type: string) => (error: unknown) => emitter.emit('error', { type, message: String(error) });

  const poller = createPoller({
    win,
    state: () => ({
      hasConversation: !!conversation.requestId.value && !!session.token.value,
      windowOpen: ui.isOpen.value,
      msSinceActivity: Date.now() - conversation.lastActivity.value,
    }),
    tick: () => conversation.sync(),
    onOnline: () => conversation.resume(),
  });

  const uploads = createUploads({
    apiUrl,
    projectId,
    session,
    conversation,
    rules: () => ({ accept: settings.peek().fileUploadAccept, allowedExtensions: settings.peek().allowedUploadExtentions }),
    onError: (detail) => emitter.emit('error', detail),
  });

  const title = computed(() => settings.value.widgetTitle || project.name.value || translator.t('CHAT_WINDOW_LABEL'));

  const intents: WidgetView['intents'] = {
    open(byVisitor = false) {
      ui.setOpen(true, byVisitor);
    },
    close(byVisitor = false) {
      ui.setOpen(false, byVisitor);
    },
    send(text) {
      conversation
        .send({ text })
        .then(() => poller.kick())
        .catch(reportError('send'));
    },
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
      conversation
        .send({ text: intent.text, attributes: intent.attributes, ...(intent.metadata ? { metadata: intent.metadata } : {}) })
        .then(() => poller.kick())
        .catch(reportError('send'));
    },
    upload: (file) => uploads.add(file),
    endConversation: () => void conversation.close().catch(reportError('close')),
    rate: (rating, comment) => conversation.rate(rating, comment),
    startNewConversation: () => void conversation.startNew().catch(reportError('conversation')),
  };

  const view: WidgetView = {
    settings,
    ui,
    session,
    conversation,
    project,
    uploads,
    inputControl: computed(() => inputControl(conversation.messages.value)),
    lang,
    title,
    online,
    t: (key, options) => translator.t(key, options),
    intents,
  };

  if (openedByVisitor) intents.open(true);
  if (boot.startHidden) ui.isShown.value = false;

  // ---- rendering
  const removeStyles = adoptStyles(shadow, css, boot.nonce);
  const mountPoint = win.document.createElement('div');
  shadow.appendChild(mountPoint);
  // Ids only need to be unique inside this shadow root.
  render(h(WidgetContext.Provider, { value: view }, h(App, { idPrefix: 'pl' })), mountPoint);

  // ---- reactions
  const isMobile = () => win.matchMedia?.(MOBILE_QUERY).matches ?? false;
  const disposers: Array<() => void> = [];
  let started = false;
  let wasOpen = ui.isOpen.peek();
  disposers.push(
    effect(() => {
      const open = ui.isOpen.value;
      if (!started || open === wasOpen) return;
      wasOpen = open;
      emitter.emit(open ? 'open' : 'close');
      if (open) {
        conversation.markRead();
        // Opening is the visitor's first move: sign in now, so the first send is instant.
        session
          .ensure()
          .then(() => poller.kick())
          .catch(reportError('auth'));
      } else poller.reschedule();
    }),
  );
  disposers.push(
    effect(() => {
      // Re-arm the poller when the conversation starts or the session changes.
      void conversation.requestId.value;
      void session.token.value;
      if (started) poller.reschedule();
    }),
  );
  disposers.push(
    effect(() => {
      if (ui.isOpen.value && conversation.unread.value) conversation.markRead();
    }),
  );
  const onOnline = () => (online.value = true);
  const onOffline = () => (online.value = false);
  win.addEventListener('online', onOnline);
  win.addEventListener('offline', onOffline);

  async function loadLabels(language: string) {
    translator.i18n.changeLanguage(language);
    const answer = await getLabels(http, projectId, language).catch(() => undefined);
    const labels = remoteLabelsFor(language, answer);
    if (labels) translator.overlay(language, labels);
    ui.labelsVersion.value++;
  }
  disposers.push(
    effect(() => {
      const language = lang.value;
      if (started) void loadLabels(language);
    }),
  );

  const ready = (async () => {
    await Promise.all([session.restore(), conversation.restore()]);
    await project.load().catch(reportError('bootstrap'));
    const s = settings.peek();
    const rule = isMobile() ? s.onPageChangeVisibilityMobile : s.onPageChangeVisibilityDesktop;
    const displayed = isMobile() ? s.displayOnMobile : s.displayOnDesktop;
    await Promise.all([ui.restore(rule, s.open), loadLabels(lang.peek())]);
    batch(() => {
      if (!displayed || s.startHidden) ui.isShown.value = false;
    });
    wasOpen = ui.isOpen.peek();
    started = true;
    if (ui.isOpen.peek()) {
      emitter.emit('open');
      void session.ensure().catch(reportError('auth'));
    }
    poller.kick();
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
      if (typeof text !== 'string') return;
      await ready;
      await conversation.send({ text });
      poller.kick();
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
      await Promise.all([conversation.forget(), session.forget()]);
      ui.setOpen(false);
      poller.reschedule();
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      poller.stop();
      conversation.dispose();
      for (const dispose of disposers) dispose();
      win.removeEventListener('online', onOnline);
      win.removeEventListener('offline', onOffline);
      render(null, mountPoint);
      mountPoint.remove();
      removeStyles();
      emitter.clear();
    },
    update(partial) {
      pageLayer.value = { ...pageLayer.value, ...cleanLayer(partial) };
    },
    command(name, ...args) {
      switch (name) {
        case 'open':
        case 'close':
        case 'toggle':
        case 'show':
        case 'hide':
        case 'destroy':
          return instance[name]();
        case 'sendMessage':
          return instance.sendMessage(args[0] as string);
        case 'setUser':
          return instance.setUser(args[0] as Parameters<WidgetInstance['setUser']>[0]);
        case 'setLocale':
          return instance.setLocale(args[0] as string);
        case 'on':
          return instance.on(args[0] as string, args[1] as Listener);
        case 'off':
          return instance.off(args[0] as string, args[1] as Listener | undefined);
        case 'reset':
          return instance.reset();
        case 'update':
          return instance.update(args[0] as Partial<WidgetSettings>);
        default:
          emitter.emit('error', { type: 'command', message: `unknown command ${String(name)}` });
          return undefined;
      }
    },
  };
  return instance;
}
