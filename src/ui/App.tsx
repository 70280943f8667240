import { Component, createRef } from 'preact';
import { themeVariables } from '../state/theme.ts';
import { DEFAULT_SETTINGS } from '../state/settings.ts';
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
 * The whole widget inside its shadow root. Styles come from the adopted stylesheet and CSS
 * variables. A class for its state and its reactions to opening and closing: a first open
 * downloads no `preact/hooks`.
 */
export class App extends Component<{ idPrefix: string }, { closing?: boolean }> {
  static override contextType = WidgetContext;
  declare context: WidgetView;
  private launcher = createRef<HTMLButtonElement>();
  /** Open as last rendered: closing is the change from open to closed. */
  private wasOpen: boolean;
  /** A launcher first shown after waiting for its look fades in; one painted at once never does. */
  private waited: boolean;
  private closeTimer?: ReturnType<typeof setTimeout>;
  /** The visitor's system asks for dark colours: read for `auto`, followed live. */
  private darkQuery = darkQuery();
  private darkChanged = () => this.forceUpdate();

  constructor(props: { idPrefix: string }, widget: WidgetView) {
    super(props, widget);
    this.wasOpen = widget.ui.isOpen.peek();
    this.waited = !widget.lookReady.peek();
  }

  override componentDidMount() {
    this.darkQuery?.addEventListener('change', this.darkChanged);
  }

  /** Closing returns focus to the launcher, so keyboard users are not dropped at the top of the page. */
  override componentDidUpdate() {
    const { ui, preview } = this.context;
    const open = ui.isOpen.peek();
    if (open === this.wasOpen) return;
    const closed = this.wasOpen;
    this.wasOpen = open;
    clearTimeout(this.closeTimer);
    if (closed && ui.byVisitor.peek()) this.launcher.current?.focus({ preventScroll: true });
    this.setState({ closing: closed && !preview });
    if (closed) this.closeTimer = setTimeout(() => this.setState({ closing: false }), CLOSE_MS);
  }

  override componentWillUnmount() {
    clearTimeout(this.closeTimer);
    this.darkQuery?.removeEventListener('change', this.darkChanged);
  }

  override render({ idPrefix }: { idPrefix: string }, { closing }: { closing?: boolean }, { ui, settings, lang, preview, lookReady, attention }: WidgetView) {
    const open = ui.isOpen.value;
    // The window stays a moment after closing, to animate out (hidden from keyboards and readers):
    // from the render that closes it, so it is the same window that goes.
    const leaving = closing || (this.wasOpen && !open && !preview);
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
        {(open || leaving) && lookReady.value && <ChatWindow idPrefix={idPrefix} closing={!open} />}
        {attention.preview.value ? <Preview.View /> : ui.calloutVisible.value && <Callout.View />}
        <Launcher buttonRef={this.launcher} />
      </div>
    );
  }
}
