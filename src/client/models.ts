import { computed, signal, untracked, type ReadonlySignal } from '@preact/signals-core';
import { userPhotoUrl } from '../api/fileUrls.ts';
import type { Http } from '../api/http.ts';
import { baseLanguage, createTranslator, type Translator } from '../i18n/translator.ts';
import { attentionOnDemand } from './ui-state/attentionOnDemand.ts';
import { createConversation } from './conversation/conversation.ts';
import { customTokenJwt, withoutTokenParams } from '../state/tokenParams.ts';
import { identityAttributes } from '../state/identity.ts';
import type { Emitter } from './platform/events.ts';
import type { Environment } from './live/environment.ts';
import { createIntake } from './ui-state/intake.ts';
import { inputControl, type InputControl } from '../state/inputControl.ts';
import { agentsAvailability, hasOperatingHours, type Availability } from '../state/availability.ts';
import type * as HoursRulesModule from '../state/operatingHours.ts';
import { createOutboxStore } from './delivery/outboxStore.ts';
import type { SendJournal } from './delivery/sendJournal.ts';
import { createProject } from './ui-state/project.ts';
import { createRatingMemory } from './conversation/rating.ts';
import { isRequestIdOf } from '../state/requestId.ts';
import { createSession } from './session/session.ts';
import { cleanLayer, resolveSettings, type WidgetSettings } from '../state/settings.ts';
import type { KeyValueStore } from './platform/storage.ts';
import { createTabs } from './live/tabs.ts';
import { createUi, type OpenStateMirror } from './ui-state/ui.ts';
import { uploadsOnDemand } from './delivery/uploadsOnDemand.ts';
import type { ConversationListModel } from './conversation/conversationList.ts';
import type { ChatState } from './types.ts';

/** What the models of one chat are made from. */
export interface ModelOptions {
  win: Window;
  env: Environment;
  http: Http;
  store: KeyValueStore;
  emitter: Emitter;
  projectId: string;
  apiUrl: string;
  pageSettings: Partial<WidgetSettings> | Record<string, unknown>;
  queryLayer: Partial<WidgetSettings>;
  /** Tabs of one site share one conversation (only with storage they share). */
  sharedTabs: boolean;
  openMirror?: OpenStateMirror;
  /** Where a sent message waits for its outbox item (none in a preview). */
  journal?: SendJournal;
  /** What another tab posted, unchecked (tabRelay.ts checks it). */
  onTabMessage(data: unknown): void;
  /** What the client keeps of the visitor beside the models (their list, its read marks): forgotten with them (`forgetVisitor`). */
  onForget?(): Promise<void>;
  preview: boolean;
}

/**
 * The models of one chat and the wiring between them that holds for every client, live or preview:
 * who the visitor is, what the first message carries, the texts. The policy of when to do what
 * (polling, tabs, start-up) is the client's (client.ts, previewClient.ts). Made in stages (the
 * script-tag boot runs each in a task of its own, issue 9 §1): what a closed launcher is drawn from
 * (settings, look, texts, open state), the tabs, then the rest.
 */
