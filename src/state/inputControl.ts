import type { ChatMessage } from './chatMessage.ts';

/**
 * Whether the composer is usable and what it says, from the latest message of the other side
 * (docs/public-api.md §3): `disableInputMessage` holds until a later message comes without it, and
 * `inputMessagePlaceholder` replaces the placeholder until the next message.
 */
export interface InputControl {
  /** The latest message asks for a button, not text: the composer is disabled. */
  disabled: boolean;
  /** The composer's placeholder the latest message asks for, or null for the usual one. */
  placeholder: string | null;
}

/** `previous` is returned when it says the same: a message that changes nothing re-renders no composer. */
export function inputControl(messages: readonly ChatMessage[], previous?: InputControl): InputControl {
  let control: InputControl = { disabled: false, placeholder: null };
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.fromVisitor || message.kind === 'info') continue;
    const attributes = message.attributes ?? {};
    const placeholder =
      typeof attributes.inputMessagePlaceholder === 'string' && attributes.inputMessagePlaceholder.trim() ? attributes.inputMessagePlaceholder.trim() : null;
    control = { disabled: attributes.disableInputMessage === true, placeholder };
    break;
  }
  return previous && previous.disabled === control.disabled && previous.placeholder === control.placeholder ? previous : control;
}
