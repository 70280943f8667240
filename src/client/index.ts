/**
 * `porchlight/client`: a chat without a UI. Build any UI on it (React, Vue, native) with the same
 * delivery guarantees, tabs and service handling as the widget; it never imports Preact.
 */
export { createChatClient } from './checkedClient.ts';
export { createPreviewClient, type PreviewOptions } from './previewClient.ts';
export { ChatDisposedError } from './disposedCommands.ts';
export type {
  AttentionModel,
  ChatClient,
  ChatClientOptions,
  ChatCommands,
  ChatState,
  ClientSettings,
  ConversationList,
  ConversationModel,
  Department,
  GivenRating,
  IntakeModel,
  IntakeStage,
  OtherTyping,
  PendingMessage,
  ProjectModel,
  RatingModel,
  ReadonlySignal,
  SessionModel,
  SettingsUpdate,
  SignedInSwitch,
  TeamMember,
  UiModel,
  UploadItem,
  UploadsModel,
  Visitor,
  VisitorDetails,
} from './types.ts';
export type { ChatEvents, ChatListener, WidgetErrorDetail, WidgetEventName } from './platform/events.ts';
export type { Align, PageChangeVisibility, Persistence, WidgetSettings } from '../state/settings.ts';
export type * from '../api/publicRecords.ts';
export type { PluralBase, TextKey } from '../i18n/translator.ts';
// The widget's English texts, as types only: their keys are the `TextKey`s `t` takes.
export type { LabelKey, default as en } from '../i18n/en.ts';
export type { PendingKey, pendingEn } from '../i18n/pending-en.ts';
export type { enOfViews, pendingEnOfViews } from '../i18n/en-views.ts';
// What a UI renders and passes back: the rows of `conversation.messages`, and the commands' and
// options' argument types (named here so a consumer never imports them from the package's insides).
export type { ChatMessage } from '../state/chatMessage.ts';
export type { TimedMessage } from './conversation/splitMessages.ts';
export type { ButtonIntent } from '../state/attachments.ts';
export type { PreChatValues } from '../state/preChatForm.ts';
export type { Availability } from '../state/availability.ts';
export type { ChatClock } from '../state/formatTime.ts';
export type { InputControl } from '../state/inputControl.ts';
export type { KeyValueStore } from './platform/storage.ts';
export type { Transcript } from './conversation/transcriptFile.ts';
export type { ConversationSummary } from '../state/conversationSummary.ts';
export type { Screen } from './ui-state/ui.ts';
export type { Http, RequestOptions } from '../api/http.ts';

// The chat's state is signals of the copy of `@preact/signals-core` compiled into this package
// (it has no dependencies). An `effect` or `computed` tracks only the signals of its own copy, so
// one from the consumer's own `@preact/signals-core` would never rerun when the chat changes:
// these are the package's copy, for a UI that renders several signals at once. (`signal.subscribe`
// needs no import.) Typed here with the package's own `ReadonlySignal`, the part of a signal a
// consumer may rely on.
import { batch as batchSignals, computed as computeSignal, effect as followSignals } from '@preact/signals-core';
import type { ReadonlySignal } from './types.ts';

/** A signal of what `fn` computes from the signals it reads, computed again when one of them changes. */
export const computed: <T>(fn: () => T) => ReadonlySignal<T> = computeSignal;
/** Runs `fn` now and again whenever a signal it read changes (and its returned cleanup first); returns what stops it. */
export const effect: (fn: () => void | (() => void)) => () => void = followSignals;
/** Runs `fn` and lets the effects of the signals it changed run once, after it (several commands, one update). */
export const batch: <T>(fn: () => T) => T = batchSignals;
