import { computed } from '@preact/signals';
import { h, render } from 'preact';
import type { ChatClient, SettingsUpdate, VisitorDetails } from './client/types.ts';
import { queueCommands } from './commandQueue.ts';
import type { ChatListener, WidgetEventName } from './client/platform/events.ts';
import { whenIdle } from './client/live/idle.ts';
import { adoptStyles } from './ui/adoptStyles.ts';
import type { createChime } from './ui/chime.ts';
import { App } from './ui/App.tsx';
import { WidgetContext, type Intents, type WidgetView } from './ui/context.ts';
import { widgetCss } from './ui/styles.ts';
import { DEFAULT_SETTINGS } from './state/settings.ts';
import { themeVariables } from './state/theme.ts';

/** The public instance (docs: "JS API"): the same for the script tag and npm. */
export interface WidgetInstance {
  /** Opens the window. */
  open(): void;
  /** Closes the window. */
  close(): void;
  /** Opens the window, or closes it when open. */
  toggle(): void;
  /** Shows the widget (after `hide` or `startHidden`). */
  show(): void;
  /** Hides the whole widget, launcher included. */
  hide(): void;
  /** Sends `text` as the visitor; resolves once sent or failed; rejects (ChatDisposedError) after `destroy`. */
  sendMessage(text: string): Promise<void>;
  /** Tells the agents who the visitor is (name, email, attributes). */
  setUser(user: VisitorDetails): void;
  /** Changes the widget's language (`en`, `pt-BR`…). */
  setLocale(lang: string): void;
  /** Listens to event `event`; returns what stops listening. */
  on<E extends WidgetEventName>(event: E, listener: ChatListener<E>): () => void;
  /** Stops `listener` (or every listener of `event`). */
  off<E extends WidgetEventName>(event: E, listener?: ChatListener<E>): void;
  /** Forgets the visitor and the conversation on this device. */
  reset(): Promise<void>;
  /** Signs the visitor in with the site's own token (docs/public-api.md §4). */
  signInWithCustomToken(jwt: string): Promise<void>;
  /** Forgets the visitor, their token and their conversation on this device. */
  logout(): Promise<void>;
  /** Removes the widget and stops everything it runs. Idempotent. */
  destroy(): void;
  /** Changes settings live (the dashboard preview re-themes with it). */
  update(partial: SettingsUpdate): void;
  /** Replies the visitor has not seen: the launcher's count, what `unread:change` reports. */
  readonly unreadCount: number;
  /**
   * Shows one of the visitor's conversations (its `requestId`, as `conversation:started` gave it),
   * its history fetched; a closed one read-only. Nothing with `singleConversation`, or for an id that
   * is not one of this project's.
   */
  openConversation(requestId: string): void;
  /** The home screen: welcome, the recent conversations, a new one (not with `singleConversation`). */
  showHome(): void;
  /** `Porchlight('name', …args)` for the script tag's command queue. */
  command(name: string, ...args: unknown[]): unknown;
}

export interface CreateWidgetOptions {
  /** The `<porchlight-widget>` element; its open shadow root is created if missing. */
  host: HTMLElement;
  /** The chat to show: live (`createChatClient`) or a dashboard preview (`createPreviewClient`). */
  client: ChatClient;
  /** Open at once as the visitor's own action (they clicked the loader's launcher). */
  openedByVisitor?: boolean;
  /**
   * Runs the first paint's steps when it likes, in order: adopting the styles, then the first render
   * (the script-tag boot: each in a task of its own, so creating the client, styling and painting
   * are short tasks with the host page's work between). Default: at once.
   */
  schedulePaint?(step: () => void, name: 'styles' | 'render'): void;
}

/** The views' intents: the client's commands, fire-and-forget where a view does not wait. */
function intentsOf(client: ChatClient): Intents {
  return {
    ...client,
    send: (text) => void client.send(text),
  };
}

/**
 * A widget as mounted: its client rendered into the host's shadow root, its teardown and the page's
 * commands. Its public instance (`WidgetInstance`, instance.ts) is made once, by `createWidget` for
 * npm, else by the page's first command (the script tag, whose page reaches it by commands only).
 */
