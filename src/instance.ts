import { mountWidget, type CreateWidgetOptions, type MountedWidget, type WidgetInstance } from './widget.ts';
import { reportUnknownSettings } from './client/checkedClient.ts';

/**
 * The public instance of a mounted widget (docs: "JS API"), made once: the script tag's page reaches
 * its widget by commands only, so the instance comes with their code (commands.ts), not with the
 * first open's.
 */
export function instanceOf(widget: MountedWidget): WidgetInstance {
  const { client } = widget;
  return {
    // The client's commands take no `this`; page code calls them without arguments it does not mean.
    open: () => client.open(),
    close: () => client.close(),
    toggle: client.toggle,
    show: client.show,
    hide: client.hide,
    // The same path as the composer: the poll is kicked and the other tabs are told.
    sendMessage: client.send,
    setUser: client.setUser,
    setLocale: client.setLocale,
    on: client.on,
    off: client.off,
    reset: client.reset,
    signInWithCustomToken: client.signInWithCustomToken,
    logout: client.logout,
    update: client.update,
    get unreadCount() {
      return client.unread.value;
    },
    openConversation: (requestId) => client.openConversation(requestId),
    showHome: () => client.showHome(),
    destroy: widget.destroy,
    command: widget.command,
  };
}

/**
 * A widget (widget.ts `mountWidget`) with its public API: what `mount()` and `<porchlight-widget>`
 * hand out. `unknownSettings`: what the page passed that names no setting, told once as an `error`
 * `{type: 'config'}` when start-up is done (the page has had its chance to listen; the console stays quiet).
 */
export function createWidget(options: CreateWidgetOptions, unknownSettings: readonly string[] = []): WidgetInstance {
  const widget = mountWidget(options);
  reportUnknownSettings(options.client, unknownSettings);
  return (widget.instance ??= instanceOf(widget));
}
