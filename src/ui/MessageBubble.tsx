import type { ChatMessage } from '../state/chatMessage.ts';
import { useWidget, useT } from './context.ts';
import { isoTime } from './formatTime.ts';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return parts.slice(0, 2).map((p) => [...p][0]?.toUpperCase() ?? '').join('');
}

/** One message. Text is rendered as a text node: nothing from the service is parsed as HTML here. */
export function MessageBubble({ message, showSender, time }: { message: ChatMessage; showSender: boolean; time: string }) {
  const { intents } = useWidget();
  const t = useT();
  const side = message.fromVisitor ? 'visitor' : 'agent';
  const name = message.fromVisitor ? t('YOU') : message.senderName || t('SUPPORT_LABEL');
  const status = message.state === 'sending' ? t('MESSAGE_SENDING') : message.state === 'failed' ? t('MESSAGE_FAILED') : '';
  return (
    <li part={`message message-${side}`} class={`message message-${side} state-${message.state}`} data-key={message.key}>
      {!message.fromVisitor && (
        <span class="avatar" aria-hidden="true">
          {showSender ? initials(name) : ''}
        </span>
      )}
      <div class="message-body">
        {showSender && <span class="sender">{name}</span>}
        <span class="visually-hidden">{name}: </span>
        <div class="bubble">{message.text}</div>
        <div class="meta">
          {time && <time dateTime={isoTime(message.createdAt)}>{time}</time>}
          {status && <span class="status">{status}</span>}
          {message.state === 'failed' && message.tempUID && (
            <>
              <button type="button" class="link-button" onClick={() => intents.retry(message.tempUID!)}>
                {t('BUTTON_RETRY')}
              </button>
              <button type="button" class="link-button" onClick={() => intents.discard(message.tempUID!)}>
                {t('BUTTON_DELETE')}
              </button>
            </>
          )}
        </div>
      </div>
    </li>
  );
}
