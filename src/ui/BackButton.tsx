import { useEffect, useRef } from 'preact/hooks';
import { translator, useWidget } from './context.ts';
import { svg } from './icons.tsx';
import backButtonCss from './BackButton.css?inline';

/**
 * From a conversation to the home screen (`back-button`), where the visitor's other conversations
 * are: shown with a home screen, or once the visitor has more than one conversation. Arrived by the
 * visitor's own move on a conversation that takes no input (an ended one), focus would be lost with
 * the list item that was clicked: it comes here, the way back.
 */
export function BackButton() {
  const widget = useWidget();
  widget.adoptCss(backButtonCss);
  const { intents, settings, conversations, ui } = widget;
  const t = translator(widget);
  const button = useRef<HTMLButtonElement>(null);
  const s = settings.value;
  const shown = !s.singleConversation && (s.startFromHome || (conversations.value?.items.value.length ?? 0) > 1);
  useEffect(() => {
    if (!shown || !ui.byVisitor.peek()) return;
    const frame = requestAnimationFrame(() => {
      if (!(button.current?.getRootNode() as ShadowRoot | Document | undefined)?.activeElement) button.current?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [shown, ui.byVisitor]);
  if (!shown) return null;
  return (
    <button
      ref={button}
      type="button"
      part="back-button"
      class="icon-button back-button"
      aria-label={t('PREV_CONVERSATIONS')}
      onClick={() => intents.showHome(true)}
    >
      {/* Points to the start of the line: mirrored in right-to-left languages. */}
      <svg {...svg}>
        <path fill="currentColor" d="M20 11H7.8l5.6-5.6L12 4l-8 8 8 8 1.4-1.4L7.8 13H20v-2Z" />
      </svg>
    </button>
  );
}

/** Loaded on demand (lazyView.tsx): the view is the module's default export. */
export default BackButton;
