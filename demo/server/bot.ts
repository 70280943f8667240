/**
 * Porch Bot, the demo bot. It answers, after a short human-like pause:
 * - every visitor message in a conversation routed to its department;
 * - visitor messages starting with `/` in any conversation (`/help` lists them);
 * - with `botWelcome` on, the first message of every other new conversation.
 * Its replies show the widget's rich kinds: image, buttons, disabled input, placeholder, markdown.
 */
import type { MessageAttributes, MessageMetadata } from '../../src/api/wire.ts';
import { MessageStatus, RequestStatus } from '../../src/api/wire.ts';
import { createMessage } from './messages.ts';
import { SAMPLE_HEIGHT, SAMPLE_WIDTH } from './png.ts';
import { noteFirstResponse } from './routing.ts';
import type { Store } from './store.ts';
import type { BotDoc, MessageDoc, RequestDoc } from './types.ts';

export interface Reply {
  text: string;
  type?: string;
  attributes?: MessageAttributes;
  metadata?: MessageMetadata;
}

export interface BotOptions {
  store: Store;
  /** Where `/demo-assets/sample.png` is served, e.g. http://127.0.0.1:3000 */
  assetOrigin: () => string;
  /** Pause before each reply, in ms; default 300–800. */
  delayMs?: [number, number];
}

export const HELP_TEXT = [
  'I am Porch Bot, the Porchlight demo bot. Try:',
  '/image: a picture',
  '/buttons: text, link and action buttons',
  '/disable: turn your input off (a button turns it back on)',
  '/placeholder: change the input placeholder',
  '/markdown: formatted text',
  '/info: an info line instead of a bubble',
  '/help: this list',
].join('\n');

const MARKDOWN_TEXT = [
  'Markdown sample:',
  '**bold**, _italic_, `code` and a [link](https://example.com).',
  '',
  '- first item',
  '- second item',
].join('\n');

/** The reply to a `/command`, or to a button's `action`. */
export function commandReply(command: string, assetOrigin: string): Reply {
  switch (command.toLowerCase()) {
    case '/help':
      return { text: HELP_TEXT };
    case '/image':
      return {
        text: 'Our porch light at dusk',
        type: 'image',
        metadata: { src: `${assetOrigin}/demo-assets/sample.png`, width: SAMPLE_WIDTH, height: SAMPLE_HEIGHT, name: 'sample.png', type: 'image/png' },
      };
    case '/buttons':
      return {
        text: 'Pick one:',
        attributes: {
          attachment: {
            type: 'template',
            buttons: [
              { type: 'text', value: 'Tell me more' },
              { type: 'url', value: 'Open example.com', link: 'https://example.com', target: 'blank' },
              { type: 'action', value: 'Talk to a human', action: 'handoff', show_echo: true },
            ],
          },
        },
      };
    case '/disable':
      return {
        text: 'Your input is off until you press the button.',
        attributes: { disableInputMessage: true, attachment: { type: 'template', buttons: [{ type: 'text', value: '/enable' }] } },
      };
    case '/enable':
      return { text: 'Your input is back on. Type away!' };
    case '/placeholder':
      return { text: 'What is your order number?', attributes: { inputMessagePlaceholder: 'e.g. PL-1234' } };
    case '/markdown':
      return { text: MARKDOWN_TEXT };
    case '/info':
      return { text: 'The conversation was reopened', attributes: { subtype: 'info', messagelabel: { key: 'INFO_SUPPORT_CHAT_REOPENED' } } };
    default:
      return { text: `I do not know ${command}. Type /help to see what I can do.` };
  }
}

function welcome(request: RequestDoc): Reply {
  return request.status === RequestStatus.ASSIGNED
    ? { text: 'Thanks! An agent will reply shortly… Meanwhile, type /help to play with the demo bot.' }
    : { text: 'Thanks for your message! Nobody is online right now, an agent will reply as soon as possible.' };
}

/** The visitor's user id: only their messages make the bot speak. */
function visitorId(store: Store, request: RequestDoc): string | undefined {
  const requester = store.projectUser(request.requester);
  return requester?.uuid_user ?? requester?.id_user ?? store.lead(request.lead)?.lead_id;
}

function projectBot(store: Store, projectId: string): BotDoc | undefined {
  return store.data.bots.find((b) => b.id_project === projectId && !b.trashed);
}

/** Decides what the bot says to a message (maybe nothing). */
export function repliesTo(store: Store, message: MessageDoc, request: RequestDoc, assetOrigin: string): Reply[] {
  if (message.attributes?.subtype === 'info' || message.sender !== visitorId(store, request)) return [];
  const bot = projectBot(store, request.id_project);
  if (!bot || request.status === RequestStatus.CLOSED) return [];
  const botRouted = request.participantsBots.includes(bot._id);
  const isFirst = store.messagesOf(request.request_id, request.id_project).length === 1;
  const text = message.text?.trim() ?? '';
  const replies: Reply[] = [];
  if (isFirst && !botRouted && store.data.demo.botWelcome) replies.push(welcome(request));
  if (text.startsWith('/')) replies.push(commandReply(text.split(/\s+/)[0] ?? text, assetOrigin));
  else if (message.attributes?.action) replies.push({ text: `Action "${String(message.attributes.action)}" received: a human will take over soon.` });
  else if (botRouted) replies.push({ text: 'Hi, I am Porch Bot! Type /help to see what I can show you.' });
  return replies;
}

/** Subscribes the bot to new messages; returns a function that stops it. */
export function startBot(options: BotOptions): () => void {
  const { store } = options;
  const [minDelay, maxDelay] = options.delayMs ?? [300, 800];
  const timers = new Set<NodeJS.Timeout>();
  const queues = new Map<string, Promise<void>>();

  const pause = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, minDelay + Math.random() * (maxDelay - minDelay));
      timers.add(timer);
    });

  const send = (request: RequestDoc, reply: Reply) => {
    const live = store.request(request.request_id, request.id_project);
    const bot = projectBot(store, request.id_project);
    if (!live || !bot) return; // reset meanwhile
    createMessage(store, { ...reply, sender: `bot_${bot._id}`, senderFullname: bot.name, recipient: live.request_id, id_project: live.id_project, status: MessageStatus.SENDING });
    if (live.participants.includes(`bot_${bot._id}`)) noteFirstResponse(store, live);
  };

  const stopListening = store.on('message.create', (message, request) => {
    const replies = repliesTo(store, message, request, options.assetOrigin());
    if (replies.length === 0) return;
    // One queue per conversation keeps the bot's replies in order.
    const previous = queues.get(request.request_id) ?? Promise.resolve();
    const next = replies.reduce((chain, reply) => chain.then(pause).then(() => send(request, reply)), previous);
    queues.set(request.request_id, next.catch((err) => console.error('[demo] bot reply failed', err)));
  });

  const stopReset = store.on('reset', () => queues.clear());
  return () => {
    stopListening();
    stopReset();
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
  };
}
