/**
 * Porch Bot, the demo bot. It answers, after a short human-like pause:
 * - every visitor message in a conversation routed to its department, with a "Talk to a human"
 *   button: pressed, the bot hands the conversation to the department's agents (as a bot does on
 *   the real service), who take it from the console;
 * - visitor messages starting with `/` in any conversation (`/help` lists them);
 * - visitor messages sent by an action button (`attributes.action`);
 * - with `botWelcome` on, the first message of every other new conversation.
 * Its replies show the widget's rich kinds: image, gallery, file, split messages, buttons,
 * disabled input, placeholder, markdown, info lines. It works in every project that has a bot
 * (the seed and the projects created through `POST /__demo/projects`).
 */
import type { AttachmentButton, MessageAttributes, MessageMetadata } from '../../src/api/wire.ts';
import { MessageStatus, RequestStatus } from '../../src/api/wire.ts';
import { priceListMetadata } from './demoFiles.ts';
import { createMessage } from './messageStore.ts';
import { handOffToAgents, noteFirstResponse } from './conversations.ts';
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
  /** The API origin, where `/demo-assets/…` and `/v3/files` are served, e.g. http://127.0.0.1:3000 */
  assetOrigin: () => string;
  /** Pause before each reply, in ms; default 300–800. */
  delayMs?: [number, number];
}

export const HELP_TEXT = [
  'I am Porch Bot, the Porchlight demo bot. Try:',
  '/image: a picture',
  '/gallery: a carousel of cards with buttons',
  '/file: a PDF to download',
  '/split: one message in three parts, with pauses',
  '/buttons: text, link and action buttons',
  '/action: action buttons (a hand-off, and one that shows its echo)',
  '/disable: turn your input off (a button turns it back on)',
  '/placeholder: change the input placeholder',
  '/markdown: formatted text',
  '/info: an info line instead of a bubble',
  '/help: this list',
].join('\n');

const MARKDOWN_TEXT = ['Markdown sample:', '**bold**, _italic_, `code` and a [link](https://example.com).', '', '- first item', '- second item'].join('\n');

/** The three cards of `/gallery`: the pictures are `/demo-assets/lamp-<n>.png`. */
export const GALLERY_ITEMS = [
  { slug: 'brass-lantern', title: 'Brass Lantern', description: 'Warm amber light, weatherproof brass. 89 EUR' },
  { slug: 'garden-globe', title: 'Garden Globe', description: 'A soft green glow for paths and lawns. 59 EUR' },
  { slug: 'blue-hour-sconce', title: 'Blue Hour Sconce', description: 'Cool light for porches and doors. 74 EUR' },
] as const;

export function galleryAttachment(assetOrigin: string): MessageAttributes['attachment'] {
  return {
    type: 'gallery',
    gallery: GALLERY_ITEMS.map((item, i) => ({
      preview: { src: `${assetOrigin}/demo-assets/lamp-${i + 1}.png` },
      title: item.title,
      description: item.description,
      buttons: [
        { type: 'text', value: `I want the ${item.title}` },
        { type: 'url', value: 'See details', link: `https://example.com/lamps/${item.slug}`, target: 'blank' },
      ] satisfies AttachmentButton[],
    })),
  };
}

/** `/split`: one message whose `commands` the widget replays part by part. */
export const SPLIT_COMMANDS = [
  { type: 'message', message: { text: 'First part', type: 'text' } },
  { type: 'wait', time: 800 },
  { type: 'message', message: { text: 'Second part, after a pause', type: 'text' } },
  { type: 'wait', time: 800 },
  { type: 'message', message: { text: 'Done!', type: 'text', attributes: { attachment: { type: 'template', buttons: [{ type: 'text', value: 'Thanks' }] } } } },
];

/** The way from the bot to a person: the bot hands the conversation to its department's agents. */
const TALK_TO_A_HUMAN: AttachmentButton = { type: 'action', value: 'Talk to a human', action: 'handoff' };

/** `/action`: action buttons; the bot answers their `attributes.action` (see `actionReply`). */
export const ACTION_BUTTONS: AttachmentButton[] = [TALK_TO_A_HUMAN, { type: 'action', value: 'Show me (echo)', action: 'show', show_echo: true }];

/** What the bot says to anything else in a conversation it holds: what it can do, and the way to a person. */
const BOT_GREETING: Reply = {
  text: 'Hi, I am Porch Bot! Type /help to see what I can show you, or talk to a person.',
  attributes: { attachment: { type: 'template', buttons: [TALK_TO_A_HUMAN] } },
};

/** The reply to a visitor message sent by an action button. */
export function actionReply(action: string): Reply {
  switch (action) {
    case 'handoff':
      return { text: 'Connecting you to a person…' };
    case 'show':
      return { text: 'Here you go.' };
    default:
      return { text: `Action "${action}" received: a human will take over soon.` };
  }
}

