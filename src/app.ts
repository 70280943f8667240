/**
 * The lazy part of the script-tag widget, loaded by `embed/loader.ts` from beside itself
 * (`dist/app.js`). The loader owns the host element and the command queue; this takes over both.
 */
import { createChatClient } from './client/client.ts';
import { createWidget, type WidgetInstance } from './widget.ts';

export interface BootOptions {
  host: HTMLElement;
  settings: Record<string, unknown>;
  query: string;
  /** The visitor clicked the loader's launcher: open now, as their own action (focus the composer). */
  visitorOpened: boolean;
  /** The loader's launcher had keyboard focus: hand it to ours. */
  focusLauncher?: boolean;
}

export function boot({ host, settings, query, visitorOpened, focusLauncher = false }: BootOptions): WidgetInstance {
  const client = createChatClient({ settings, query, window: host.ownerDocument.defaultView ?? window });
  const instance = createWidget({ host, client, openedByVisitor: visitorOpened });
  // The app's own launcher (`.launcher`): the loader's, also `part="launcher"`, is removed next.
  if (focusLauncher) host.shadowRoot?.querySelector<HTMLElement>('button.launcher')?.focus();
  return instance;
}

/**
 * The demo dashboard loads this same file to mount live previews beside its settings form. A chunk
 * of its own: a visitor's window never downloads the preview client.
 */
export const loadMount = () => import('./index.ts').then((module) => module.mount);

// …and the contrast rule, to warn there when the text on the theme colour would be replaced.
export { AA_CONTRAST, contrastRatio } from './state/theme.ts';
