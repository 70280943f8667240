import type { ChatMessage } from '../../state/chatMessage.ts';

/**
 * The detail of `error` (`porchlight:error`): what failed (`type`: auth, send, render, upload, …)
 * and in words (`message`); for some, the label key of the reason the visitor sees (`reason`), the
 * HTTP status, the message concerned (`tempUID`) or the limit it broke.
 */
export interface WidgetErrorDetail {
  /** What failed: `config`, `command`, `load`, `auth`, `send`, `upload`, `render`, `transcript`, `storage`… */
  type: string;
  /** What failed, in words (for a log, not for the visitor). */
  message: string;
  /** The text key of the reason the visitor sees, or `CUSTOM_TOKEN_REFUSED` / `CUSTOM_TOKEN_UNREACHABLE` (`type: 'auth'`). */
  reason?: string;
  /** The HTTP status of the service's answer, if there was one. */
  status?: number;
  /** The visitor's message concerned (`type: 'send'`). */
  tempUID?: string;
  /** A message not sent yet (`type: 'send'`) that is tried again by itself: fired at its first failed attempt only. */
  retrying?: boolean;
  /** The limit broken (a file's size in bytes…). */
  limit?: number;
}

/** The public events and what each hands its listeners; each is also `porchlight:<event>` on `window`. */
export interface ChatEvents {
  /** Start-up is done: restored from storage, settings and texts loaded. */
  ready: undefined;
  /** The window opened. */
  open: undefined;
  /** The window closed. */
  close: undefined;
  /** The visitor's message, stored by the service: shaped as in `conversation.messages` (`ChatMessage`). */
  'message:sent': ChatMessage;
  /** A message from the other side (agent, bot), shaped as in `conversation.messages`; in the leading tab only. */
  'message:received': ChatMessage;
  /** The unread count now. */
  'unread:change': number;
  /** A new conversation started (the visitor's first message in it). */
  'conversation:started': { requestId: string };
  /** Something failed; the widget goes on (docs/public-api.md §4). */
  error: WidgetErrorDetail;
}

/** The name of a public event (`on('unread:change', …)`). */
export type WidgetEventName = keyof ChatEvents;

/** What listens to event `E`: called with its detail. */
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
  /** `ready` has happened: it happens once. */
  let started = false;
  const tell = (listener: AnyListener, detail: unknown) => {
    // One broken host listener must not stop the others or the widget.
    try {
      listener(detail);
    } catch (error) {
      queueMicrotask(() => {
        throw error;
      });
    }
  };
  const emitter: Emitter = {
    on(event, listener) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener as AnyListener);
      // A listener of `ready` that comes after it is told all the same, once: a page's
      // `Porchlight('on', 'ready', fn)` waits for the commands' code, which may come after the start-up.
      if (event === 'ready' && started) queueMicrotask(() => listeners.get(event)?.has(listener as AnyListener) && tell(listener as AnyListener, undefined));
      return () => emitter.off(event, listener);
    },
    off(event, listener) {
      if (listener) listeners.get(event)?.delete(listener as AnyListener);
      else listeners.delete(event);
    },
    emit(event, ...[detail]) {
      if (event === 'ready') started = true;
      for (const listener of [...(listeners.get(event) ?? [])]) tell(listener, detail);
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