/** The reply to a `/command`. `assetOrigin` is the API origin (pictures and files). */
export function commandReply(command: string, assetOrigin: string): Reply {
  switch (command.toLowerCase()) {
    case '/help':
      return { text: HELP_TEXT };
    case '/image':
      return {
        text: 'Our porch light at dusk',
        type: 'image',
        metadata: { src: `${assetOrigin}/demo-assets/sample.png`, width: 320, height: 200, name: 'sample.png', type: 'image/png' },
      };
    case '/gallery':
      return { text: 'Our best sellers:', attributes: { attachment: galleryAttachment(assetOrigin) } };
    case '/file':
      return { text: 'Price list', type: 'file', metadata: priceListMetadata(assetOrigin) };
    case '/split':
      // `text` is the whole message for channels that do not replay the commands.
      return { text: 'First part', attributes: { commands: structuredClone(SPLIT_COMMANDS) } };
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
    case '/action':
      return { text: 'What would you like to do?', attributes: { attachment: { type: 'template', buttons: structuredClone(ACTION_BUTTONS) } } };
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
      // `messagelabel.key` is one of the service's keys (the widget words it with its own label).
      return { text: 'The conversation was reopened', attributes: { subtype: 'info', messagelabel: { key: 'CHAT_REOPENED', parameters: {} } } };
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

function isInfo(message: MessageDoc): boolean {
  return message.attributes?.subtype === 'info' || message.attributes?.subtype === 'info/support';
}

/** What the bot does about a message: its replies, then maybe hand the conversation to the agents. */
export interface BotTurn {
  replies: Reply[];
  handOff: boolean;
}

/** Decides what the bot says to a message (maybe nothing), and whether it hands off. */
export function turnFor(store: Store, message: MessageDoc, request: RequestDoc, assetOrigin: string): BotTurn {
  const none: BotTurn = { replies: [], handOff: false };
  const visitor = visitorId(store, request);
  if (message.sender !== visitor) return none;
  const action = typeof message.attributes?.action === 'string' && message.attributes.action ? message.attributes.action : undefined;
  // An action button without `show_echo` sends `subtype: "info"` (a hidden echo): still an action.
  if (isInfo(message) && !action) return none;
  const bot = projectBot(store, request.id_project);
  if (!bot || request.status === RequestStatus.CLOSED) return none;
  const botRouted = request.participantsBots.includes(bot._id);
  const isFirst = store.messagesOf(request.request_id, request.id_project).filter((m) => m.sender === visitor).length === 1;
  const text = message.text?.trim() ?? '';
  const replies: Reply[] = [];
  if (isFirst && !botRouted && store.data.demo.botWelcome) replies.push(welcome(request));
  if (action) replies.push(actionReply(action));
  else if (text.startsWith('/')) replies.push(commandReply(text.split(/\s+/)[0] ?? text, assetOrigin));
  else if (botRouted) replies.push(structuredClone(BOT_GREETING));
  return { replies, handOff: action === 'handoff' && botRouted };
}

/** Subscribes the bot to new messages; returns a function that stops it. */
export function startBot(options: BotOptions): () => void {
  const { store } = options;
  const [minDelay, maxDelay] = options.delayMs ?? [300, 800];
  const timers = new Set<NodeJS.Timeout>();
  const queues = new Map<string, Promise<void>>();

  const pause = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(
        () => {
          timers.delete(timer);
          resolve();
        },
        minDelay + Math.random() * (maxDelay - minDelay),
      );
      timers.add(timer);
    });

  const send = (request: RequestDoc, reply: Reply) => {
    const live = store.request(request.request_id, request.id_project);
    const bot = projectBot(store, request.id_project);
    // Reset meanwhile, or closed while the bot was "typing": a closed conversation stays closed.
    if (!live || !bot || live.status === RequestStatus.CLOSED) return;
    createMessage(store, {
      ...reply,
      sender: `bot_${bot._id}`,
      senderFullname: bot.name,
      recipient: live.request_id,
      id_project: live.id_project,
      status: MessageStatus.SENDING,
    });
    if (live.participants.includes(`bot_${bot._id}`)) noteFirstResponse(store, live);
  };

  const handOff = (request: RequestDoc) => {
    const live = store.request(request.request_id, request.id_project);
    if (live) handOffToAgents(store, live);
  };

  const stopListening = store.on('message.create', (message, request) => {
    const turn = turnFor(store, message, request, options.assetOrigin());
    if (turn.replies.length === 0 && !turn.handOff) return;
    // One queue per conversation keeps the bot's replies in order, the hand-off after them.
    const previous = queues.get(request.request_id) ?? Promise.resolve();
    const replied = turn.replies.reduce((chain, reply) => chain.then(pause).then(() => send(request, reply)), previous);
    const next = turn.handOff ? replied.then(() => handOff(request)) : replied;
    queues.set(
      request.request_id,
      next.catch((err) => console.error('[demo] bot reply failed', err)),
    );
  });

  const stopReset = store.on('reset', () => queues.clear());
  return () => {
    stopListening();
    stopReset();
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
  };
}
