import { useWidget } from './context.ts';

/** Unread replies everywhere: the current conversation's and the visitor's other conversations'. */
export function useUnreadTotal(): number {
  const { conversation, conversations } = useWidget();
  return conversation.unread.value + (conversations.value?.unreadElsewhere.value ?? 0);
}

/** The count on the launcher; the launcher's name says it in words (so the badge is hidden from AT). */
export function UnreadBadge() {
  const count = useUnreadTotal();
  if (!count) return null;
  return (
    <span part="unread-badge" class="unread-badge" aria-hidden="true">
      {count > 99 ? '99+' : count}
    </span>
  );
}