export interface MountedWidget {
  client: ChatClient;
  /** The public instance, once made: the page's commands run on it (mount() adds to its `destroy`). */
  instance?: WidgetInstance;
  destroy(): void;
  /** `Porchlight('name', …args)` for the script tag's command queue. */
  command(name: string, ...args: unknown[]): unknown;
  /** While the page's calls wait for their code: settles once they have run (commandQueue.ts). */
  waitingCalls(): Promise<void> | undefined;
}

/** The widget: a chat client rendered into `host`'s shadow root (its public API: instance.ts). */
export function mountWidget({ host, client, openedByVisitor = false, schedulePaint = (step) => step() }: CreateWidgetOptions): MountedWidget {
  const win = host.ownerDocument.defaultView ?? window;
  const shadow = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  const nonce = client.settings.peek().nonce;
  // Styles of views loaded on demand, each adopted once; removed with the widget.
  const lazyStyles = new Map<string, () => void>();
  // `Porchlight('name', …)`: its code comes with the first command, or at idle once the widget is up (commandQueue.ts).
  const commands = queueCommands(
    () =>
      import('./commands.ts').then((m) =>
        m.createDispatcher((widget.instance ??= m.instanceOf(widget)), client.reportError, {
          win,
          attributes: () => client.settings.peek().customAttributes,
          ready: client.ready,
        }),
      ),
    client.reportError,
  );
  const view: WidgetView = {
    ...client,
    intents: intentsOf(client),
    adoptCss(...cssTexts) {
      for (const cssText of cssTexts) if (!lazyStyles.has(cssText)) lazyStyles.set(cssText, adoptStyles(shadow, cssText, nonce));
    },
    missingPhotos: new Set(),
    theme: computed(() => themeVariables(client.settings.value, DEFAULT_SETTINGS)),
  };

  if (openedByVisitor) client.open(true);
  let removeStyles = () => {};
  const mountPoint = win.document.createElement('div');
  shadow.appendChild(mountPoint);
  let destroyed = false;
  schedulePaint(() => {
    if (destroyed) return;
    removeStyles = adoptStyles(shadow, widgetCss, nonce);
    // The theme's colours are worked out with the styles, not in the first render's task (with it,
    // ~55 ms on a host page storing 5,000 messages at 4× CPU).
    view.theme.peek();
  }, 'styles');
  // Ids only need to be unique inside this shadow root.
  schedulePaint(() => !destroyed && render(h(WidgetContext.Provider, { value: view }, h(App, { idPrefix: 'pl' })), mountPoint), 'render');

  // message:received fires in the leading tab only, so the chime sounds once per message. Its code
  // (ui/chime.ts) is a chunk of its own, fetched for the first message that sounds it.
  let chime: Promise<ReturnType<typeof createChime>> | null = null;
  const stopChime = client.on('message:received', () => {
    if (!client.settings.peek().soundEnabled || (client.ui.isOpen.peek() && client.visible.peek())) return;
    chime ??= import('./ui/chime.ts').then((m) => m.createChime(win));
    chime.then(
      (c) => !destroyed && c.play(),
      // Not downloaded (offline): no sound this time, the next message tries again.
      () => void (chime = null),
    );
  });

  let stopPrefetch = () => {};
  void client.ready.then(() => {
    if (!destroyed) stopPrefetch = whenIdle(win, commands.prefetch);
  });

  const widget: MountedWidget = {
    client,
    destroy() {
      if (destroyed) return;
      destroyed = true;
      stopChime();
      stopPrefetch();
      void chime?.then(
        (c) => c.dispose(),
        () => undefined,
      );
      client.dispose();
      render(null, mountPoint);
      mountPoint.remove();
      removeStyles();
      for (const remove of lazyStyles.values()) remove();
    },
    command: (name, ...args) => commands.run(name, args),
    waitingCalls: commands.waiting,
  };
  return widget;
}
