import { computed } from '@preact/signals-core';
import { userPhotoUrl } from '../api/fileUrls.ts';
import type { Http } from '../api/http.ts';
import { createTranslator } from '../i18n/translator.ts';
import { inputControl, type InputControl } from '../state/inputControl.ts';
import { isRequestIdOf } from '../state/requestId.ts';
import type { WidgetSettings } from '../state/settings.ts';
import { createConversation } from './conversation/conversation.ts';
import { createRatingMemory } from './conversation/rating.ts';
import { createOutboxStore } from './delivery/outboxStore.ts';
import type { SendJournal } from './delivery/sendJournal.ts';
import { uploadsOnDemand } from './delivery/uploadsOnDemand.ts';
import type { Environment } from './live/environment.ts';
import { createTabs } from './live/tabs.ts';
import type { Emitter } from './platform/events.ts';
import type { KeyValueStore } from './platform/storage.ts';
import { visitorIdentity } from './policy/identity.ts';
import { createSession } from './session/session.ts';
import { attentionOnDemand } from './ui-state/attentionOnDemand.ts';
import { clockOnDemand } from './ui-state/clockOnDemand.ts';
import { whenIdle } from './live/idle.ts';
import { createAvailability } from './ui-state/availability.ts';
import { createIntake } from './ui-state/intake.ts';
import { createPageSettings } from './ui-state/pageSettings.ts';
import { createProject } from './ui-state/project.ts';
import { createUi, type OpenStateMirror } from './ui-state/ui.ts';
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
 * (polling, tabs, start-up) is the client's (client.ts and policy/, previewClient.ts). Made in stages
 * (the script-tag boot runs each in a task of its own, issue 9 §1): what a closed launcher is drawn
 * from (settings, look, texts, open state), the tabs, then the rest.
 */
export function* modelsInStages(o: ModelOptions) {
  const { win, env, http, store, emitter, projectId } = o;
  const reportError = (type: string) => (error: unknown) => emitter.emit('error', { type, message: String(error) });
  const project = createProject(http, projectId);
  const page = createPageSettings({
    page: o.pageSettings,
    query: o.queryLayer,
    projectLayer: project.widgetLayer,
    browserLanguage: () => win.navigator.language,
  });
  const { settings, lang } = page;
  const ui = createUi(store, o.openMirror);
  // i18next comes after the first paint (translator.ts): the views re-read their texts from it.
  const translator = createTranslator(lang.peek(), { onEngine: ui.textsChanged, onViewTexts: ui.textsChanged });
  yield;
  const tabs = createTabs({ name: `porchlight:${projectId}`, shared: o.sharedTabs, onMessage: o.onTabMessage, win, visible: env.visible });
  yield;

  const session = createSession({
    http,
    store,
    projectId,
    identity: () => identity.who(),
    onSignIn: () => tabs.post({ type: 'session' }),
    onOtherVisitor: () => forgetVisitor(),
    // Calls stopped (the page hears it once, the visitor sees "Not sent" with Retry), or a site's token refused.
    onAuthError: (detail) => emitter.emit('error', detail),
    customToken: () => page.wantedToken.peek(),
    conversationId: () => conversation.requestId.peek(),
  });
  const identity = visitorIdentity({ win, settings, lang, session, intake: () => intake });
  const intake = createIntake({
    store,
    departments: project.departments,
    departmentsKnown: () => project.known.value,
    departmentID: () => settings.value.departmentID,
    preChatEnabled: () => settings.value.preChatForm,
    // A visitor signed in with the site's token is known: no pre-chat form asks who they are.
    known: identity.known,
    // A conversation whose only messages wait in the outbox for the intake is not under way yet: the intake still asks.
    hasConversation: () => {
      const rid = conversation.requestId.value;
      return !!rid && !(conversation.outbox.value.some((i) => i.requestId === rid) && !conversation.history.value.some((m) => m.recipient === rid));
    },
  });
  // The conversation in a task of its own (its timeline's first reading is code run for the first
  // time): with the visitor's models, one task of ~50 ms on a host page storing 10,000 messages (4× CPU).
  // Nothing reads `conversation` (intake's `hasConversation`) until the stages are done.
  yield;
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
    identity: identity.attributes,
    firstMessageFields: identity.firstMessageFields,
    holdsOpening: () => intake.holds.peek(),
  });
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

  // The conversation list is the client's (a live one lists on demand, a preview shows samples), and so the launcher's count (`unreadOf`).
  let control: InputControl | undefined;
  // The models whole (the client's commands use them); `satisfies`: UIs get them as ChatState's public models.
  const state = {
    settings,
    ui,
    session,
    conversation,
    project,
    uploads: uploadsOnDemand({ apiUrl: o.apiUrl, projectId, session, conversation, settings, intake, onError: (detail) => emitter.emit('error', detail) }),
    intake,
    rating: createRatingMemory({ http, session, projectId }),
    attention: attentionOnDemand({
      messages: conversation.messages,
      unread: conversation.unread,
      isOpen: ui.isOpen,
      leads: tabs.isLeader,
      quiet: o.preview,
      doc: win.document,
    }),
    photoUrl: (userId) => (o.preview ? '' : userPhotoUrl(o.apiUrl, userId)),
    availability: createAvailability(project, env.clock),
    inputControl: computed(() => (control = inputControl(conversation.messages.value, control))),
    lang,
    lookReady: ui.lookReady,
    title: computed(() => settings.value.widgetTitle || project.name.value || translator.t('CHAT_WINDOW_LABEL')),
    online: env.online,
    visible: env.visible,
    preview: o.preview,
    t: translator.t,
    textOf: translator.textOf,
    viewTexts: translator.viewTexts,
    clock: clockOnDemand({ lang, today: () => translator.t('LABEL_TODAY'), store, atIdle: (task) => void whenIdle(win, task) }),
  } satisfies Omit<ChatState, 'conversations' | 'unread' | 'historyReady'>;
  // `state` is what UIs get (read-only signals); the models' commands are for the clients themselves.
  return { state, http, page, ui, project, session, intake, conversation, tabs, translator, identity, forgetVisitor, reportError };
}

/** The models of one chat (`modelsInStages` run to its end). */
export type Models = ReturnType<typeof modelsInStages> extends Generator<unknown, infer M, unknown> ? M : never;
