import type { TabMessage } from '../live/tabs.ts';
import type { ClientContext } from './clientContext.ts';
import type { ConversationLists } from './conversationLists.ts';
import type { createTabRelay } from './tabRelay.ts';

/**
 * What this tab hears from the site's other tabs (live/tabs.ts). What comes before the client's
 * policy is there (the tabs are made in a stage before it) waits for it, in order. What the tab
 * does with a message (tabRelay.ts) comes with the first one: most visitors keep one tab. Messages
 * wait on the one download, so they keep their order.
 */
export function createTabMessages() {
  const early: unknown[] = [];
  let handle = (data: unknown) => void early.push(data);
  let relay: Promise<ReturnType<typeof createTabRelay>> | null = null;
  return {
    /** What another tab posted, unchecked (models.ts `onTabMessage`). */
    hear: (data: unknown) => handle(data),
    /** From now on this tab acts on what it hears (and on what it heard until now). */
    listen(c: ClientContext, deps: { lists: ConversationLists; kick(): void }) {
      const { conversation, session, intake, tabs, page, life } = c;
      handle = (data) => {
        // Another tab started or counted a conversation: this tab's list follows (it reads the store,
        // whatever the message says: the message itself is checked by the relay, tabRelay.ts).
        if ((data as Partial<TabMessage> | null)?.type === 'conversation') deps.lists.follow();
        relay ??= import('./tabRelay.ts').then((m) =>
          m.createTabRelay({
            conversation,
            session,
            intake,
            isLeader: () => tabs.isLeader.peek(),
            kick: deps.kick,
            dropList() {
              deps.lists.drop();
              deps.lists.listIfKept();
            },
            pageToken: () => page.wantedToken.peek(),
            dropPageToken: page.dropToken,
          }),
        );
        relay.then(
          (r) => !life.disposed && r.handle(data),
          // Not downloaded (offline): polling still brings the conversation; the next message tries again.
          () => void (relay = null),
        );
      };
      for (const data of early.splice(0)) handle(data);
    },
    stop() {
      void relay?.then(
        (r) => r.stop(),
        () => undefined,
      );
    },
  };
}
