import { useEffect, useRef, useState } from 'preact/hooks';
import { themeVariables } from '../state/theme.ts';
import { DEFAULT_SETTINGS } from '../state/settings.ts';
import { isRtl } from '../i18n/translator.ts';
import { useWidget } from './context.ts';
import { ChatWindow } from './ChatWindow.tsx';
import { Launcher } from './Launcher.tsx';
import { lazyView } from './lazyView.tsx';

// The callout and the message preview show on some visits only: their code and styles come when they do.
const Callout = lazyView(() => import('./Callout.tsx'));
const Preview = lazyView(() => import('./MessagePreview.tsx'));

const DARK_QUERY = '(prefers-color-scheme: dark)';
/** The closing animation's length (ChatWindow.css `pl-fall`). */
const CLOSE_MS = 160;

/** Whether the visitor's system asks for dark colours, followed live (only asked for `auto`). */
function usePrefersDark(follow: boolean): boolean {
  const [dark, setDark] = useState(false);
  useEffect(() => {
    const query = follow ? globalThis.matchMedia?.(DARK_QUERY) : undefined;
    setDark(!!query?.matches);
    if (!query) return;
    const onChange = () => setDark(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [follow]);
  return dark;
}

/** The whole widget inside its shadow root. Styles come from the adopted stylesheet and CSS variables. */
export function App({ idPrefix }: { idPrefix: string }) {
  const { ui, settings, lang, preview, lookReady, attention } = useWidget();
  const launcher = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(ui.isOpen.value);
  const open = ui.isOpen.value;
  // A launcher first shown after waiting for its look fades in; one painted at once never does.
  const waited = useRef(!lookReady.value);

  // The window stays a moment after closing, to animate out (hidden from keyboards and readers).
  const [closing, setClosing] = useState(false);

  // Closing returns focus to the launcher, so keyboard users are not dropped at the top of the page.
  useEffect(() => {
    const closed = wasOpen.current && !open;
    if (closed && ui.byVisitor.peek()) launcher.current?.focus({ preventScroll: true });
    wasOpen.current = open;
    setClosing(closed && !preview);
    if (!closed) return;
    const timer = setTimeout(() => setClosing(false), CLOSE_MS);
    return () => clearTimeout(timer);
  }, [open, preview, ui.byVisitor]);

  const s = settings.value;
  const prefersDark = usePrefersDark(s.colorScheme === 'auto');
  if (!ui.isShown.value) return null;
  const dark = s.colorScheme === 'dark' || (s.colorScheme === 'auto' && prefersDark);
  return (
    <div
      class={`root align-${s.align}${dark ? ' dark' : ''}${preview ? ' preview' : ''}${lookReady.value ? (waited.current ? ' appear' : '') : ' pending'}`}
      dir={isRtl(lang.value) ? 'rtl' : 'ltr'}
      lang={lang.value}
      style={themeVariables(s, DEFAULT_SETTINGS)}
    >
      {(open || closing) && lookReady.value && <ChatWindow idPrefix={idPrefix} closing={!open} />}
      {attention.preview.value ? <Preview.View /> : ui.calloutVisible.value && <Callout.View />}
      <Launcher buttonRef={launcher} />
    </div>
  );
}
