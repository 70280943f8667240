/**
 * The official widget's names (`Tiledesk('…')`, `window.tiledesk.on('…')`) for the commands and
 * events Porchlight has an equivalent of, so a page written for it runs unchanged on
 * `window.Tiledesk` (README "Migrating from the official widget"). A chunk of its own: pages that use
 * only Porchlight's names never fetch it (commands.ts). Names it shares with Porchlight
 * (`open`, `close`, `show`, `hide`, `on`, `sendMessage`, `signInWithCustomToken`, `logout`) need no
 * entry. Arguments come from page code: each is checked, a wrong one maps to nothing.
 */
import { NOT_OURS, type CommandContext, type RunOwn } from './commands.ts';
import type { WidgetEventName } from './client/platform/events.ts';
import type { WidgetInstance } from './widget.ts';

/** A Porchlight command and its arguments. */
export interface MappedCommand {
  name: string;
  args: unknown[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The Porchlight command an official method stands for, or null when it has none. `attributes`:
 * the visitor's custom attributes now (`setAttributeParameter` sets one key of them).
 */
export function officialCommand(name: string, args: readonly unknown[], attributes: Record<string, unknown> | null): MappedCommand | null {
  const [first] = args;
  switch (name) {
    case 'dispose':
      return { name: 'destroy', args: [] };
    case 'clearStorage':
    case 'restart':
      return { name: 'reset', args: [] };
    // Settings apply live here: there is nothing more to initialise again.
    case 'reInit':
      return { name: 'update', args: [{}] };
    case 'setParameter':
      return isRecord(first) && typeof first.key === 'string' ? { name: 'update', args: [{ [first.key]: first.value }] } : null;
    case 'setPreChatForm':
      return typeof first === 'boolean' ? { name: 'update', args: [{ preChatForm: first }] } : null;
    case 'setPreChatFormJson':
      return Array.isArray(first) ? { name: 'update', args: [{ preChatFormJson: first }] } : null;
    case 'setAttributeParameter':
      return isRecord(first) && typeof first.key === 'string' ? { name: 'setUser', args: [{ attributes: { ...attributes, [first.key]: first.value } }] } : null;
    case 'sendSupportMessage':
      return { name: 'sendMessage', args: [...args] };
    default:
      return null;
  }
}

/** The text of `sendMessage`: Porchlight's string, or the official `{text}` / `{message}` object. */
export function messageText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (!isRecord(value)) return null;
  const text = value.text ?? value.message;
  return typeof text === 'string' ? text : null;
}

/** Official event → the Porchlight events it covers. */
const EVENTS: Readonly<Record<string, readonly WidgetEventName[]>> = {
  onInit: ['ready'],
  onOpen: ['open'],
  onClose: ['close'],
  onNewConversation: ['conversation:started'],
  onAfterMessageSend: ['message:sent'],
  onMessageCreated: ['message:sent', 'message:received'],
};

/** The Porchlight events of an official event name (`onOpen`), or null for a name it has none of. */
export function officialEvents(name: unknown): readonly WidgetEventName[] | null {
  return typeof name === 'string' && Object.hasOwn(EVENTS, name) ? EVENTS[name]! : null;
}

/**
 * An official handler gets a `CustomEvent` named as it asked, its `detail` shaped as the official
 * widget's: `{message}` for messages, `{newConvId}` for a new conversation, `{}` otherwise.
 */
export function officialEvent(win: Window & typeof globalThis, name: string, detail: unknown): CustomEvent {
  let shaped: Record<string, unknown> = {};
  if (name === 'onNewConversation' && isRecord(detail)) shaped = { newConvId: detail.requestId };
  else if (name === 'onAfterMessageSend' || name === 'onMessageCreated') shaped = { message: detail };
  return new win.CustomEvent(name, { detail: shaped });
}

/**
 * `on(officialEvent, fn)`: the official handler gets an event object as the official widget gives
 * it. `onInit` runs once start-up is done, even for a handler that comes later.
 */
function listen(instance: WidgetInstance, context: CommandContext, event: string, fn: (event: CustomEvent) => void): void {
  const call = (detail?: unknown) => fn(officialEvent(context.win, event, detail));
  for (const name of officialEvents(event) ?? []) {
    if (name === 'ready') void context.ready.then(() => call());
    else instance.on(name, call);
  }
}

/**
 * Runs an official name through its Porchlight equivalent; false when it has none (the caller
 * reports it). `own` runs Porchlight's own commands.
 */
export function runOfficial(o: { instance: WidgetInstance; own: RunOwn; context: CommandContext }, name: string, args: unknown[]): boolean {
  const [first, second] = args;
  if (name === 'on' && typeof first === 'string' && officialEvents(first) && typeof second === 'function') {
    listen(o.instance, o.context, first, second as (event: CustomEvent) => void);
    return true;
  }
  if (officialEvents(name) && typeof first === 'function') {
    listen(o.instance, o.context, name, first as (event: CustomEvent) => void);
    return true;
  }
  if (name === 'sendMessage') {
    const text = messageText(first);
    if (text !== null) void o.instance.sendMessage(text);
    return true;
  }
  // The official method opens the window on that conversation.
  if (name === 'openConversationById' && typeof first === 'string') {
    o.own('openConversation', [first]);
    o.own('open', []);
    return true;
  }
  const mapped = officialCommand(name, args, o.context.attributes());
  return !!mapped && o.own(mapped.name, mapped.args) !== NOT_OURS;
}

/**
 * The members of the official widget's `window.tiledesk` that Porchlight has an equivalent of, and
 * the call on `window.Tiledesk` each one is (README "Migrating from the official widget"). `open()`
 * toggles, as the official one does (`Tiledesk('open')` is Porchlight's own `open`, which only opens).
 */
const OBJECT_METHODS: Readonly<Record<string, string>> = {
  on: 'on',
  open: 'toggle',
  close: 'close',
  show: 'show',
  hide: 'hide',
  dispose: 'dispose',
  signInWithCustomToken: 'signInWithCustomToken',
  logout: 'logout',
  clearStorage: 'clearStorage',
  restart: 'restart',
  reInit: 'reInit',
  setParameter: 'setParameter',
  setPreChatForm: 'setPreChatForm',
  setPreChatFormJson: 'setPreChatFormJson',
  setAttributeParameter: 'setAttributeParameter',
  sendMessage: 'sendMessage',
  sendSupportMessage: 'sendSupportMessage',
  openConversationById: 'openConversationById',
};

/**
 * The official methods that hand back a promise: page code written for them calls `.then`, so ours
 * hand back one too — the command's own while it hands one back, else one settled at once (a call
 * that waits its turn hands back nothing, docs/public-api.md §4).
 */
const PROMISED = new Set(['signInWithCustomToken', 'logout', 'clearStorage']);

/**
 * Installs `window.tiledesk` on a page written for the official widget: a thin alias of
 * `window.Tiledesk(…)` (`command`), member by member. A `window.tiledesk` the page already has is
 * left alone.
 */
export function installOfficialObject(win: Window & { tiledesk?: unknown }, command: (name: string, ...args: unknown[]) => unknown): void {
  if (win.tiledesk !== undefined) return;
  const official: Record<string, (...args: unknown[]) => unknown> = {};
  for (const [method, name] of Object.entries(OBJECT_METHODS)) {
    official[method] = (...args) => {
      const result = command(name, ...args);
      return PROMISED.has(method) ? Promise.resolve(result) : result;
    };
  }
  win.tiledesk = official;
}
