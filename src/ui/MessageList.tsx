import { useLayoutEffect, useMemo, useRef } from 'preact/hooks';
import { useWidget, useT } from './context.ts';
import { createDayFormatter, createTimeFormatter, dayKey } from './formatTime.ts';
import { InfoLine } from './InfoLine.tsx';
import { MessageBubble } from './MessageBubble.tsx';
import { StatusLine, Team } from './Presence.tsx';
import { lazyView } from './lazyView.tsx';
import { buttonsEnabled } from '../state/attachments.ts';
import { messageRuns } from '../state/messageRuns.ts';

// Dots only while a part of a split message is due, or the socket says someone types: loaded then, with their styles.
const TypingIndicator = lazyView(() => import('./TypingIndicator.tsx').then((m) => m.TypingIndicator));

/** Near the bottom, new messages scroll into view; a visitor reading older ones is left alone. */
const STICK_PX = 80;

export function MessageList() {
  const { conversation, lang, settings, session } = useWidget();
  const t = useT();
  const messages = conversation.messages.value;
  const typing = conversation.typing.value;
  const typist = conversation.typist.value?.name;
  const used = conversation.usedButtons.value;
  const listRef = useRef<HTMLDivElement>(null);
  const stuck = useRef(true);
  const formatTime = useMemo(() => createTimeFormatter(lang.value), [lang.value]);
  const today = t('LABEL_TODAY');
  const formatDay = useMemo(() => createDayFormatter(lang.value, today), [lang.value, today]);
  const latest = messages[messages.length - 1];
  // Signed in with the site's token while this conversation was on: it goes on, and says so.
  const switched = session.switched.value;
  const signedIn = switched?.requestId === conversation.requestId.value ? switched : null;

  useLayoutEffect(() => {
    const el = listRef.current;
    if (el && stuck.current) el.scrollTop = el.scrollHeight;
  }, [messages.length, latest?.state, latest?.key, typing]);

  // When the list gets shorter (the close confirmation or the rating takes the composer's place, the
  // composer grows), the last message stays in view: nothing below it is hidden.
  useLayoutEffect(() => {
    const el = listRef.current;
    if (!el || typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(() => {
      if (stuck.current) el.scrollTop = el.scrollHeight;
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const onScroll = () => {
    const el = listRef.current;
    if (el) stuck.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_PX;
  };

  const s = settings.value;
  const runs = useMemo(() => messageRuns(messages), [messages]);
  const items = [];
  let notice = signedIn && (
    <InfoLine key="signed-in" message={signedIn.name ? { infoLabel: 'SIGNED_IN_AS', infoParams: { name: signedIn.name } } : { infoLabel: 'SIGNED_IN' }} />
  );
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i]!;
    if (notice && message.createdAt > signedIn!.at) {
      items.push(notice);
      notice = null;
    }
    const previous = messages[i - 1];
    if (message.createdAt > 0 && (!previous || dayKey(previous.createdAt) !== dayKey(message.createdAt))) {
      items.push(
        <li key={`day-${dayKey(message.createdAt)}`} class="day-separator">
          <span>{formatDay(message.createdAt)}</span>
        </li>,
      );
    }
    if (message.kind === 'info') {
      items.push(<InfoLine key={message.key} message={message} />);
      continue;
    }
    const run = runs[i]!;
    items.push(
      <MessageBubble
        key={message.key}
        message={message}
        first={run.first}
        last={run.last}
        time={formatTime(message.createdAt)}
        buttonsEnabled={buttonsEnabled(message, latest?.key, used)}
      />,
    );
  }

  return (
    <div
      ref={listRef}
      class="messages"
      part="messages"
      role="log"
      aria-live="polite"
      aria-relevant="additions"
      aria-label={t('CONVERSATION_LOG_LABEL')}
      tabIndex={0}
      onScroll={onScroll}
    >
      {/* An empty conversation is not a void: who answers, how soon, and where to write. */}
      <div class={`welcome${messages.length ? '' : ' is-empty'}`}>
        <p class="welcome-title">{s.welcomeTitle || t('WELCOME_TITLE')}</p>
        <p class="welcome-msg">{s.welcomeMsg || t('WELCOME_MSG')}</p>
        {!messages.length && (
          <>
            <Team class="welcome-team" />
            <StatusLine />
            <p class="welcome-invite">{t('WELCOME_INVITE')}</p>
          </>
        )}
      </div>
      <ol class="message-list">
        {items}
        {notice}
        {typing && <TypingIndicator.View {...(typist ? { name: typist } : {})} />}
      </ol>
    </div>
  );
}
