import { clockNamesOf, isFreshClockNames, namedClock } from '../../state/clockNames.ts';
import type { ChatClock } from '../../state/formatTime.ts';
import { intlClock } from '../../state/intlClock.ts';
import type { KeyValueStore } from '../platform/storage.ts';

export interface KeptClockOptions {
  lang: string;
  /** The text of "today" (the service's label). */
  today: string;
  store: KeyValueStore;
  /** Runs a task at the page's next idle moment. */
  atIdle(task: () => void): void;
  now(): number;
}

/**
 * The clock of a language (ChatState.clock): from the names kept on this device (clockNames.ts), so
 * that a page view formats without Intl; else Intl's, whose names are kept at the next idle moment
 * for the next page view. Not kept (storage refused, another calendar): Intl's every time.
 */
export async function keptClock(o: KeptClockOptions): Promise<ChatClock> {
  const key = `clock:${o.lang}`;
  const kept = await o.store.get(key).catch(() => undefined);
  if (isFreshClockNames(kept, o.now())) return namedClock(kept, o.lang, o.today);
  const clock = intlClock(o.lang, o.today);
  o.atIdle(() => {
    const names = clockNamesOf(o.lang, o.now());
    if (names) o.store.set(key, names).catch(() => undefined);
  });
  return clock;
}
