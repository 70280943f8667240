import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { clickOpens, firstLabel, relabel, type LauncherLabel } from '../state/launcherLabel.ts';
import { isRtl } from '../i18n/translator.ts';
import { useWidget } from './context.ts';
import { ChatWindow } from './ChatWindow.tsx';
import { Launcher } from './Launcher.tsx';
import { lazyView } from './lazyView.tsx';
import { useWindowPreparation } from './windowPreparation.ts';
import { afterPaint } from '../client/live/afterPaint.ts';
import { focusOpeningControl } from './openingFocus.ts';

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

/** The visitor's system asks for dark colours: read for `auto`, followed live. */
function useSystemDark(): boolean {
  const [query] = useState(darkQuery);
  const [dark, setDark] = useState(() => !!query?.matches);
  useLayoutEffect(() => {
    const changed = (event: MediaQueryListEvent) => setDark(event.matches);
    query?.addEventListener('change', changed);
    return () => query?.removeEventListener('change', changed);
  }, [query]);
  return dark;
}

/**
 * The whole widget inside its shadow root. Styles come from the adopted stylesheet and CSS
 * variables. What it does as the window opens and closes runs in a layout effect, before the paint.
 * The window is painted with its history or not yet (issue 22 §6): open, its look final, and the
 * stored conversation's history here. Until then the launcher says "Open chat", as it shows no
 * window, and a click on it means what it says (state/launcherLabel.ts).
 */
export function App({ idPrefix }: { idPrefix: string }) {
  const { ui, settings, lang, preview, lookReady, historyReady, attention, intents, theme } = useWidget();
  const launcher = useRef<HTMLButtonElement>(null);
  /** The window that was shown animates out (CLOSE_MS). */
  const [closing, setClosing] = useState(false);
  /** The window waited HISTORY_WAIT_MS for its history: it paints without it. */
  const [waitedForHistory, setWaitedForHistory] = useState(false);
  const systemDark = useSystemDark();
  /** Shown as last rendered: closing is the change from shown to not. */
  const wasShown = useRef(false);
  /** The open state the last render saw: the window shown or hidden with a change of it is that change's answer. */
  const wasOpen = useRef(ui.isOpen.peek());
  /** What the launcher says, and since when (null until first painted). */
  const label = useRef<LauncherLabel | null>(null);
  /** A launcher first shown after waiting for its look fades in; one painted at once never does. */
  const waited = useRef(!lookReady.peek());
  const closeTimer = useRef<ReturnType<typeof setTimeout>>();
  const historyTimer = useRef<ReturnType<typeof setTimeout>>();

  // The window is on screen: open, its look final, its history here (or waited for long enough).
  const open = ui.isOpen.value;
  const shown = open && lookReady.value && (historyReady.value || waitedForHistory);
  /** Rendered ahead of the first tap, hidden, once its look is final (a preview is open from the start). */
  const prepared = useWindowPreparation(lookReady.value && !preview);
  /** The shown window was rendered parked: the composer mounted hidden, so it did not take the focus then. */
  const wasParked = useRef(false);

  /** A click on the launcher at `at` (`Event.timeStamp`) does what the label the visitor read said. */
  const launcherClicked = (at: number) => {
    if (!clickOpens(label.current!, at)) return intents.close(true);
    intents.open(true);
    // "Open chat" clicked as the window came without them (restored): what their own open does,
    // taking them to the composer or the screen's first control (the click itself gave the launcher the focus).
    if (wasShown.current) focusOpeningControl(launcher.current?.parentElement);
  };

  // The window shown or hidden, or wanted open: once rendered, before the paint.
  useLayoutEffect(() => {
    const now = performance.now();
    // First over the loader's "Open chat" (or nothing): whatever it says then, the visitor has not read it yet.
    // Then shown or hidden together with the open state the visitor just changed: an answer to their click or key.
    label.current = label.current ? relabel(label.current, shown, open !== wasOpen.current && ui.byVisitor.peek(), now) : firstLabel(shown, now);
    wasOpen.current = open;
    // An open window waits for its history at most HISTORY_WAIT_MS, once.
    if (!historyTimer.current && !historyReady.peek() && open) historyTimer.current = setTimeout(() => setWaitedForHistory(true), HISTORY_WAIT_MS);
    if (shown === wasShown.current) return;
    const closed = wasShown.current;
    wasShown.current = shown;
    // Opened by the visitor over a parked window, whose screen mounted hidden: its focus comes with
    // the window's first frame on screen (a focus now would lay the window out inside the tap's task:
    // ~20-50 ms on a slow phone), unless it has gone again by then.
    if (shown && wasParked.current && ui.byVisitor.peek()) afterPaint(() => wasShown.current && focusOpeningControl(launcher.current?.parentElement));
    clearTimeout(closeTimer.current);
    // Closing returns focus to the launcher, so keyboard users are not dropped at the top of the page.
    if (closed && ui.byVisitor.peek()) launcher.current?.focus({ preventScroll: true });
    setClosing(closed && !preview);
    if (closed) closeTimer.current = setTimeout(() => setClosing(false), CLOSE_MS);
  }, [shown, open, ui, historyReady, preview, idPrefix]);
  useLayoutEffect(
    () => () => {
      clearTimeout(closeTimer.current);
      clearTimeout(historyTimer.current);
    },
    [],
  );

  // The window stays a moment after closing, to animate out (hidden from keyboards and readers):
  // from the render that closes it, so it is the same window that goes.
  const leaving = closing || (wasShown.current && !shown && !preview);
  const parked = !shown && !leaving;
  // After the effect above has read it: what this render leaves on screen, for the next one.
  useLayoutEffect(() => void (wasParked.current = parked && prepared > 0));
  const s = settings.value;
  if (!ui.isShown.value) return null;
  const dark = s.colorScheme === 'dark' || (s.colorScheme === 'auto' && systemDark);
  return (
    <div
      class={`root align-${s.align}${dark ? ' dark' : ''}${preview ? ' preview' : ''}${lookReady.value ? (waited.current ? ' appear' : '') : ' pending'}`}
      dir={isRtl(lang.value) ? 'rtl' : 'ltr'}
      lang={lang.value}
      style={theme.value}
    >
      {(!parked || prepared > 0) && <ChatWindow idPrefix={idPrefix} closing={leaving && !shown} parked={parked} parts={parked ? prepared : undefined} />}
      {attention.preview.value ? <Preview.View /> : ui.calloutVisible.value && <Callout.View />}
      <Launcher buttonRef={launcher} open={shown} onClick={launcherClicked} />
    </div>
  );
}
