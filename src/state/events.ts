/** The public events of widget-contract §1, each also mirrored on `window` as `porchlight:<event>`. */
export type WidgetEventName =
  | 'ready'
  | 'open'
  | 'close'
  | 'message:sent'
  | 'message:received'
  | 'unread:change'
  | 'conversation:started'
  | 'error';

export type Listener = (detail: unknown) => void;

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
  limit?: number;
}

export interface Emitter {
  on(event: string, listener: Listener): () => void;
  off(event: string, listener?: Listener): void;
  emit(event: WidgetEventName, detail?: unknown): void;
  clear(): void;
}

export function createEmitter(target: EventTarget | null): Emitter {
  const listeners = new Map<string, Set<Listener>>();
  const emitter: Emitter = {
    on(event, listener) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener);
      return () => emitter.off(event, listener);
    },
    off(event, listener) {
      if (listener) listeners.get(event)?.delete(listener);
      else listeners.delete(event);
    },
    emit(event, detail) {
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
