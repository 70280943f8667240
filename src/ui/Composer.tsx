import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { afterPaint } from '../client/live/afterPaint.ts';
import { characterCount, COUNT_SHOWN_FROM, MAX_MESSAGE_CHARS } from '../state/messageLength.ts';
import { translator, useWidget } from './context.ts';
import { PaperclipIcon, SendIcon } from './icons.tsx';
import { lazyView, laterView } from './lazyView.tsx';
import { useOpeningFocus } from './openingFocus.ts';

/** The emoji button and its picker, with the picker's data and styles: only where a project shows the button (off by default). */
const EmojiButton = lazyView(() => import('./emoji/EmojiButton.tsx'));
/** The count near the length limit comes with the later views (prefetched once the window opens). */
const CharCount = laterView('CharCount');

const MAX_HEIGHT_PX = 120;

/**
 * The text box: Enter sends, Shift+Enter breaks the line, IME composition is left alone. Disabled
 * (with the service's placeholder) while the latest message from the other side asks for it.
 * Near the length limit a count appears (a polite live region that also describes the input);
 * over it, the text stays for the visitor to shorten, and Send waits. What the visitor is writing
 * is the composer's own state (the draft goes with the window, as before).
 */
export function Composer({ inputId, parked = false }: { inputId: string; parked?: boolean }) {
  const widget = useWidget();
  const { intents, inputControl, settings } = widget;
  const t = translator(widget);
  const [text, setText] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const form = useRef<HTMLFormElement>(null);
  // Focus only when the visitor opened the window: never steal focus or pop a phone keyboard.
  useOpeningFocus(form);
  const fitsLater = useRef(parked);
  // The box grows with its text (or a long placeholder), up to MAX_HEIGHT_PX (then it scrolls),
  // before the browser paints it. Mounted parked (rendered hidden ahead of the first tap,
  // windowPreparation.ts), it is fitted once the browser has laid the window out: fitted at once,
  // the whole new window was laid out inside the render's task (20 ms at 4× CPU).
  useLayoutEffect(() => {
    const el = input.current;
    if (!el) return;
    const fit = () => {
      el.style.height = 'auto';
      el.style.height = `${Math.min(el.scrollHeight, MAX_HEIGHT_PX)}px`;
    };
    if (!fitsLater.current) return fit();
    fitsLater.current = false;
    return afterPaint(fit);
  }, [text]);

  const control = inputControl.value;
  const s = settings.value;

  const length = characterCount(text);
  const near = length >= COUNT_SHOWN_FROM;
  const tooLong = length > MAX_MESSAGE_CHARS;
  const countId = `${inputId}-count`;

  const submit = () => {
    if (!text.trim() || control.disabled || tooLong) return;
    intents.send(text);
    setText('');
    input.current?.focus();
  };

  const placeholder = control.placeholder ?? (control.disabled ? t('INPUT_DISABLED') : t('LABEL_PLACEHOLDER'));
  return (
    <>
      <p id={countId} class={`char-count${tooLong ? ' is-over' : ''}`} aria-live="polite">
        {near && <CharCount.View length={length} tooLong={tooLong} />}
      </p>
      <form
        ref={form}
        part="composer"
        class={`composer${control.disabled ? ' is-disabled' : ''}`}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {s.showAttachmentFooterButton && (
          <>
            <button
              type="button"
              part="upload-button"
              class="icon-button upload-button"
              aria-label={t('BUTTON_ATTACH_FILE')}
              disabled={control.disabled}
              onClick={() => fileInput.current?.click()}
            >
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
        {s.showEmojiFooterButton && <EmojiButton.View idPrefix={inputId} input={input} disabled={control.disabled} onPick={setText} />}
        <label for={inputId} class="visually-hidden">
          {t('LABEL_PLACEHOLDER')}
        </label>
        <textarea
          id={inputId}
          ref={input}
          data-opening-focus
          part="input"
          class="input"
          rows={1}
          value={text}
          disabled={control.disabled}
          placeholder={placeholder}
          aria-describedby={near ? countId : undefined}
          aria-invalid={tooLong || undefined}
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
        <button
          type="submit"
          part="send-button"
          class="send-button"
          aria-label={t('BUTTON_SEND_MESSAGE')}
          disabled={!text.trim() || control.disabled || tooLong}
        >
          <SendIcon />
        </button>
      </form>
    </>
  );
}
