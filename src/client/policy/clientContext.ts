import type { ReadonlySignal } from '@preact/signals-core';
import type { Http } from '../../api/http.ts';
import type { Translator } from '../../i18n/translator.ts';
import type { Persistence, WidgetSettings } from '../../state/settings.ts';
import type { ConversationCore } from '../conversation/conversation.ts';
import type { Environment } from '../live/environment.ts';
import type { TabsModel } from '../live/tabs.ts';
import type { Emitter } from '../platform/events.ts';
import type { KeyValueStore } from '../platform/storage.ts';
import type { Session } from '../session/session.ts';
import type { IntakeModel } from '../ui-state/intake.ts';
import type { PageSettingsModel } from '../ui-state/pageSettings.ts';
import type { ProjectModel } from '../ui-state/project.ts';
import type { UiModel } from '../ui-state/ui.ts';
import type { Lifecycle } from './lifecycle.ts';

/**
 * What the policy of one live client (this folder) works with: the browser and the service around
 * it, the chat's models (models.ts), and where the client is in its life. client.ts makes it once
 * and hands it to each policy module.
 */
export interface ClientContext {
  win: Window;
  env: Environment;
  http: Http;
  store: KeyValueStore;
  emitter: Emitter;
  projectId: string;
  apiUrl: string;
  persistence: Persistence;
  life: Lifecycle;
  /** Tells the page's `error` listeners about a failure of kind `type`. */
  reportError(type: string): (error: unknown) => void;
  settings: ReadonlySignal<WidgetSettings>;
  lang: ReadonlySignal<string>;
  page: PageSettingsModel;
  ui: UiModel;
  project: ProjectModel;
  session: Session;
  intake: IntakeModel;
  conversation: ConversationCore;
  tabs: TabsModel;
  translator: Translator;
}
