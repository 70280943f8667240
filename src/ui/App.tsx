import type { ReadonlySignal } from '@preact/signals-core';
import { Component, createRef } from 'preact';
import { themeVariables } from '../state/theme.ts';
import { DEFAULT_SETTINGS } from '../state/settings.ts';
import { clickOpens, firstLabel, relabel } from '../state/launcherLabel.ts';
import { isRtl } from '../i18n/translator.ts';
import { WidgetContext, type WidgetView } from './context.ts';
import { ChatWindow } from './ChatWindow.tsx';
import { Launcher } from './Launcher.tsx';
import { lazyView } from './lazyView.tsx';

// The callout and the message preview show on some visits only: their code and styles come when they do.
const Callout = lazyView(() => import('./Callout.tsx'));
const Preview = lazyView(() => import('./MessagePreview.tsx'));

const DARK_QUERY = '(prefers-color-scheme: dark)';
/** The system's colour scheme to follow, or none where matchMedia throws or is too old to be followed. */
function darkQuery(): MediaQueryList | undefined {
  try {
    const query = globalThis.matchMedia?.(DARK_QUERY);
    return typeof query?.addEventListener === 'function' ? query : undefined;
  } catch {
    return undefined;
  }
}
/** The closing animation's length (ChatWindow.css `pl-fall`). */
const CLOSE_MS = 160;
/**
 * How long an open window waits for the history of the conversation stored from the last visit
 * (a slow or absent service, a tab that does not lead) before it paints what it has.
 */
const HISTORY_WAIT_MS = 2500;

interface AppState {
  closing?: boolean;
  /** The window waited HISTORY_WAIT_MS for its history: it paints without it. */
  waitedForHistory?: boolean;
}

/**
 * The whole widget inside its shadow root. Styles come from the adopted stylesheet and CSS
 * variables. A class for its state and its reactions to opening and closing: a first open
 * downloads no `preact/hooks`.
 * The window is painted with its history or not yet (issue 22 §6): open, its look final, and the
 * stored conversation's history here. Until then the launcher says "Open chat", as it shows no
 * window, and a click on it means what it says (state/launcherLabel.ts).
 */
export class App extends Component<{ idPrefix: string }, AppState> {
  static override contextType = WidgetContext;
  declare context: WidgetView;
  private launcher = createRef<HTMLButtonElement>();
  /** Shown as last rendered: closing is the change from shown to not. */
  private wasShown = false;
  /** The open state the last render saw: the window shown or hidden with a change of it is that change's answer. */
  private wasOpen: boolean;
  /** What the launcher says, and since when. */
  private label = firstLabel(false, 0);
  /** A launcher first shown after waiting for its look fades in; one painted at once never does. */
  private waited: boolean;
  private closeTimer?: ReturnType<typeof setTimeout>;
  private historyTimer?: ReturnType<typeof setTimeout>;
  /** The visitor's system asks for dark colours: read for `auto`, followed live. */
  private darkQuery = darkQuery();
  private darkChanged = () => this.forceUpdate();

  constructor(props: { idPrefix: string }, widget: WidgetView) {
    super(props, widget);
    this.wasOpen = widget.ui.isOpen.peek();
    this.waited = !widget.lookReady.peek();
  }

  /**
   * The window is on screen: open, its look final, its history here (or waited for long enough).
   * In render each signal is read (the view follows it); after it, peeked.
   */
  private windowShown(peek = false): boolean {
    const { ui, lookReady, historyReady } = this.context;
    const read = (value: ReadonlySignal<boolean>) => (peek ? value.peek() : value.value);
    return read(ui.isOpen) && read(lookReady) && (read(historyReady) || !!this.state.waitedForHistory);
  }

  /** A click on the launcher at `at` (`Event.timeStamp`) does what the label the visitor read said. */
  private launcherClicked = (at: number) => {
    const { intents } = this.context;
    if (!clickOpens(this.label, at)) return intents.close(true);
    intents.open(true);
    // "Open chat" clicked as the window came without them (restored): what their own open does,
    // taking them to the composer (the click itself gave the launcher the focus).
    if (this.wasShown) this.launcher.current?.parentElement?.querySelector<HTMLElement>(`#${this.props.idPrefix}-input`)?.focus({ preventScroll: true });
  };

  override componentDidMount() {
    this.darkQuery?.addEventListener('change', this.darkChanged);
    this.wasShown = this.windowShown(true);
    // Over the loader's "Open chat" (or nothing): whatever it says now, the visitor has not read it yet.
    this.label = firstLabel(this.wasShown, performance.now());
    this.waitForHistory();
  }

  /** Closing returns focus to the launcher, so keyboard users are not dropped at the top of the page. */
  override componentDidUpdate() {
    const { ui, preview } = this.context;
    const open = ui.isOpen.peek();
    const shown = this.windowShown(true);
    // Shown or hidden together with the open state the visitor just changed: an answer to their click or key.
    this.label = relabel(this.label, shown, open !== this.wasOpen && ui.byVisitor.peek(), performance.now());
    this.wasOpen = open;
    this.waitForHistory();
    if (shown === this.wasShown) return;
    const closed = this.wasShown;
    this.wasShown = shown;
    clearTimeout(this.closeTimer);
    if (closed && ui.byVisitor.peek()) this.launcher.current?.focus({ preventScroll: true });
    this.setState({ closing: closed && !preview });
    if (closed) this.closeTimer = setTimeout(() => this.setState({ closing: false }), CLOSE_MS);
  }

  override componentWillUnmount() {
    clearTimeout(this.closeTimer);
    clearTimeout(this.historyTimer);
    this.darkQuery?.removeEventListener('change', this.darkChanged);
  }

  /** An open window waits for its history at most HISTORY_WAIT_MS, once. */
  private waitForHistory() {
    const { ui, historyReady } = this.context;
    if (this.historyTimer || historyReady.peek() || !ui.isOpen.peek()) return;
    this.historyTimer = setTimeout(() => this.setState({ waitedForHistory: true }), HISTORY_WAIT_MS);
  }

  override render({ idPrefix }: { idPrefix: string }, { closing }: AppState, { ui, settings, lang, preview, lookReady, attention }: WidgetView) {
    const shown = this.windowShown();
    // The window stays a moment after closing, to animate out (hidden from keyboards and readers):
    // from the render that closes it, so it is the same window that goes.
    const leaving = closing || (this.wasShown && !shown && !preview);
    const s = settings.value;
    if (!ui.isShown.value) return null;
    const dark = s.colorScheme === 'dark' || (s.colorScheme === 'auto' && !!this.darkQuery?.matches);
    return (
      <div
        class={`root align-${s.align}${dark ? ' dark' : ''}${preview ? ' preview' : ''}${lookReady.value ? (this.waited ? ' appear' : '') : ' pending'}`}
        dir={isRtl(lang.value) ? 'rtl' : 'ltr'}
        lang={lang.value}
        style={themeVariables(s, DEFAULT_SETTINGS)}
      >
        {(shown || leaving) && <ChatWindow idPrefix={idPrefix} closing={!shown} />}
        {attention.preview.value ? <Preview.View /> : ui.calloutVisible.value && <Callout.View />}
        <Launcher buttonRef={this.launcher} open={shown} onClick={this.launcherClicked} />
      </div>
    );
  }
}
