import { REASONS } from '../state/delivery.ts';
import type { TimedMessage } from '../client/conversation/splitMessages.ts';
import { translator, useWidget } from './context.ts';
import css from './FailedStatus.css?inline';
import stepButtonsCss from './StepButtons.css?inline';

/**
 * A message the service did not take: "Not sent", why (from the outbox item behind the bubble,
 * delivery.ts failureOf), and Retry / Delete. Most visits never see one: it comes with the later
 * views (laterViews.ts), fetched at idle once the window is open.
 */
export function FailedStatus({ message }: { message: TimedMessage }) {
  const widget = useWidget();
  widget.adoptCss(stepButtonsCss, css);
  const { intents, conversation } = widget;
  const t = translator(widget);
  const reason = conversation.outbox.value.find((i) => i.tempUID === message.tempUID)?.reason;
  const id = message.tempUID;
  return (
    <>
      <span class="status" role="alert">
        {t('MESSAGE_FAILED')}
        {reason && <span class="failure-reason"> {t(reason)}</span>}
      </span>
      {id && (
        <>
          {/* The same text would be refused again: only Delete helps. */}
          {reason !== REASONS.tooLarge && (
            <button type="button" class="link-button" onClick={() => intents.retry(id)}>
              {t('BUTTON_RETRY')}
            </button>
          )}
          <button type="button" class="link-button" onClick={() => intents.discard(id)}>
            {t('BUTTON_DELETE')}
          </button>
        </>
      )}
    </>
  );
}
