import type { ConversationListControl } from './conversation/conversationList.ts';
import type { Outgoing } from './conversation/conversation.ts';
import type { ChatCommands } from './types.ts';

/**
 * What the commands (commands.ts, laterCommands.ts) get from the client that made them: where a
 * live client and a preview differ (what follows a send, what a settings change sets off, how the
 * visitor's conversations are listed).
 */
export interface CommandHooks {
  /** Start-up is done (a send waits for it). */
  ready: Promise<void>;
  /** A message was queued and sent (or failed): a live client looks for the answer and tells the other tabs. */
  afterSend(): void;
  afterUpdate(partial: Parameters<ChatCommands['update']>[0]): void;
  /** The visitor has (or may have) several conversations: list them (null with `singleConversation`). */
  listConversations(): Promise<ConversationListControl | null> | null;
}

/** What the later commands share with the first open's (commands.ts). */
export interface CoreCommands {
  /** Queues a message and sends it, as the composer does. */
  send(message: Outgoing): Promise<void>;
  /** Names the stored visitor. */
  nameVisitor(fullname: string, email: string): Promise<void>;
}
