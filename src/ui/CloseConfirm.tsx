import { useEffect, useRef } from 'preact/hooks';
import { translator, useWidget } from './context.ts';
import bottomPanelCss from './BottomPanel.css?inline';
import closeConfirmCss from './CloseConfirm.css?inline';
import stepButtonsCss from './StepButtons.css?inline';

/** "End this conversation?" inside the window; focus goes to Cancel, the safe choice. */
export function CloseConfirm() {
  const widget = useWidget();
  widget.adoptCss(stepButtonsCss, bottomPanelCss, closeConfirmCss);
  const { intents } = widget;
  const t = translator(widget);
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => cancel.current?.focus(), []);
  return (
    <div class="confirm" role="alertdialog" aria-labelledby="pl-confirm-text">
      <p id="pl-confirm-text">{t('CONFIRM_CLOSE_CHAT')}</p>
      <div class="confirm-actions">
        <button ref={cancel} type="button" class="primary-button secondary" onClick={() => intents.confirmClose(false)}>
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
