/** Which buttons a message shows, and until when (what a pressed one does: buttonIntent.ts). */
import type { AttachmentButton, MessageAttributes } from '../api/wire.ts';
import type { ChatMessage } from './chatMessage.ts';

export type { ButtonIntent } from './buttonIntent.ts';

export function buttonsOf(attributes: MessageAttributes | undefined): AttachmentButton[] {
  const buttons = attributes?.attachment?.buttons;
  return Array.isArray(buttons) ? buttons.filter((b): b is AttachmentButton => !!b && typeof b === 'object' && typeof b.type === 'string').slice(0, 20) : [];
}

/**
 * Text and action buttons answer the conversation's current question, so they live only on the
 * latest message and only until one is used; url buttons are links and stay.
 */
export function buttonsEnabled(message: ChatMessage, latestKey: string | undefined, used: ReadonlySet<string>): boolean {
  return message.key === latestKey && !used.has(message.key);
}
