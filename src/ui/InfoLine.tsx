import type { ChatMessage } from '../state/chatMessage.ts';
import { isolateInText } from '../state/displayName.ts';
import { useT } from './context.ts';

/** A centred line for a known service event (conversation closed, an agent joined). */
export function InfoLine({ message }: { message: ChatMessage }) {
  const t = useT();
  // The parameters are names inside a sentence: each is isolated (FSI…PDI) from the words around it.
  const params = Object.fromEntries(Object.entries(message.infoParams ?? {}).map(([key, value]) => [key, isolateInText(value)]));
  return (
    <li part="message message-info" class="message-info">
      <span>{t(message.infoLabel ?? '', params)}</span>
    </li>
  );
}
