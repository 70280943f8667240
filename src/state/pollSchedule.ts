/**
 * How long until the next look at the conversation (`GET …/messages`), or `null` to pause.
 * Quick while the visitor is looking at an active conversation, slower as it goes quiet,
 * nothing in a hidden tab or offline (visibilitychange/online trigger an immediate look).
 */
export interface PollState {
  hasConversation: boolean;
  windowOpen: boolean;
  pageHidden: boolean;
  online: boolean;
  /** Time since the last message either way. */
  msSinceActivity: number;
  /** A live push channel delivers messages: polling only guards against a silent failure. */
  pushLive?: boolean;
}

export const POLL_ACTIVE_MS = 2000;
export const POLL_OPEN_IDLE_MS = 6000;
export const POLL_CLOSED_MS = 15000;
export const POLL_DORMANT_MS = 60000;
export const ACTIVE_WINDOW_MS = 2 * 60 * 1000;
export const DORMANT_AFTER_MS = 30 * 60 * 1000;
/** With push up, one safety poll a minute (issue 24 §4), answered 304 when nothing changed. */
export const POLL_WITH_PUSH_MS = 60000;

export function pollDelay(state: PollState): number | null {
  if (!state.hasConversation || state.pageHidden || !state.online) return null;
  if (state.pushLive) return Math.max(POLL_WITH_PUSH_MS, state.windowOpen ? 0 : POLL_DORMANT_MS);
  if (state.windowOpen) return state.msSinceActivity < ACTIVE_WINDOW_MS ? POLL_ACTIVE_MS : POLL_OPEN_IDLE_MS;
  return state.msSinceActivity < DORMANT_AFTER_MS ? POLL_CLOSED_MS : POLL_DORMANT_MS;
}

/** Milliseconds from `at` to the first time `start + k × delay` (k ≥ 1) that is not yet past. */
export function nextSlot(start: number, delay: number, at: number): number {
  const elapsed = Math.max(0, at - start);
  // Slots missed while a look was in flight are skipped, never made up in a burst.
  return Math.max(1, Math.ceil(elapsed / delay)) * delay - elapsed;
}
