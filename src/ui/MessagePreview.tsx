import { Avatar } from './Avatar.tsx';
import { translator, useWidget } from './context.ts';
import { CloseIcon } from './icons.tsx';
import calloutCss from './Callout.css?inline';
import css from './MessagePreview.css?inline';
import stepButtonsCss from './StepButtons.css?inline';

/**
 * The latest message from the other side above the closed launcher: a click opens the
 * conversation, the small button dismisses it (until the next message). The sender's face beside
 * the words, as Intercom's preview has it. Styled like the callout;
 * loaded when the first preview shows (App renders it through a lazy view).
 */
export function MessagePreview() {
  const widget = useWidget();
  const { attention, intents } = widget;
  const t = translator(widget);
  widget.adoptCss(stepButtonsCss, calloutCss, css);
  const message = attention.preview.value;
  if (!message) return null;
  return (
    <div part="message-preview" class="callout message-preview" role="status">
      <button type="button" class="callout-body" onClick={() => intents.open(true)}>
        <Avatar id={message.senderId} name={message.senderName || t('SUPPORT_LABEL')} />
        <span class="message-preview-words">
          {message.senderName && <bdi class="callout-title">{message.senderName}</bdi>}
          <span class="callout-msg message-preview-text">{message.text}</span>
        </span>
      </button>
      <button type="button" class="icon-button small callout-close" aria-label={t('BUTTON_DISMISS_MESSAGE_PREVIEW')} onClick={() => intents.dismissPreview()}>
        <CloseIcon />
      </button>
    </div>
  );
}

/** Loaded on demand (lazyView.tsx): the view is the module's default export. */
export default MessagePreview;
