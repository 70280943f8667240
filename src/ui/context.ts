import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { ReadonlySignal } from '@preact/signals';
import type { ConversationModel } from '../state/conversation.ts';
import type { ProjectModel } from '../state/project.ts';
import type { SessionModel } from '../state/session.ts';
import type { WidgetSettings } from '../state/settings.ts';
import type { UiModel } from '../state/ui.ts';
import type { UploadsModel } from '../state/uploads.ts';
import type { ButtonIntent } from '../state/attachments.ts';
import type { InputControl } from '../state/inputControl.ts';
import type { IntakeModel } from '../state/intake.ts';
import type { Availability } from '../state/operatingHours.ts';
import type { PreChatValues } from '../state/preChatForm.ts';
import type { AttentionModel } from '../state/attention.ts';
import type { RatingMemory } from '../state/rating.ts';

/** What the views may do: every change goes back through the state models, never around them. */
export interface Intents {
  open(byVisitor?: boolean): void;
  close(byVisitor?: boolean): void;
  send(text: string): void;
  retry(tempUID: string): void;
  discard(tempUID: string): void;
  /** A reply button under message `messageKey` was pressed. */
  pressButton(messageKey: string, intent: ButtonIntent): void;
  upload(file: File): void;
  /** The visitor confirmed: end the conversation (`closeg`). */
  endConversation(): void;
  rate(rating: number, comment: string): Promise<void>;
  startNewConversation(): void;
  submitPreChat(values: PreChatValues): void;
  dismissCallout(): void;
}

/** Everything one widget instance hands to its views (no module-level state: previews side by side). */
export interface WidgetView {
  settings: ReadonlySignal<WidgetSettings>;
  ui: UiModel;
  session: SessionModel;
  conversation: ConversationModel;
  project: ProjectModel;
  uploads: UploadsModel;
  intake: IntakeModel;
  /** The ended conversation's rating, as the service holds it. */
  rating: RatingMemory;
  /** Open, closed by hours (with the next opening), or nobody available; re-evaluated every minute. */
  availability: ReadonlySignal<Availability>;
  /** Dashboard preview: no network, sample content, positioned inside its container. */
  preview: boolean;
  inputControl: ReadonlySignal<InputControl>;
  lang: ReadonlySignal<string>;
  /** The final look and texts are known (stored from the last visit, or the service answered): paint them. */
  lookReady: ReadonlySignal<boolean>;
  title: ReadonlySignal<string>;
  /** Where an agent's or bot's photo is (api/files.ts); '' in a preview, which loads nothing. */
  photoUrl(userId: string): string;
  online: ReadonlySignal<boolean>;
  t(key: string, options?: Record<string, unknown>): string;
  /** Adds a lazily loaded view's styles to this widget's shadow root, once (after the main sheet). */
  adoptCss(cssText: string): void;
  intents: Intents;
  /** The message preview above the closed launcher (the page title is handled there too). */
  attention: AttentionModel;
}

export const WidgetContext = createContext<WidgetView | null>(null);

export function useWidget(): WidgetView {
  const widget = useContext(WidgetContext);
  if (!widget) throw new Error('Porchlight views must be rendered inside a WidgetContext');
  return widget;
}

/** The translator, re-read whenever labels change (the version signal subscribes the view). */
export function useT(): WidgetView['t'] {
  const widget = useWidget();
  void widget.ui.labelsVersion.value;
  return widget.t;
}

/** A view loaded on demand brings its own styles: adopted before it first paints. */
export function useCss(...cssTexts: string[]): void {
  const widget = useWidget();
  for (const css of cssTexts) widget.adoptCss(css);
}
