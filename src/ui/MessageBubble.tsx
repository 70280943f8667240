import type { ReadonlySignal } from '@preact/signals-core';
import type { TimedMessage } from '../client/conversation/splitMessages.ts';
import { buttonsOf } from '../state/attachments.ts';
import { translator, useWidget } from './context.ts';
import { isolateInText, readsAsVisitorLabel } from '../state/displayName.ts';
import { Avatar } from './Avatar.tsx';
import type { ChatClock } from '../client/types.ts';
import { ClockText } from './ClockText.tsx';
import { isoTime } from '../state/formatTime.ts';
import { lazyView, laterView } from './lazyView.tsx';
import { memoView } from './memoView.ts';
import { MessageText as Markdown } from './markdown/MessageText.tsx';
import { QuickReplies } from './quickRepliesOnDemand.ts';

// Not sent: the status, its reason and Retry / Delete come with the later views (prefetched once the window opens).
const FailedStatus = laterView('FailedStatus');
// Images, galleries and file cards are rare: their code and styles come when the first one is shown.
const ImageMessage = lazyView(() => import('./ImageMessage.tsx'));
const Gallery = lazyView(() => import('./Gallery.tsx'));
const FileMessage = lazyView(() => import('./FileMessage.tsx'));

/** What the bubble holds (called, not rendered as a component of its own: one fewer per bubble). */
function messageContent(message: TimedMessage) {
  // An image brings its caption (ImageMessage.tsx).
  if (message.type === 'image') return <ImageMessage.View message={message} />;
  if (message.type === 'file') return <FileMessage.View metadata={message.metadata} fallbackName={message.text} />;
  return <Markdown text={message.text} />;
}

/**
 * One message: content, delivery state, and its reply buttons; in a run of one sender's messages
 * (state/messageRuns.ts) the agent's name goes on the first, the avatar and the time on the last,
 * and every other message shows its time on hover and focus. The visitor's own bubbles carry no
 * name (screen readers still hear it). Every text from the service reaches the DOM as text nodes
 * or through the markdown renderer (no HTML parsing). `quiet`: not news (history, or shown again
 * on scrolling), so the log does not announce it.
 */
function Bubble({
  message,
  first,
  last,
  clock,
  you,
  buttonsEnabled,
  quiet,
}: {
  message: TimedMessage;
  first: boolean;
  last: boolean;
  /** the list's times (ClockText.tsx) */
  clock: ReadonlySignal<ChatClock | null>;
  /** the visitor's label ("You"), translated once for the whole list */
  you: string;
  buttonsEnabled: boolean;
  quiet: boolean;
}) {
  const widget = useWidget();
  const t = translator(widget);
  const side = message.fromVisitor ? 'visitor' : 'agent';
  // The visitor's messages are told by sender id (fromVisitor), never by name; and no other name
  // may read as the visitor's own label (an agent named "You" is shown as the support team).
  const name = message.fromVisitor ? you : message.senderName && !readsAsVisitorLabel(message.senderName, you) ? message.senderName : t('SUPPORT_LABEL');
  const failed = message.state === 'failed';
  const sending = message.state === 'sending';
  const attachment = message.attributes?.attachment;
  const buttons = buttonsOf(message.attributes);
  const media = message.type === 'image' || message.type === 'file';
  return (
    <li
      part={`message message-${side}`}
      class={`message message-${side} state-${message.state}${first ? ' run-start' : ''}${quiet ? '' : ' is-news'}`}
      data-key={message.key}
      aria-live={quiet ? 'off' : undefined}
    >
      {!message.fromVisitor && (last ? <Avatar id={message.senderId} name={name} /> : <span class="avatar" aria-hidden="true" />)}
      <div class="message-body">
        {/* Names are isolated: a right-to-left override in one cannot reorder what follows it. */}
        {first && !message.fromVisitor && (
          <span class={`sender sender-${side}`}>
            <bdi>{name}</bdi>
          </span>
        )}
        <span class="visually-hidden">{isolateInText(name)}: </span>
        {/* Each message's own direction: English text in an Arabic window keeps its punctuation in place. */}
        <div class={`bubble${media ? ' bubble-media' : ''}`} dir="auto">
          {messageContent(message)}
        </div>
        {attachment?.type === 'gallery' || Array.isArray(attachment?.gallery) ? (
          <Gallery.View gallery={attachment?.gallery} enabled={buttonsEnabled} messageKey={message.key} />
        ) : null}
        {buttons.length > 0 && <QuickReplies buttons={buttons} enabled={buttonsEnabled} messageKey={message.key} />}
        <div class={`meta${last || sending || failed ? '' : ' meta-hover'}`}>
          {message.createdAt > 0 && (
            <time dateTime={isoTime(message.createdAt)}>
              <ClockText clock={clock} ms={message.createdAt} />
            </time>
          )}
          {sending && <span class="status">{t(message.retrying ? 'MESSAGE_WAITING' : 'MESSAGE_SENDING')}</span>}
          {failed && <FailedStatus.View message={message} />}
        </div>
      </div>
    </li>
  );
}

/** Memoised: it renders again only when one of its props changed (the message keeps its object while unchanged). */
export const MessageBubble = memoView(Bubble);
