import { computed, type ReadonlySignal } from '@preact/signals-core';
import type { ConversationListModel } from '../conversation/conversationList.ts';
import type { ClientContext } from './clientContext.ts';

/** `ChatState.unread`: the conversation's unread replies and those of the visitor's other conversations. */
export function unreadOf(current: ReadonlySignal<number>, conversations: ReadonlySignal<ConversationListModel | null>): ReadonlySignal<number> {
  return computed(() => current.value + (conversations.value?.unreadElsewhere.value ?? 0));
}

/**
 * The launcher's count, the same in every tab: the leading tab counts and tells the others and
 * the page (`unread:change`); a conversation in front of the visitor (the window open on it, the
 * page in view) is read, in every tab.
 */
export function createUnread(c: ClientContext, conversations: ReadonlySignal<ConversationListModel | null>) {
  const { conversation, tabs, ui, env, life, emitter } = c;
  const unread = unreadOf(conversation.unread, conversations);
  /** What `unread:change` said last (nothing yet: 0). */
  let announced = 0;
  return {
    unread,
    watch() {
      life.effects(
        () => {
          if (!ui.isOpen.value || ui.screen.value !== 'conversation' || !env.visible.value || !conversation.unread.value) return;
          conversation.markRead();
          tabs.post({ type: 'read' });
        },
        () => {
          // The leader's unread count is every tab's count.
          const count = conversation.unread.value;
          if (tabs.isLeader.peek()) tabs.post({ type: 'unread', count });
        },
        () => {
          // The page hears the launcher's count (once known at start-up, then each change) from the leading tab only.
          const count = unread.value;
          if (count !== announced && tabs.isLeader.peek()) emitter.emit('unread:change', count);
          announced = count;
        },
      );
    },
  };
}
