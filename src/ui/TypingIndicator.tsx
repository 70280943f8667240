import { useCss, useT } from './context.ts';
import typingIndicatorCss from './TypingIndicator.css?inline';

/** Dots while a bot's split message has more to come; announced once as a status. */
export function TypingIndicator() {
  useCss(typingIndicatorCss);
  const t = useT();
  return (
    <li class="typing-row">
      <span class="typing" role="status" aria-label={t('LABEL_WRITING')}>
        <span />
        <span />
        <span />
      </span>
    </li>
  );
}
