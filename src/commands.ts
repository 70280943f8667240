import { messageText, officialCommand, officialEvent, officialEvents } from './officialNames.ts';
import type { ChatListener, WidgetErrorDetail, WidgetEventName } from './state/events.ts';
import type { WidgetInstance } from './widget.ts';

/** What the official names need from the page and the widget (officialNames.ts). */
export interface CommandContext {
  win: Window & typeof globalThis;
  /** The visitor's custom attributes now. */
  attributes(): Record<string, unknown> | null;
}

/**
 * `on(event, fn)` for a Porchlight event, or an official one (`onOpen`): the official handler gets
 * an event object as the official widget gives it. Returns the unsubscribe function.
 */
function listen(instance: WidgetInstance, context: CommandContext | undefined, event: string, fn: (detail: unknown) => void): () => void {
  const official = officialEvents(event);
  if (!official || !context) return instance.on(event as WidgetEventName, fn as ChatListener<WidgetEventName>);
  const stops = official.map((name) => instance.on(name, (detail: unknown) => fn(officialEvent(context.win, event, detail))));
  return () => stops.forEach((stop) => stop());
}

/**
 * `Porchlight('name', …args)` (and `Tiledesk('name', …)`): the script tag's commands, mapped onto
 * the instance's methods, the official widget's names included. Arguments come from page code, so
 * each is checked before use.
 */
export function dispatchCommand(
  instance: WidgetInstance,
  reportError: (detail: WidgetErrorDetail) => void,
  name: string,
  args: unknown[],
  context?: CommandContext,
): unknown {
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
    case 'sendMessage': {
      const text = messageText(first);
      return text === null ? undefined : instance.sendMessage(text);
    }
    case 'signInWithCustomToken':
      return instance.signInWithCustomToken(typeof first === 'string' ? first : '');
    case 'setUser':
      return first && typeof first === 'object' ? instance.setUser(first) : undefined;
    case 'setLocale':
      return typeof first === 'string' ? instance.setLocale(first) : undefined;
    case 'on':
      return typeof first === 'string' && typeof second === 'function' ? listen(instance, context, first, second as (detail: unknown) => void) : undefined;
    case 'off':
      return typeof first === 'string'
        ? instance.off(first as WidgetEventName, typeof second === 'function' ? (second as ChatListener<WidgetEventName>) : undefined)
        : undefined;
    case 'update':
      return first && typeof first === 'object' ? instance.update(first) : undefined;
  }
  // The official widget's names: `Tiledesk('onOpen', fn)` listens, `Tiledesk('dispose')` is destroy, …
  if (officialEvents(name) && typeof first === 'function') return listen(instance, context, name, first as (detail: unknown) => void);
  const mapped = officialCommand(name, args, context?.attributes() ?? null);
  if (mapped) return dispatchCommand(instance, reportError, mapped.name, mapped.args, context);
  reportError({ type: 'command', message: `unknown command ${String(name)}` });
  return undefined;
}
