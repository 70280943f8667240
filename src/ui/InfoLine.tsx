import type { ChatMessage } from '../state/chatMessage.ts';
import { useT } from './context.ts';

/** A centred line for a known service event (conversation closed, an agent joined). */
export function InfoLine({ message }: { message: ChatMessage }) {
  const t = useT();
  return (
    <li part="message message-info" class="message-info">
      <span>{t(message.infoLabel ?? '', message.infoParams ?? {})}</span>
    </li>
  );
}
