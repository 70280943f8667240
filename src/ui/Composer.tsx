import { useEffect, useRef, useState } from 'preact/hooks';
import { useWidget, useT } from './context.ts';
import { SendIcon } from './icons.tsx';

const MAX_ROWS_PX = 120;

/** The text box: Enter sends, Shift+Enter breaks the line, IME composition is left alone. */
export function Composer({ inputId }: { inputId: string }) {
  const { intents, ui } = useWidget();
  const t = useT();
  const [text, setText] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);

  // Focus only when the visitor opened the window: never steal focus or pop a phone keyboard.
  useEffect(() => {
    if (ui.byVisitor.value) input.current?.focus({ preventScroll: true });
  }, []);

  const grow = () => {
    const el = input.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, MAX_ROWS_PX)}px`;
  };
  useEffect(grow, [text]);

  const submit = () => {
    if (!text.trim()) return;
    intents.send(text);
    setText('');
    input.current?.focus();
  };

  return (
    <form
      part="composer"
      class="composer"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <label for={inputId} class="visually-hidden">
        {t('LABEL_PLACEHOLDER')}
      </label>
      <textarea
        id={inputId}
        ref={input}
        part="input"
        class="input"
        rows={1}
        value={text}
        placeholder={t('LABEL_PLACEHOLDER')}
        enterkeyhint="send"
        onInput={(e) => setText(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.isComposing && e.keyCode !== 229) {
            e.preventDefault();
            submit();
          }
        }}
      />
      <button type="submit" part="send-button" class="send-button" aria-label={t('BUTTON_SEND_MESSAGE')} disabled={!text.trim()}>
        <SendIcon />
      </button>
    </form>
  );
}
