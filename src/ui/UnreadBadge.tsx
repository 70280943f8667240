import { useWidget } from './context.ts';

/** The count on the launcher; the launcher's name says it in words (so the badge is hidden from AT). */
export function UnreadBadge() {
  const { conversation } = useWidget();
  const count = conversation.unread.value;
  if (!count) return null;
  return (
    <span part="unread-badge" class="unread-badge" aria-hidden="true">
      {count > 99 ? '99+' : count}
    </span>
  );
}
