import { lazyView } from '../lazyView.tsx';
import { isEmojiOnly } from './emojiOnly.ts';

/**
 * Until the markdown parser is downloaded (on the first message that needs it, or at idle once the
 * window is open), a text shows as written: every character, its line breaks kept, in the same
 * box and size as the formatted text that replaces it.
 */
function PlainText({ text }: { text: string }) {
  return (
    <div class={isEmojiOnly(text) ? 'md emoji-only' : 'md'}>
      <p class="md-plain">{text}</p>
    </div>
  );
}

const Formatted = lazyView(() => import('./FormattedText.tsx').then((m) => m.FormattedText), PlainText);

/** A message's text: markdown, formatted once the parser is there. */
export const MessageText = Formatted.View;
export const prefetchMessageText = Formatted.prefetch;
