import calloutCss from './Callout.css?inline';
import { translator, useWidget } from './context.ts';
import { CloseIcon } from './icons.tsx';
import stepButtonsCss from './StepButtons.css?inline';

/** The bubble beside the launcher after `calloutTimer` seconds: a click opens the chat. */
export function Callout() {
  const widget = useWidget();
  widget.adoptCss(stepButtonsCss, calloutCss);
  const { ui, settings, intents } = widget;
  const t = translator(widget);
  if (!ui.calloutVisible.value || ui.isOpen.value) return null;
  const s = settings.value;
  return (
    <div part="callout" class="callout" role="status">
      <button type="button" class="callout-body" onClick={() => intents.open(true)}>
        <span class="callout-title">{s.calloutTitle || t('CALLOUT_TITLE_PLACEHOLDER')}</span>
        <span class="callout-msg">{s.calloutMsg || t('CALLOUT_MSG_PLACEHOLDER')}</span>
      </button>
      <button type="button" class="icon-button small callout-close" aria-label={t('BUTTON_CLOSE_CALLOUT')} onClick={() => intents.dismissCallout()}>
        <CloseIcon />
      </button>
    </div>
  );
}

/** Loaded on demand (lazyView.tsx): the view is the module's default export. */
export default Callout;
