import type { ReadonlySignal } from '@preact/signals-core';

/** One push channel as the rest of the client sees it (policy/realtimeLink.ts, policy/chat21Link.ts). */
export interface PushLink {
  /** Connected and subscribed: polls of what it pushes are the safety net only. */
  live: ReadonlySignal<boolean>;
  /**
   * It pushes news of every conversation of the visitor (Chat21's inbox), so the list's polls slow
   * down too; the service's socket follows the open conversation only.
   */
  wholeInbox: boolean;
  /** The network is back. */
  wake(): void;
}

/** The visitor's list of conversations, as far as push concerns it (policy/conversationLists.ts). */
export interface ListFollower {
  /** A list is made (shown, or kept from an earlier visit): its conversations' news may come by push. */
  listed(): boolean;
  /** Reads the list again: news of a conversation that is not the open one. */
  refresh(): void;
}
