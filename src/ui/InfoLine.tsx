import type { ChatMessage } from '../state/chatMessage.ts';
import { translator, useWidget } from './context.ts';

// Stands in for each parameter in the translated sentence, so the names can be put back as elements.
const SLOT = '\uE000';

/**
 * A centred line for a known service event (conversation closed, an agent joined). Its parameters
 * are names inside a sentence: each is rendered in its own `<bdi>`, isolated from the words around it.
 * `quiet`: not news, the log does not announce it.
 */
export function InfoLine({ message, quiet = false }: { message: Pick<ChatMessage, 'infoLabel' | 'infoParams'> & { key?: string }; quiet?: boolean }) {
  const widget = useWidget();
  const t = translator(widget);
  const values = Object.values(message.infoParams ?? {});
  const slots = Object.fromEntries(Object.keys(message.infoParams ?? {}).map((key, i) => [key, `${SLOT}${i}${SLOT}`]));
  const parts = (message.infoLabel ? t(message.infoLabel, slots) : '').split(SLOT);
  return (
    <li part="message message-info" class={`message-info${quiet ? '' : ' is-news'}`} data-key={message.key} aria-live={quiet ? 'off' : undefined}>
      <span>{parts.map((part, i) => (i % 2 && values[Number(part)] !== undefined ? <bdi key={i}>{values[Number(part)]}</bdi> : part))}</span>
    </li>
  );
}
