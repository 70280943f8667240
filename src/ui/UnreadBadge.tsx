import { useWidget, useT } from './context.ts';

export function UnreadBadge() {
  const { conversation } = useWidget();
  const t = useT();
  const count = conversation.unread.value;
  if (!count) return null;
  return (
    <span part="unread-badge" class="unread-badge" aria-label={t('UNREAD_COUNT', { count })}>
      {count > 99 ? '99+' : count}
    </span>
  );
}
