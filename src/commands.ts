import type { ChatListener, WidgetErrorDetail, WidgetEventName } from './state/events.ts';
import type { WidgetInstance } from './widget.ts';

/**
 * `Porchlight('name', …args)`: the script tag's commands, mapped onto the instance's methods.
 * Arguments come from page code, so each is checked before use.
 */
export function dispatchCommand(instance: WidgetInstance, reportError: (detail: WidgetErrorDetail) => void, name: string, args: unknown[]): unknown {
  const [first, second] = args;
  switch (name) {
    case 'open':
    case 'close':
    case 'toggle':
    case 'show':
    case 'hide':
    case 'destroy':
    case 'reset':
      return instance[name]();
    case 'sendMessage':
      return typeof first === 'string' ? instance.sendMessage(first) : undefined;
    case 'setUser':
      return first && typeof first === 'object' ? instance.setUser(first) : undefined;
    case 'setLocale':
      return typeof first === 'string' ? instance.setLocale(first) : undefined;
    case 'on':
      return typeof first === 'string' && typeof second === 'function'
        ? instance.on(first as WidgetEventName, second as ChatListener<WidgetEventName>)
        : undefined;
    case 'off':
      return typeof first === 'string'
        ? instance.off(first as WidgetEventName, typeof second === 'function' ? (second as ChatListener<WidgetEventName>) : undefined)
        : undefined;
    case 'update':
      return first && typeof first === 'object' ? instance.update(first) : undefined;
    default:
      reportError({ type: 'command', message: `unknown command ${String(name)}` });
      return undefined;
  }
}
