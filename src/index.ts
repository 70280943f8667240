/**
 * The npm entry: `import { mount } from 'porchlight'`. Each call makes an independent widget
 * (nothing is shared between instances), so a dashboard can show several side by side.
 */
import { createChatClient } from './client/client.ts';
import { createPreviewClient, type PreviewOptions } from './client/previewClient.ts';
import { createWidget } from './instance.ts';
import type { WidgetInstance } from './widget.ts';
import { adoptStyles } from './ui/adoptStyles.ts';
import previewCss from './ui/DashboardPreview.css?inline';
import { unknownSettingKeys } from './state/settings.ts';
import type { ClientSettings } from './client/types.ts';

export type { WidgetInstance } from './widget.ts';
export type { PreviewOptions } from './client/previewClient.ts';
export type { WidgetSettings } from './state/settings.ts';
export type { ChatEvents, ChatListener, WidgetErrorDetail, WidgetEventName } from './client/platform/events.ts';
export type { ClientSettings, SettingsUpdate, VisitorDetails } from './client/types.ts';
export type { Align, PageChangeVisibility, Persistence } from './state/settings.ts';
export type * from './api/publicRecords.ts';
// The message of the `message:*` events: the shape `porchlight/client`'s `conversation.messages` has.
export type { ChatMessage } from './state/chatMessage.ts';
// Its `infoLabel`: the key of one of the widget's texts.
export type { PluralBase, TextKey } from './i18n/translator.ts';
export type { LabelKey, default as en } from './i18n/en.ts';
export type { PendingKey, pendingEn } from './i18n/pending-en.ts';
export type { enOfViews, pendingEnOfViews } from './i18n/en-views.ts';

/**
 * The settings of `mount()` (and the React and Vue wrappers' props): the widget's settings
 * (docs/public-api.md §1), every one optional but `projectid`, and those of a dashboard preview. A
 * closed type: a key that is no setting does not compile, and at run time is one `error`
 * `{type: 'config'}` naming it.
 */
export type MountSettings = ClientSettings & {
  /** Dashboard preview: no network calls, sample messages, positioned inside `element`. */
  preview?: boolean;
  /** A preview's project, as `GET /widgets` answers it (its `project.widget` settings, departments, team). */
  project?: PreviewOptions['project'];
  /** A preview's texts, as `GET /labels` answers them. */
  labels?: unknown;
};

/** Renders a widget into `element` (inside a `<porchlight-widget>` child with its own shadow root). */
export function mount(element: HTMLElement, settings: MountSettings): WidgetInstance {
  const { preview, project, labels, ...rest } = settings;
  const doc = element.ownerDocument;
  const host = doc.createElement('porchlight-widget');
  // The shadow root first: a registered `porchlight/element` then leaves this host to us.
  host.attachShadow({ mode: 'open' });
  element.appendChild(host);
  // npm users opt in to window events explicitly; a page with several previews would get noise.
  const win = doc.defaultView ?? window;
  const client = preview
    ? createPreviewClient({ settings: rest, window: win, preview: { project, labels } })
    : createChatClient({ settings: { windowEvents: false, ...rest }, window: win });
  const instance = createWidget({ host, client }, unknownSettingKeys(rest));
  // A preview's own sheet, after the widget's (in the same task as its first paint: no frame without it).
  if (preview) {
    host.setAttribute('data-preview', '');
    adoptStyles(host.shadowRoot!, previewCss, client.settings.peek().nonce);
  }
  const destroy = instance.destroy;
  instance.destroy = () => {
    destroy();
    // The host goes, and its shadow root with every sheet in it.
    host.remove();
  };
  return instance;
}
