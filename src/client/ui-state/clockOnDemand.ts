import type { ReadonlySignal } from '@preact/signals-core';
import type { ChatClock } from '../../state/formatTime.ts';
import type { KeyValueStore } from '../platform/storage.ts';

/**
 * ChatState.clock: the clock of the chat's language as it is now. Its code (keptClock.ts, with
 * Intl's clock) comes with the later chunk: a first visit's first open has no time to show. Not
 * downloaded (offline): it rejects, and asked again later it tries again.
 */
export function clockOnDemand(o: {
  lang: ReadonlySignal<string>;
  today(): string;
  store: KeyValueStore;
  atIdle(task: () => void): void;
}): () => Promise<ChatClock> {
  return () => {
    const lang = o.lang.peek();
    const today = o.today();
    return import('./keptClock.ts').then((m) => m.keptClock({ lang, today, store: o.store, atIdle: o.atIdle, now: Date.now }));
  };
}
