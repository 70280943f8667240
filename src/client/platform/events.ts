import type { WireMessage } from '../../api/wire.ts';

/**
 * The detail of `error` (`porchlight:error`): what failed (`type`: auth, send, render, upload, …)
 * and in words (`message`); for some, the label key of the reason the visitor sees (`reason`), the
 * HTTP status, the message concerned (`tempUID`) or the limit it broke.
 */
export interface WidgetErrorDetail {
  type: string;
  message: string;
  reason?: string;
  status?: number;
  tempUID?: string;
  /** A message not sent yet (`type: 'send'`) that is tried again by itself: fired at its first failed attempt only. */
  retrying?: boolean;
  limit?: number;
}

/** The public events and what each hands its listeners; each is also `porchlight:<event>` on `window`. */
export interface ChatEvents {
  ready: undefined;
  open: undefined;
  close: undefined;
  /** The message as the service stored it. */
  'message:sent': WireMessage;
  /** A message from the other side (agent, bot); in the leading tab only. */
  'message:received': WireMessage;
  /** The unread count now. */
  'unread:change': number;
  'conversation:started': { requestId: string };
  error: WidgetErrorDetail;
}

export type WidgetEventName = keyof ChatEvents;

export type ChatListener<E extends WidgetEventName> = (detail: ChatEvents[E]) => void;

/** `emit('open')` takes no detail, `emit('unread:change', 3)` must have one. */
type DetailArgs<E extends WidgetEventName> = ChatEvents[E] extends undefined ? [] : [detail: ChatEvents[E]];

export interface Emitter {
  on<E extends WidgetEventName>(event: E, listener: ChatListener<E>): () => void;
  off<E extends WidgetEventName>(event: E, listener?: ChatListener<E>): void;
  emit<E extends WidgetEventName>(event: E, ...detail: DetailArgs<E>): void;
  clear(): void;
}

type AnyListener = (detail: unknown) => void;

export function createEmitter(target: EventTarget | null): Emitter {
  const listeners = new Map<string, Set<AnyListener>>();
  const emitter: Emitter = {
    on(event, listener) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener as AnyListener);
      return () => emitter.off(event, listener);
    },
    off(event, listener) {
      if (listener) listeners.get(event)?.delete(listener as AnyListener);
      else listeners.delete(event);
    },
    emit(event, ...[detail]) {
      for (const listener of [...(listeners.get(event) ?? [])]) {
        // One broken host listener must not stop the others or the widget.
        try {
          listener(detail);
        } catch (error) {
          queueMicrotask(() => {
            throw error;
          });
        }
      }
      if (target && typeof CustomEvent === 'function') {
        target.dispatchEvent(new CustomEvent(`porchlight:${event}`, { detail }));
      }
    },
    clear() {
      listeners.clear();
    },
  };
  return emitter;
}
