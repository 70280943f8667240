import { useEffect, useState } from 'preact/hooks';
import { whenIdle } from '../client/live/idle.ts';

/**
 * How much of the chat window is rendered ahead of the first tap, hidden (issue 25 §2): nothing,
 * its frame (the header), the conversation, then all of it (the composer). A window rendered and
 * laid out while the page is idle opens at the tap with a paint; rendered at the tap, it was a
 * ~200 ms task on a slow phone. One part per idle moment, so that no step is a long task of the
 * host page; a visitor who taps before the last one gets the rest rendered then.
 */
export type PreparedParts = 0 | 1 | 2 | 3;
/** Prepared this far, the conversation (or the home screen, or an intake step) is rendered too. */
export const CONVERSATION_PART: PreparedParts = 2;
export const ALL_PARTS: PreparedParts = 3;

/** The parts prepared so far; `start` once the window's look is final (rendered earlier, it would be redrawn). */
export function useWindowPreparation(start: boolean): PreparedParts {
  const [parts, setParts] = useState<PreparedParts>(0);
  useEffect(() => {
    if (!start || parts === ALL_PARTS) return;
    return whenIdle(window, () => setParts((parts + 1) as PreparedParts));
  }, [start, parts]);
  return parts;
}
