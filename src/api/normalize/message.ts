import type { Attachment, AttachmentButton, GalleryCard, MessageAttributes, MessageCommand, MessageMetadata, MessagePart, WireMessage } from '../wire.ts';
import { bool, id, isoTime, isRecord, name, num, optionalList, pick, record, text, time, type Coerce, type Json } from './guards.ts';

/**
 * Messages as the widget may use them. The rules:
 * - not an object, or no `_id` (string or number) → skipped: without an id it cannot be merged,
 *   deduplicated or told apart from the next poll's copy;
 * - `sender`, `recipient`, `senderFullname`, `text` → strings ('' when missing; a number `7` → "7");
 * - `type` `text`/`image`/`file` kept; a missing type is `text`; any other type is shown as text;
 * - a text message with nothing to show (no text, buttons, gallery, script or info label) is
 *   skipped rather than drawn as an empty bubble (so is an unknown type without text);
 * - `createdAt` → always a date `Date.parse` reads: a missing or broken one takes the time of the
 *   dated message before it in the list (so the service's order holds), else `fallbackTime`;
 * - `attributes` and `metadata`: the keys the widget reads are coerced to their types (or dropped),
 *   other keys are kept as they came (`unknown` to the type system);
 * - the record's other fields (status, channel, language, …) are not used by the widget: dropped.
 * Nothing here throws.
 */

const TYPES = ['text', 'image', 'file'];

const button: Coerce<AttachmentButton> = (value) =>
  isRecord(value) && id(value.type)
    ? pick<AttachmentButton>(value, { type: id, value: text, link: text, target: text, action: text, show_echo: bool })
    : undefined;

const buttons = optionalList(button);

const card: Coerce<GalleryCard> = (value) => {
  if (!isRecord(value)) return undefined;
  const out = pick<GalleryCard>(value, { title: text, description: text, buttons });
  const src = isRecord(value.preview) ? text(value.preview.src) : undefined;
  if (src !== undefined) out.preview = { src };
  return out;
};

const attachment: Coerce<Attachment> = (value) => (isRecord(value) ? pick<Attachment>(value, { type: text, buttons, gallery: optionalList(card) }) : undefined);

/** Label parameters are names and words: texts only. */
const parameters: Coerce<Record<string, string>> = (value) => {
  const out = record(value);
  if (out) for (const key of Object.keys(out)) if ((out[key] = name(out[key])) === undefined) delete out[key];
  return out as Record<string, string> | undefined;
};

const messagelabel: Coerce<NonNullable<MessageAttributes['messagelabel']>> = (value) => (isRecord(value) ? pick(value, { key: text, parameters }) : undefined);

export const metadata: Coerce<MessageMetadata> = (value) => {
  const out = record(value);
  return out && pick<MessageMetadata>(out, { src: text, width: num, height: num, name: text, type: text, size: num }, out);
};

function part(value: unknown): MessagePart | undefined {
  if (!isRecord(value)) return undefined;
  const out: MessagePart = { text: text(value.text) ?? '', type: text(value.type) ?? 'text' };
  const meta = metadata(value.metadata);
  // A part never carries a script of its own: dropped before anything else, so no nesting of
  // scripts, however deep, makes this recurse.
  const rawAttributes = record(value.attributes);
  if (rawAttributes) delete rawAttributes.commands;
  const attrs = attributes(rawAttributes);
  if (meta) out.metadata = meta;
  if (attrs) out.attributes = attrs;
  return out;
}

function command(value: unknown): MessageCommand | undefined {
  if (!isRecord(value)) return undefined;
  if (value.type === 'wait') return { type: 'wait', time: num(value.time) ?? 0 };
  const message = value.type === 'message' ? part(value.message) : undefined;
  return message && { type: 'message', message };
}

const ATTRIBUTES: { [K in keyof MessageAttributes]?: Coerce<MessageAttributes[K]> } = {
  tempUID: id,
  clienttimestamp: num,
  attachment,
  subtype: text,
  disableInputMessage: bool,
  inputMessagePlaceholder: text,
  updateUserEmail: text,
  updateUserFullname: name,
  messagelabel,
  action: text,
  commands: optionalList(command),
};

export function attributes(value: unknown): MessageAttributes | undefined {
  const out = record(value);
  return out && pick<MessageAttributes>(out, ATTRIBUTES, out);
}

function hasContent(message: WireMessage): boolean {
  const a = message.attributes;
  return !!(
    message.text.trim() ||
    a?.attachment?.buttons?.length ||
    a?.attachment?.gallery?.length ||
    (a?.commands as unknown[] | undefined)?.length ||
    a?.subtype?.startsWith('info')
  );
}

/** One message record, or null when it is skipped (see the rules above). */
export function normalizeMessage(value: unknown, fallbackTime: number = Date.now()): WireMessage | null {
  const _id = isRecord(value) ? id(value._id) : undefined;
  if (!_id) return null;
  const raw = value as Json;
  const type = text(raw.type) ?? 'text';
  const message = pick<WireMessage>(
    raw,
    { attributes, metadata },
    {
      _id,
      sender: id(raw.sender) ?? '',
      senderFullname: name(raw.senderFullname) ?? '',
      recipient: id(raw.recipient) ?? '',
      type: TYPES.includes(type) ? type : 'text',
      text: text(raw.text) ?? '',
      createdAt: isoTime(raw.createdAt) ?? new Date(time(fallbackTime) ?? 0).toISOString(),
    },
  );
  return message.type !== 'text' || hasContent(message) ? message : null;
}

/**
 * A history (`GET …/messages`, a websocket snapshot): not an array → []. A message without a
 * usable date takes the time of the dated record before it (or, at the start, of the first one
 * after it), so it stays where the service put it when the history is sorted by time. `after`: the
 * newest message already held, when `value` is what follows it (a poll's answer that only grew): its
 * time is the time before the first of these (the same as a whole reading unless the record before
 * them was one skipped, with a date of its own, and the first of them has none).
 */
export function normalizeMessages(value: unknown, fallbackTime: number = Date.now(), after?: WireMessage): WireMessage[] {
  const reader = historyReader(fallbackTime, after);
  if (Array.isArray(value)) for (const item of value) reader.read(item);
  return reader.messages;
}

/** Reads a history one record at a time (one rule for the whole and the sliced reading). */
export function historyReader(fallbackTime: number, after?: WireMessage) {
  const messages: WireMessage[] = [];
  /** Undated messages before the first dated one: they take its time when it comes. */
  const leading: WireMessage[] = [];
  let previous = after ? time(after.createdAt) : undefined;
  return {
    messages,
    read(item: unknown) {
      const own = isRecord(item) ? time(item.createdAt) : undefined;
      const message = normalizeMessage(item, own ?? previous ?? fallbackTime);
      if (message) messages.push(message);
      if (own === undefined) {
        if (message && previous === undefined) leading.push(message);
        return;
      }
      if (previous === undefined) for (const early of leading.splice(0)) early.createdAt = new Date(own).toISOString();
      previous = own;
    },
  };
}
