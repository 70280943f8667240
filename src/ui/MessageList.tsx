import { useLayoutEffect, useMemo, useRef } from 'preact/hooks';
import { useWidget, useT } from './context.ts';
import { createTimeFormatter } from './formatTime.ts';
import { MessageBubble } from './MessageBubble.tsx';

/** Near the bottom, new messages scroll into view; a visitor reading older ones is left alone. */
const STICK_PX = 80;

export function MessageList() {
  const { conversation, lang, settings } = useWidget();
  const t = useT();
  const messages = conversation.messages.value;
  const listRef = useRef<HTMLDivElement>(null);
  const stuck = useRef(true);
  const formatTime = useMemo(() => createTimeFormatter(lang.value), [lang.value]);

  useLayoutEffect(() => {
    const el = listRef.current;
    if (el && stuck.current) el.scrollTop = el.scrollHeight;
  }, [messages.length, messages[messages.length - 1]?.state]);

  const onScroll = () => {
    const el = listRef.current;
    if (el) stuck.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_PX;
  };

  const s = settings.value;
  return (
    <div ref={listRef} class="messages" part="messages" role="log" aria-live="polite" aria-relevant="additions" aria-label={t('CONVERSATION_LOG_LABEL')} tabIndex={0} onScroll={onScroll}>
      <div class="welcome">
        <p class="welcome-title">{s.welcomeTitle || t('WELCOME_TITLE')}</p>
        <p class="welcome-msg">{s.welcomeMsg || t('WELCOME_MSG')}</p>
      </div>
      <ol class="message-list">
        {messages.map((message, i) => {
          const previous = messages[i - 1];
          const showSender = !previous || previous.fromVisitor !== message.fromVisitor || previous.senderName !== message.senderName;
          return <MessageBubble key={message.key} message={message} showSender={showSender} time={formatTime(message.createdAt)} />;
        })}
      </ol>
    </div>
  );
}
