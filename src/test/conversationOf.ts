import type { ConversationModel } from '../client/conversation/conversation.ts';
import type { ChatClient } from '../client/types.ts';

/**
 * The conversation model behind a client's public one: tests that poll now (`sync`) reach past the
 * published surface, which gives a UI the conversation's signals only.
 */
export const conversationOf = (client: ChatClient): ConversationModel => client.conversation as unknown as ConversationModel;
