import type { ReadonlySignal } from '@preact/signals-core';
import type { ChatClock } from '../client/types.ts';

/**
 * A time or a day in the message list: empty until the list's clock is made (MessageList makes it
 * after the window's first frames), then this text alone renders again, not the bubble around it.
 * The text node is there from the start, so filling it in is a change of text, which the log
 * (`aria-relevant="additions"`) does not announce.
 */
export function ClockText({ clock, ms, day = false }: { clock: ReadonlySignal<ChatClock | null>; ms: number; day?: boolean }) {
  const formats = clock.value;
  return <>{formats ? (day ? formats.day(ms) : formats.time(ms)) : ''}</>;
}
