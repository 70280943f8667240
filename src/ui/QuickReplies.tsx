import type { AttachmentButton } from '../api/wire.ts';
import { buttonIntent, isReplyButton } from '../state/buttonIntent.ts';
import { useWidget } from './context.ts';
import quickRepliesCss from './QuickReplies.css?inline';

/** The buttons under a message; reply buttons only while `enabled` (latest message, not yet used). */
export function QuickReplies({ buttons, enabled, messageKey }: { buttons: AttachmentButton[]; enabled: boolean; messageKey: string }) {
  const widget = useWidget();
  const { intents } = widget;
  widget.adoptCss(quickRepliesCss);
  const shown = buttons.filter((b) => enabled || !isReplyButton(b));
  if (!shown.length) return null;
  return (
    <div part="quick-replies" class="quick-replies" role="group">
      {shown.map((button, i) => {
        const intent = buttonIntent(button);
        if (intent.kind === 'none') return null;
        const label = (typeof button.value === 'string' && button.value.trim()) || (intent.kind === 'open' ? intent.url : '');
        return (
          <button
            key={i}
            type="button"
            part="attachment-button"
            class={`attachment-button kind-${intent.kind}`}
            onClick={() => intents.pressButton(messageKey, intent)}
          >
            {label}
            {intent.kind === 'open' && <span aria-hidden="true"> ↗</span>}
          </button>
        );
      })}
    </div>
  );
}

/** Loaded on demand (lazyView.tsx): the view is the module's default export. */
export default QuickReplies;
