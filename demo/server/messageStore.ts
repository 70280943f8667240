/**
 * Storing a message: `messageService.create` with the model's defaults. Every message of the demo
 * (visitors, agents, the bot, the system's info messages) goes through here, so the websocket and
 * the bot hear about it through the store's `message.create` event.
 */
import { MessageStatus } from '../../src/api/wire.ts';
import { objectId } from './ids.ts';
import type { Store } from './store.ts';
import { nowIso } from './store.ts';
import type { MessageDoc } from './types.ts';

export interface NewMessage {
  sender: string;
  senderFullname?: string;
  recipient: string;
  id_project: string;
  createdBy?: string;
  status?: number;
  text?: string;
  type?: string;
  attributes?: MessageDoc['attributes'];
  metadata?: MessageDoc['metadata'];
  language?: string;
  channel?: { name: string };
}

/** `messageService.create` + the model defaults; emits `message.create` for the websocket and the bot. */
export function createMessage(store: Store, spec: NewMessage): MessageDoc {
  const now = nowIso();
  const message: MessageDoc = {
    _id: objectId(),
    sender: spec.sender,
    senderFullname: spec.senderFullname || 'Guest',
    recipient: spec.recipient,
    type: spec.type || 'text',
    channel_type: 'group',
    text: spec.text,
    id_project: spec.id_project,
    createdBy: spec.createdBy || spec.sender,
    status: spec.status ?? MessageStatus.RECEIVED,
    channel: spec.channel ?? { name: 'chat21' },
    language: spec.language,
    attributes: spec.attributes,
    metadata: spec.metadata,
    createdAt: now,
    updatedAt: now,
    __v: 0,
  };
  store.data.messages.push(message);
  store.changed();
  const request = store.request(spec.recipient, spec.id_project);
  if (request) store.emit('message.create', message, request);
  return message;
}
