/**
 * `porchlight/client`: a chat without a UI. Build any UI on it (React, Vue, native) with the same
 * delivery guarantees, tabs and service handling as the widget; it never imports Preact.
 */
export { createChatClient } from './client.ts';
export { createPreviewClient, type PreviewOptions } from './previewClient.ts';
export type { ChatClient, ChatClientOptions, ChatCommands, ChatState, SettingsUpdate, VisitorDetails } from './types.ts';
export type { ChatEvents, ChatListener, WidgetErrorDetail, WidgetEventName } from '../state/events.ts';
export type { WidgetSettings } from '../state/settings.ts';
export type { WireMessage } from '../api/wire.ts';
export type { TextKey } from '../i18n/translator.ts';