export function* modelsInStages(o: ModelOptions) {
  const { win, env, http, store, emitter, projectId } = o;
  const reportError = (type: string) => (error: unknown) => emitter.emit('error', { type, message: String(error) });
  const pageLayer = signal(cleanLayer(o.pageSettings));
  const project = createProject(http, projectId);
  const settings = computed(() => resolveSettings(project.widgetLayer.value, pageLayer.value, o.queryLayer));
  const localeOverride = signal('');
  // The site's token: `signInWithCustomToken` wins over the `jwt` setting (query parameter over the
  // page); after `logout` the setting's token named the visitor who left, so it is not used again.
  const commandToken = signal<string | null>(null);
  const droppedToken = signal<string | null>(null);
  const wantedToken = computed(() => {
    const setting = customTokenJwt(settings.value.jwt);
    return commandToken.value ?? (setting !== droppedToken.value ? setting : null);
  });
  /**
   * The page's token (command or setting) is not used again on this page: the visitor it named left
   * (`logout`), or another tab of the site signed someone else in or out since. One the page gives
   * anew is.
   */
  const dropPageToken = () => {
    droppedToken.value = customTokenJwt(settings.peek().jwt);
    commandToken.value = null;
  };
  const lang = computed(() => baseLanguage(localeOverride.value || settings.value.lang || win.navigator.language || 'en'));
  const ui = createUi(store, o.openMirror);
  // i18next comes after the first paint (translator.ts): the views re-read their texts from it.
  const translator: Translator = createTranslator(lang.peek(), { onEngine: ui.textsChanged, onViewTexts: ui.textsChanged });
  const lookReady = signal(false);
  yield;
  const tabs = createTabs({ name: `porchlight:${projectId}`, shared: o.sharedTabs, onMessage: o.onTabMessage, win, visible: env.visible });
  yield;

  // Defined before the models that read it; filled in once the conversation exists.
  let hasConversation = () => false;
  // A visitor signed in with the site's token is known: no pre-chat form asks who they are.
  let signedIn = (): { fullName: string; email: string } | null => null;
  const intake = createIntake({
    store,
    departments: project.departments,
    departmentID: () => settings.value.departmentID,
    preChatEnabled: () => settings.value.preChatForm,
    known: () => ({ fullname: signedIn()?.fullName || settings.value.userFullname, email: signedIn()?.email || settings.value.userEmail }),
    hasConversation: () => hasConversation(),
  });
  const who = () => {
    const s = settings.peek();
    const form = intake.preChat.peek() ?? {};
    const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
    // A visitor signed in with the site's token is who its claims say, first.
    const signed = untracked(signedIn);
    return {
      fullname: signed?.fullName || s.userFullname || text(form.userFullname),
      email: signed?.email || s.userEmail || text(form.userEmail),
      attributes: s.customAttributes,
    };
  };
  const session = createSession({
    http,
    store,
    projectId,
    identity: who,
    onSignIn: () => tabs.post({ type: 'session' }),
    onOtherVisitor: () => forgetVisitor(),
    // Calls stopped (the page hears it once, the visitor sees "Not sent" with Retry), or a site's token refused.
    onAuthError: (detail) => emitter.emit('error', detail),
    customToken: () => wantedToken.peek(),
    conversationId: () => conversation.requestId.peek(),
  });
  const conversation = createConversation({
    http,
    projectId,
    session,
    store,
    outboxStore: createOutboxStore(store, `porchlight:${projectId}`, o.sharedTabs, (rid) => isRequestIdOf(projectId, rid)),
    journal: o.journal,
    emitter,
    // The home screen hides the conversation: its replies are unread there too.
    isWindowOpen: () => ui.isOpen.peek() && ui.screen.peek() === 'conversation' && env.visible.peek(),
    keepsOthers: () => !settings.peek().singleConversation,
    isOnline: () => env.online.peek(),
    announces: () => tabs.isLeader.peek(),
    onShare: tabs.post,
    identity: () => identityAttributes(who()),
    firstMessageFields: () => {
      const department = intake.department.peek();
      const { fullname, email, attributes } = who();
      const preChat = intake.preChat.peek();
      return {
        ...(department ? { departmentid: department._id } : {}),
        // A custom token in the page's address is the visitor's credential: agents never see it.
        sourcePage: withoutTokenParams(win.location.href),
        language: lang.peek(),
        userAgent: win.navigator.userAgent,
        attributes: {
          ...identityAttributes({ fullname, email, attributes }),
          ...(preChat ? { preChatForm: preChat } : {}),
          ...(department ? { departmentId: department._id, departmentName: department.name } : {}),
        },
      };
    },
  });
  hasConversation = () => !!conversation.requestId.value;
  /**
   * Forgets the visitor on this device, in every tab: their session, conversation, outbox, pre-chat
   * answers and what the client keeps beside them: `reset`, `logout`, and a known visitor the page
   * replaces with another (session.ts `onOtherVisitor`).
   */
  const forgetVisitor = async () => {
    await Promise.all([o.onForget?.(), conversation.forget(), session.forget(), intake.forget()]).catch(reportError('storage'));
    tabs.post({ type: 'session' });
    tabs.post({ type: 'conversation' });
  };
  signedIn = () => {
    const visitor = session.visitor.value;
    return visitor?.authenticated ? visitor : null;
  };
  const uploads = uploadsOnDemand({
    apiUrl: o.apiUrl,
    projectId,
    session,
    conversation,
    settings,
    onError: (detail) => emitter.emit('error', detail),
  });

  const rating = createRatingMemory({ http, session, projectId });
  const attention = attentionOnDemand({
    messages: conversation.messages,
    unread: conversation.unread,
    isOpen: ui.isOpen,
    leads: tabs.isLeader,
    quiet: o.preview,
    doc: win.document,
  });

  // The operating hours' rules come only for a project that has hours (state/availability.ts).
  const hoursRules = signal<HoursRules | null>(null);
  let hoursLoading = false;
  const loadHoursRules = () => {
    if (hoursLoading) return;
    hoursLoading = true;
    import('../state/operatingHours.ts').then(
      (rules) => (hoursRules.value = rules),
      // Not downloaded (offline): the status stays unknown; the next change of hours tries again.
      () => (hoursLoading = false),
    );
  };

  // The conversation list is the client's (a live one lists on demand, a preview shows samples), and so the launcher's count (`unreadOf`).
  let control: InputControl | undefined;
  const state: Omit<ChatState, 'conversations' | 'unread' | 'historyReady'> = {
    settings,
    ui,
    session,
    conversation,
    project,
    uploads,
    intake,
    rating,
    attention,
    photoUrl: (userId) => (o.preview ? '' : userPhotoUrl(o.apiUrl, userId)),
    availability: computed((): Availability => {
      const input = { ...project.hours.value, userAvailable: project.agentsAvailable.value };
      const rules = hoursRules.value;
      if (rules) return rules.availability(input, env.clock.value);
      if (!hasOperatingHours(input)) return agentsAvailability(input.userAvailable);
      // Not known until the hours' rules are here (a few milliseconds): no status rather than a wrong one.
      loadHoursRules();
      return { status: 'unknown' };
    }),
    inputControl: computed(() => (control = inputControl(conversation.messages.value, control))),
    lang,
    lookReady,
    title: computed(() => settings.value.widgetTitle || project.name.value || translator.t('CHAT_WINDOW_LABEL')),
    online: env.online,
    visible: env.visible,
    preview: o.preview,
    t: translator.t,
    textOf: translator.textOf,
    viewTexts: translator.viewTexts,
  };
  // `state` is what UIs get (read-only signals); the writable models are for the clients themselves.
  return {
    state,
    http,
    conversation,
    session,
    pageLayer,
    localeOverride,
    commandToken,
    wantedToken,
    dropPageToken,
    forgetVisitor,
    translator,
    tabs,
    who,
    lookReady,
    reportError,
  };
}

type HoursRules = typeof HoursRulesModule;

/** `ChatState.unread`: the conversation's unread replies and those of the visitor's other conversations. */
export function unreadOf(current: ReadonlySignal<number>, conversations: ReadonlySignal<ConversationListModel | null>): ReadonlySignal<number> {
  return computed(() => current.value + (conversations.value?.unreadElsewhere.value ?? 0));
}

/** The models of one chat (`modelsInStages` run to its end). */
export type Models = ReturnType<typeof modelsInStages> extends Generator<unknown, infer M, unknown> ? M : never;
