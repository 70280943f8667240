import type { Attachment, AttachmentButton, GalleryCard, MessageAttributes, MessageCommand, MessageMetadata, MessagePart, WireMessage } from '../wire.ts';
import { bool, id, isoTime, isRecord, listOf, num, put, record, text, time } from './guards.ts';

/**
 * Messages as the widget may use them. The rules, in order:
 * - not an object, or no `_id` (string or number) → skipped: without an id it cannot be merged,
 *   deduplicated or told apart from the next poll's copy;
 * - `sender`, `recipient`, `senderFullname`, `text` → strings ('' when missing; a number `7` → "7");
 * - `type` `text`/`image`/`file` kept; a missing type is `text`; any other type is shown as text
 *   when there is something to show, else the message is skipped;
 * - a `text` message with nothing to show (no text, buttons, gallery, script or info label) is
 *   skipped rather than drawn as an empty bubble;
 * - `createdAt` → always a date `Date.parse` reads: a missing or broken one takes the time of the
 *   message before it in the list (so the service's order holds), else `fallbackTime`;
 * - `attributes` and `metadata`: the keys the widget reads are coerced to their types (or dropped),
 *   other keys are kept as they came (`unknown` to the type system).
 * Nothing here throws.
 */

const TYPES = new Set(['text', 'image', 'file']);
const NAME_MAX = 200;
const MAX_BUTTONS = 20;
const MAX_CARDS = 12;
const MAX_COMMANDS = 60;

function button(value: unknown): AttachmentButton | undefined {
  if (!isRecord(value)) return undefined;
  const type = text(value.type, 40);
  if (!type) return undefined;
  const out: AttachmentButton = { type };
  put(out, 'value', text(value.value, 4000));
  put(out, 'link', text(value.link, 4000));
  put(out, 'target', text(value.target, 40));
  put(out, 'action', text(value.action, 4000));
  put(out, 'show_echo', bool(value.show_echo));
  return out;
}

function buttons(value: unknown): AttachmentButton[] | undefined {
  return Array.isArray(value) ? listOf(value, button, MAX_BUTTONS) : undefined;
}

function card(value: unknown): GalleryCard | undefined {
  if (!isRecord(value)) return undefined;
  const out: GalleryCard = {};
  put(out, 'title', text(value.title, 1000));
  put(out, 'description', text(value.description, 4000));
  const src = isRecord(value.preview) ? text(value.preview.src, 8000) : undefined;
  if (src !== undefined) out.preview = { src };
  put(out, 'buttons', buttons(value.buttons));
  return out;
}

function attachment(value: unknown): Attachment | undefined {
  if (!isRecord(value)) return undefined;
  const out: Attachment = {};
  put(out, 'type', text(value.type, 40));
  put(out, 'buttons', buttons(value.buttons));
  if (Array.isArray(value.gallery)) out.gallery = listOf(value.gallery, card, MAX_CARDS);
  return out;
}

function messageLabel(value: unknown): MessageAttributes['messagelabel'] {
  if (!isRecord(value)) return undefined;
  const out: NonNullable<MessageAttributes['messagelabel']> = {};
  put(out, 'key', text(value.key, 100));
  if (isRecord(value.parameters)) {
    const parameters: Record<string, string> = {};
    for (const [name, raw] of Object.entries(value.parameters)) {
      const v = text(raw, NAME_MAX);
      if (v !== undefined && name !== '__proto__') parameters[name] = v;
    }
    out.parameters = parameters;
  }
  return out;
}

function part(value: unknown): MessagePart | undefined {
  if (!isRecord(value)) return undefined;
  const out: MessagePart = { text: text(value.text) ?? '', type: text(value.type, 40) ?? 'text' };
  put(out, 'metadata', metadata(value.metadata));
  // A part never carries a script of its own.
  const attrs = attributes(value.attributes);
  if (attrs) {
    delete attrs.commands;
    out.attributes = attrs;
  }
  return out;
}

function command(value: unknown): MessageCommand | undefined {
  if (!isRecord(value)) return undefined;
  if (value.type === 'wait') return { type: 'wait', time: num(value.time) ?? 0 };
  if (value.type !== 'message') return undefined;
  const message = part(value.message);
  return message ? { type: 'message', message } : undefined;
}

