import { useEffect, useRef, useState } from 'preact/hooks';
import { useWidget, useT } from './context.ts';
import { PaperclipIcon, SendIcon } from './icons.tsx';

const MAX_HEIGHT_PX = 120;

/**
 * The text box: Enter sends, Shift+Enter breaks the line, IME composition is left alone. Disabled
 * (with the service's placeholder) while the latest message from the other side asks for it.
 */
export function Composer({ inputId }: { inputId: string }) {
  const { intents, ui, inputControl, settings } = useWidget();
  const t = useT();
  const [text, setText] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const control = inputControl.value;
  const s = settings.value;

  // Focus only when the visitor opened the window: never steal focus or pop a phone keyboard.
  useEffect(() => {
    if (ui.byVisitor.peek()) input.current?.focus({ preventScroll: true });
  }, []);

  const grow = () => {
    const el = input.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, MAX_HEIGHT_PX)}px`;
  };
  useEffect(grow, [text]);

  const submit = () => {
    if (!text.trim() || control.disabled) return;
    intents.send(text);
    setText('');
    input.current?.focus();
  };

  const placeholder = control.placeholder ?? (control.disabled ? t('INPUT_DISABLED') : t('LABEL_PLACEHOLDER'));
  return (
    <form
      part="composer"
      class={`composer${control.disabled ? ' is-disabled' : ''}`}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {s.showAttachmentFooterButton && (
        <>
          <button type="button" part="upload-button" class="icon-button upload-button" aria-label={t('BUTTON_ATTACH_FILE')} disabled={control.disabled} onClick={() => fileInput.current?.click()}>
            <PaperclipIcon />
          </button>
          <input
            ref={fileInput}
            type="file"
            class="visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
            accept={s.fileUploadAccept}
            onChange={(e) => {
              const files = e.currentTarget.files;
              if (files) for (const file of Array.from(files)) intents.upload(file);
              e.currentTarget.value = '';
            }}
          />
        </>
      )}
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
        disabled={control.disabled}
        placeholder={placeholder}
        enterkeyhint="send"
        onInput={(e) => setText(e.currentTarget.value)}
        onPaste={(e) => {
          const files = Array.from(e.clipboardData?.files ?? []);
          if (!files.length || !s.showAttachmentFooterButton) return;
          e.preventDefault();
          for (const file of files) intents.upload(file);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.isComposing && e.keyCode !== 229) {
            e.preventDefault();
            submit();
          }
        }}
      />
      <button type="submit" part="send-button" class="send-button" aria-label={t('BUTTON_SEND_MESSAGE')} disabled={!text.trim() || control.disabled}>
        <SendIcon />
      </button>
    </form>
  );
}
