import { thrownText } from './commandQueue.ts';
import type { ChatListener, WidgetErrorDetail, WidgetEventName } from './client/platform/events.ts';
import type { runOfficial } from './officialNames.ts';
import type { WidgetInstance } from './widget.ts';

// The public instance comes with the page's commands (instance.ts): the script tag's page has no other way to it.
export { instanceOf } from './instance.ts';

/** What the official widget's names need from the page and the widget (officialNames.ts). */
export interface CommandContext {
  win: Window & typeof globalThis;
  /** The visitor's custom attributes now. */
  attributes(): Record<string, unknown> | null;
  /** Start-up is done (`onInit` handlers run then, or at once when they come later). */
  ready: Promise<void>;
}

/** A name Porchlight's own commands do not know (the official names may). */
export const NOT_OURS = Symbol('not ours');
export type RunOwn = (name: string, args: unknown[]) => unknown;

const OUR_EVENTS = /^(ready|open|close|error|message:(sent|received)|unread:change|conversation:started)$/;

/**
 * Porchlight's own commands, mapped onto the instance's methods; NOT_OURS for any other name, or
 * for arguments only the official names take (`sendMessage({text})`, `on('onOpen', fn)`).
 * Arguments come from page code, so each is checked before use.
 */
function runOwn(instance: WidgetInstance, name: string, args: unknown[]): unknown {
  const [first, second] = args;
  switch (name) {
    case 'open':
    case 'close':
    case 'toggle':
    case 'show':
    case 'hide':
    case 'destroy':
    case 'reset':
    case 'logout':
      return instance[name]();
    case 'sendMessage':
      return typeof first === 'string' ? instance.sendMessage(first) : first && typeof first === 'object' ? NOT_OURS : undefined;
    case 'signInWithCustomToken':
      return instance.signInWithCustomToken(typeof first === 'string' ? first : '');
    case 'setUser':
      return first && typeof first === 'object' ? instance.setUser(first) : undefined;
    case 'setLocale':
      return typeof first === 'string' ? instance.setLocale(first) : undefined;
    case 'on':
      if (typeof first !== 'string' || typeof second !== 'function') return undefined;
      return OUR_EVENTS.test(first) ? instance.on(first as WidgetEventName, second as ChatListener<WidgetEventName>) : NOT_OURS;
    case 'off':
      return typeof first === 'string'
        ? instance.off(first as WidgetEventName, typeof second === 'function' ? (second as ChatListener<WidgetEventName>) : undefined)
        : undefined;
    case 'update':
      return first && typeof first === 'object' ? instance.update(first) : undefined;
    case 'openConversation':
      return typeof first === 'string' ? instance.openConversation(first) : undefined;
    case 'showHome':
      return instance.showHome();
    default:
      return NOT_OURS;
  }
}

/**
 * `Porchlight('name', …args)` (and `Tiledesk('name', …)`), a chunk of its own: a first open the page
 * never commands does not download it (commandQueue.ts holds the calls made before it is here).
 * Porchlight's own commands run at once.
 * The official widget's names (officialNames.ts) come in a chunk of their own, fetched at the
 * first name Porchlight does not know: from then on every command waits its turn behind it, so
 * the page's calls keep their order (their return values are then not handed back).
 */
export function createDispatcher(
  instance: WidgetInstance,
  reportError: (detail: WidgetErrorDetail) => void,
  context: CommandContext,
): (name: string, args: unknown[]) => unknown {
  const own: RunOwn = (name, args) => runOwn(instance, name, args);
  let behind: Promise<{ runOfficial: typeof runOfficial } | null> | null = null;
  return (name, args) => {
    if (!behind) {
      const result = own(name, args);
      if (result !== NOT_OURS) return result;
      behind = import('./officialNames.ts').catch((error: unknown) => {
        reportError({ type: 'load', message: String(error) });
        return null;
      });
    }
    behind = behind.then((official) => {
      try {
        const result = own(name, args);
        if (result !== NOT_OURS) return official;
        if (!official?.runOfficial({ instance, own, context }, name, args)) reportError({ type: 'command', message: `unknown command ${name}` });
      } catch (error) {
        // A bad call (arguments that throw when read), as commandQueue.ts reports one.
        reportError({ type: 'config', message: thrownText(error) });
      }
      return official;
    });
    return undefined;
  };
}
