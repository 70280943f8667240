import { lazyView } from '../lazyView.tsx';
import { isEmojiOnly } from './emojiOnly.ts';
import { isPlainText } from './plainText.ts';

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

const Formatted = lazyView(() => import('./FormattedText.tsx'), PlainText);

/**
 * A message's text: markdown, formatted once the parser is there. A text with nothing to format
 * (plainText.ts) looks the same either way, so it never asks for the parser: a first open and send
 * of ordinary sentences downloads none of it (it comes at idle, ChatWindow's later views).
 */
export function MessageText({ text }: { text: string }) {
  return isPlainText(text) ? <PlainText text={text} /> : <Formatted.View text={text} />;
}
export const prefetchMessageText = Formatted.prefetch;
