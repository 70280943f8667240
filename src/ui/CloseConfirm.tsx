import { useEffect, useRef } from 'preact/hooks';
import { translator, useWidget } from './context.ts';
import bottomPanelCss from './BottomPanel.css?inline';
import closeConfirmCss from './CloseConfirm.css?inline';
import stepButtonsCss from './StepButtons.css?inline';

/**
 * "End this conversation?" inside the window; focus goes to Cancel, the safe choice. Cancelled
 * (Cancel, or Esc within it), the focus goes back to the header's "…" button it was asked from
 * (OptionsMenu), not to the page: the confirmation and the button the focus was on are gone.
 */
export function CloseConfirm() {
  const widget = useWidget();
  widget.adoptCss(stepButtonsCss, bottomPanelCss, closeConfirmCss);
  const { intents } = widget;
  const t = translator(widget);
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => cancel.current?.focus(), []);
  const cancelled = () => {
    cancel.current?.closest('[part~="window"]')?.querySelector<HTMLElement>('[part~="options-button"]')?.focus();
    intents.confirmClose(false);
  };
  return (
    <div
      class="confirm"
      role="alertdialog"
      aria-labelledby="pl-confirm-text"
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        // The window's Esc would close the confirmation too, but not give the focus back.
        e.stopPropagation();
        cancelled();
      }}
    >
      <p id="pl-confirm-text">{t('CONFIRM_CLOSE_CHAT')}</p>
      <div class="confirm-actions">
        <button ref={cancel} type="button" class="primary-button secondary" onClick={cancelled}>
          {t('NO')}
        </button>
        <button
          type="button"
          class="primary-button"
          onClick={() => {
            intents.confirmClose(false);
            intents.endConversation();
          }}
        >
          {t('YES')}
        </button>
      </div>
    </div>
  );
}