export function attributes(value: unknown): MessageAttributes | undefined {
  const out: MessageAttributes | undefined = record(value);
  if (!out) return undefined;
  // Every key the widget reads is replaced by its coerced value or removed.
  const typed: Partial<MessageAttributes> = {
    tempUID: id(out.tempUID),
    clienttimestamp: num(out.clienttimestamp),
    attachment: attachment(out.attachment),
    subtype: text(out.subtype, 40),
    disableInputMessage: bool(out.disableInputMessage),
    inputMessagePlaceholder: text(out.inputMessagePlaceholder, 500),
    updateUserEmail: text(out.updateUserEmail, 320),
    updateUserFullname: text(out.updateUserFullname, NAME_MAX),
    messagelabel: messageLabel(out.messagelabel),
    action: text(out.action, 4000),
    commands: Array.isArray(out.commands) ? (listOf(out.commands, command, MAX_COMMANDS) satisfies MessageCommand[]) : undefined,
  };
  for (const [key, v] of Object.entries(typed)) {
    if (v === undefined) delete out[key];
    else out[key] = v;
  }
  return out;
}

export function metadata(value: unknown): MessageMetadata | undefined {
  const out: MessageMetadata | undefined = record(value);
  if (!out) return undefined;
  const typed: Partial<MessageMetadata> = {
    src: text(out.src, 8000),
    width: num(out.width),
    height: num(out.height),
    name: text(out.name, 1000),
    type: text(out.type, 200),
    size: num(out.size),
  };
  for (const [key, v] of Object.entries(typed)) {
    if (v === undefined) delete out[key];
    else out[key] = v;
  }
  return out;
}


function hasContent(message: Pick<WireMessage, 'text' | 'attributes'>): boolean {
  const a = message.attributes;
  return (
    message.text.trim() !== '' ||
    !!a?.attachment?.buttons?.length ||
    !!a?.attachment?.gallery?.length ||
    (Array.isArray(a?.commands) && a.commands.length > 0) ||
    a?.subtype === 'info' ||
    a?.subtype === 'info/support'
  );
}

/** One message record, or null when it is skipped (see the rules above). */
export function normalizeMessage(value: unknown, fallbackTime: number = Date.now()): WireMessage | null {
  if (!isRecord(value)) return null;
  const _id = id(value._id);
  if (!_id) return null;
  const rawType = text(value.type, 40);
  const known = rawType === undefined || TYPES.has(rawType);
  const message: WireMessage = {
    _id,
    sender: id(value.sender) ?? '',
    senderFullname: text(value.senderFullname, NAME_MAX) ?? '',
    recipient: id(value.recipient) ?? '',
    type: known && rawType ? (rawType as WireMessage['type']) : 'text',
    text: text(value.text) ?? '',
    createdAt: isoTime(value.createdAt) ?? new Date(time(fallbackTime) ?? 0).toISOString(),
  };
  put(message, 'attributes', attributes(value.attributes));
  put(message, 'metadata', metadata(value.metadata));
  put(message, 'status', num(value.status));
  put(message, 'channel_type', text(value.channel_type, 40));
  put(message, 'id_project', id(value.id_project));
  put(message, 'language', text(value.language, 40));
  put(message, 'updatedAt', isoTime(value.updatedAt));
  if (message.type === 'text' && !hasContent(message)) return null;
  return message;
}

/**
 * A history (`GET …/messages`, a websocket snapshot): not an array → []. A message without a
 * usable date takes the time of the dated one before it (or, at the start, after it), so it stays
 * where the service put it when the history is sorted by time.
 */
export function normalizeMessages(value: unknown, fallbackTime: number = Date.now()): WireMessage[] {
  if (!Array.isArray(value)) return [];
  const times = value.map((item) => (isRecord(item) ? time(item.createdAt) : undefined));
  let previous = times.find((t) => t !== undefined) ?? fallbackTime;
  return listOf(value, (item, index) => {
    previous = times[index] ?? previous;
    return normalizeMessage(item, previous);
  });
}
