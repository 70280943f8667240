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

/**
 * Boots in short tasks, each under 50 ms on a slow phone (issue 9 §1): this one evaluates the app
 * and creates the client (which starts reading storage and asking the service); the first render
 * runs in the next task, so the host page's input is handled in between. The loader removes its
 * placeholder launcher as soon as this returns: a copy of it stands in until our launcher paints.
 */
export function boot({ host, settings, query, visitorOpened, focusLauncher = false }: BootOptions): WidgetInstance {
  const win = host.ownerDocument.defaultView ?? window;
  const client = createChatClient({ settings, query, window: win });
  const placeholder = host.shadowRoot?.querySelector('[part~="launcher"]');
  const standIn = placeholder?.cloneNode(true) as HTMLButtonElement | undefined;
  if (placeholder && standIn) {
    standIn.disabled = false;
    standIn.onclick = () => client.open(true);
    placeholder.after(standIn);
    if (focusLauncher) standIn.focus();
  }
  return createWidget({
    host,
    client,
    openedByVisitor: visitorOpened,
    schedulePaint(paint) {
      win.setTimeout(() => {
        paint();
        standIn?.remove();
        // A keyboard user on the loader's launcher lands on ours (`.launcher`).
        if (focusLauncher) host.shadowRoot?.querySelector<HTMLElement>('button.launcher')?.focus();
      }, 0);
    },
  });
}

/**
 * The demo dashboard loads this same file to mount live previews beside its settings form. A chunk
 * of its own: a visitor's window never downloads the preview client.
 */
export const loadMount = () => import('./index.ts').then((module) => module.mount);

// …and the contrast rule, to warn there when the text on the theme colour would be replaced.
export { AA_CONTRAST, contrastRatio } from './state/theme.ts';

/**
 * Evaluating the app's modules is this task's work; creating the client (the loader calls `boot`
 * once this module's import settles) waits for the next one, so the host page runs in between.
 */
await new Promise<void>((resolve) => setTimeout(resolve, 0));
