import type { ChatMessage } from '../state/chatMessage.ts';
import { Avatar } from './Avatar.tsx';
import { translator, useWidget } from './context.ts';
import typingIndicatorCss from './TypingIndicator.css?inline';

/** The last one of the team who wrote (from the end: a long conversation's start is not read). */
function lastOfTeam(messages: readonly ChatMessage[]): { id: string; name: string } | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.kind === 'message' && !m.fromVisitor) return { id: m.senderId, name: m.senderName };
  }
  return undefined;
}

/**
 * Dots while a bot's split message has more to come or an agent types; announced once as a status,
 * with the typist's name when known. Beside them the typist's face, as beside their messages: the
 * one typing, else (a split message's next part) the last one of the team who wrote.
 */
export function TypingIndicator({ name }: { name?: string }) {
  const widget = useWidget();
  widget.adoptCss(typingIndicatorCss);
  const t = translator(widget);
  const { conversation } = widget;
  const typist = conversation.typist.value;
  const face = typist ? { id: typist.sender, name: typist.name ?? '' } : lastOfTeam(conversation.messages.value);
  return (
    <li class="typing-row">
      {face ? <Avatar id={face.id} name={face.name || t('SUPPORT_LABEL')} /> : <span class="avatar" aria-hidden="true" />}
      <span class="typing" role="status" aria-label={name ? t('TYPING_NAMED', { name }) : t('LABEL_WRITING')}>
        <span />
        <span />
        <span />
      </span>
    </li>
  );
}

/** Loaded on demand (lazyView.tsx): the view is the module's default export. */
export default TypingIndicator;
