import { translator, useWidget } from './context.ts';
import typingIndicatorCss from './TypingIndicator.css?inline';

/** Dots while a bot's split message has more to come or an agent types; announced once as a status, with the typist's name when known. */
export function TypingIndicator({ name }: { name?: string }) {
  const widget = useWidget();
  widget.adoptCss(typingIndicatorCss);
  const t = translator(widget);
  return (
    <li class="typing-row">
      <span class="typing" role="status" aria-label={name ? t('TYPING_NAMED', { name }) : t('LABEL_WRITING')}>
        <span />
        <span />
        <span />
      </span>
    </li>
  );
}

/** Loaded on demand (lazyView.tsx): the view is the module's default export. */
export default TypingIndicator;
