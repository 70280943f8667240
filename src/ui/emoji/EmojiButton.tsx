import type { RefObject } from 'preact';
import { useRef, useState } from 'preact/hooks';
import { translator, useWidget } from '../context.ts';
import { svg } from '../icons.tsx';
import { lazyView } from '../lazyView.tsx';
import emojiButtonCss from './EmojiButton.css?inline';

/** The picker, its data and its styles come on first use. */
const Picker = lazyView(() => import('./EmojiPicker.tsx'));

export interface EmojiButtonProps {
  idPrefix: string;
  /** The composer's text box: a chosen emoji goes in at its caret. */
  input: RefObject<HTMLTextAreaElement>;
  disabled: boolean;
  /** The composer's text with the emoji in it. */
  onPick(text: string): void;
}

/**
 * The composer's emoji button and the picker it opens: a chunk of its own, loaded only where a
 * project shows the button (`showEmojiFooterButton`, off by default; Composer.tsx). The picker
 * comes on the first click. Escape closes it and gives the button the focus back.
 */
export function EmojiButton({ idPrefix, input, disabled, onPick }: EmojiButtonProps) {
  const widget = useWidget();
  widget.adoptCss(emojiButtonCss);
  const t = translator(widget);
  const [picking, setPicking] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        part="emoji-button"
        class="icon-button emoji-button"
        aria-label={t('BUTTON_EMOJI')}
        aria-expanded={picking}
        disabled={disabled}
        onClick={() => setPicking(!picking)}
      >
        <SmileIcon />
      </button>
      {picking && !disabled && (
        <Picker.View
          idPrefix={idPrefix}
          input={input}
          onPick={(text) => {
            onPick(text);
            setPicking(false);
          }}
          onClose={() => {
            setPicking(false);
            button.current?.focus();
          }}
        />
      )}
    </>
  );
}

// Here, not in icons.tsx: only the emoji button (a lazy view) shows it.
function SmileIcon() {
  return (
    <svg {...svg}>
      <path
        fill="currentColor"
        d="M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20Zm0 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm-4 9.5h8a4 4 0 0 1-8 0ZM9 8.5a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3Zm6 0a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3Z"
      />
    </svg>
  );
}

/** Loaded on demand (lazyView.tsx): the view is the module's default export. */
export default EmojiButton;
