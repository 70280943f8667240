import type { Http } from '../api/http.ts';
import type { WidgetsResponse } from '../api/wire.ts';
import { labelTexts, remoteLabelsFor } from '../i18n/translator.ts';
import { signal } from '@preact/signals-core';
import { previewConversationList, previewConversations, previewHistory, previewTeam, PREVIEW_VISITOR_ID } from './previewHistory.ts';
import type { ConversationSummary } from '../state/conversationSummary.ts';
import { createEmitter } from './platform/events.ts';
import { createEnvironment } from './live/environment.ts';
import { cleanLayer } from '../state/settings.ts';
import { createMemoryStore } from './platform/storage.ts';
import { createCommands, eventsOf } from './commands.ts';
import { untilDisposed } from './disposedCommands.ts';
import { modelsInStages, type ModelOptions, type Models } from './models.ts';
import { unreadOf } from './policy/unread.ts';
import type { ChatClient } from './types.ts';

/** What a dashboard preview shows instead of asking the service. */
export interface PreviewOptions {
  /** What `GET /{pid}/widgets` would answer: `project.widget`, hours, departments, availability. */
  project?: Partial<WidgetsResponse>;
  /** Labels to show: `{KEY: text}` or the service's `{lang, data}`. */
  labels?: unknown;
}

/** The chat's models (models.ts) at once: a preview has no page of its own to yield to. */
function createModels(options: ModelOptions): Models {
  const stages = modelsInStages(options);
  for (;;) {
    const stage = stages.next();
    if (stage.done) return stage.value;
  }
}

/** Refuses every call: a preview must not touch the network, and a test proves it. */
const offline: Http = () => Promise.reject(new Error('preview: no network'));

/**
 * Preview labels: `{KEY: text}`, or the service's `{lang, data}` read by the live widget's rule
 * (an answer for another language, the stock English pivot, is not taken).
 */
function labelsLayer(labels: unknown, lang: string): Record<string, string> | null {
  if (!labels || typeof labels !== 'object') return null;
  if ('lang' in labels && 'data' in labels) return remoteLabelsFor(lang, labels);
  return labelTexts('data' in labels ? labels.data : labels);
}

/**
 * The dashboard's preview: the same interface as a live client, with no network, no storage, no
 * other tabs and no page events — the project, labels and a sample conversation it is handed.
 */
export function createPreviewClient(options: { settings: Partial<Record<string, unknown>>; window?: Window; preview: PreviewOptions }): ChatClient {
  const win = options.window ?? window;
  const preview = { ...options.preview };
  const pageSettings = cleanLayer(options.settings);
  const projectId = (typeof pageSettings.projectid === 'string' && pageSettings.projectid) || 'preview';
  const emitter = createEmitter(null);
  const store = createMemoryStore();
  const env = createEnvironment(win);
  const models = createModels({
    win,
    env,
    http: offline,
    store,
    emitter,
    projectId,
    apiUrl: 'about:blank',
    pageSettings,
    queryLayer: {},
    sharedTabs: false,
    onTabMessage: () => {},
    preview: true,
  });
  const { state, translator, conversation, session, ui, project } = models;
  const { lang } = state;
  ui.showLook();
  const samples = signal<ConversationSummary[]>([]);
  const conversations = signal(previewConversationList(samples, () => ui.setScreen('conversation', true)));

  async function loadLabels(language: string) {
    await translator.use(language);
    await translator.refresh(language, labelsLayer(preview.labels, language));
    // The sample conversation speaks the preview's language too (its English: with the lazy views' texts).
    await Promise.resolve(translator.viewTexts()).catch(() => undefined);
    conversation.apply({ type: 'history', history: previewHistory(state.t, Date.now()) });
    samples.value = previewConversations(state.t, Date.now());
    ui.textsChanged();
  }

  let started = false;
  const ready = (async () => {
    project.apply(previewTeam(preview.project ?? {}));
    // The sample conversation's visitor, who never signs in.
    session.apply({ type: 'restored', token: null, visitor: { id: PREVIEW_VISITOR_ID, fullName: '', email: '', pastIds: [] }, fromTab: false, left: false });
    await loadLabels(lang.peek());
    ui.setOpen(true);
    if (state.settings.peek().startFromHome && !state.settings.peek().singleConversation) ui.setScreen('home');
    started = true;
    // A dashboard preview is the page's purpose: i18next is fetched at once.
    void translator.engine().catch(() => undefined);
  })().catch((error: unknown) => emitter.emit('error', { type: 'bootstrap', message: String(error) }));
  const stopLabels = lang.subscribe((language) => {
    if (started) void loadLabels(language);
  });

  const commands = createCommands(
    models,
    { win, store, emitter },
    {
      ready,
      afterSend: () => {},
      afterUpdate({ project: nextProject, labels }) {
        if (nextProject) project.apply(previewTeam({ ...preview.project, ...nextProject }));
        if (labels !== undefined) {
          preview.labels = labels;
          void loadLabels(lang.peek());
        }
        // The dashboard shows the home screen as soon as it is switched on.
        ui.setScreen(state.settings.peek().startFromHome && !state.settings.peek().singleConversation ? 'home' : 'conversation');
      },
      listConversations: () => Promise.resolve(conversations.peek()),
    },
  );

  const unread = unreadOf(conversation.unread, conversations);
  let disposed = false;
  return {
    ...state,
    conversations,
    unread,
    get unreadCount() {
      return unread.value;
    },
    // Its sample conversation is there from the start.
    historyReady: signal(true),
    // Nothing is ever sent from a preview.
    ...untilDisposed({ ...commands, send: () => Promise.resolve() }, () => disposed),
    ...eventsOf(emitter),
    ready,
    dispose() {
      disposed = true;
      stopLabels();
      conversation.dispose();
      state.attention.dispose();
      env.dispose();
      emitter.clear();
    },
  };
}
