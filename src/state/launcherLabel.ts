/**
 * What a click on the launcher means (issue 22 §5): what its label said when the visitor decided to
 * click. "Open chat" opens, always. "Minimise the chat window" closes — once the visitor could have
 * read it: a window that came without them (a return visit's window restored, the page's `open`,
 * our launcher painted with the window over the loader's "Open chat") turns the label under a click
 * that was aimed at "Open chat", so a click within READ_MS of that change still opens (it never
 * closes). A change that answers the visitor's own click or key is seen at once (they are looking
 * at it): a quick second click still closes what they opened.
 */

/** About twice a person's reaction time to something that appears where they were about to click. */
export const READ_MS = 500;

/** The launcher's label as shown, and how it came to say it. */
export interface LauncherLabel {
  /** It says "close" (the window is on screen). */
  open: boolean;
  /** When it started to say so (`performance.now()`, the clock of `Event.timeStamp`). */
  since: number;
  /** The change answered the visitor's own click or key. */
  answered: boolean;
}

/** The label our launcher first paints with, over the loader's "Open chat" (or nothing). */
export function firstLabel(open: boolean, now: number): LauncherLabel {
  return { open, since: now, answered: false };
}

/** The label after a paint that shows the window (`open`) or not: unchanged when it says the same. */
export function relabel(label: LauncherLabel, open: boolean, answered: boolean, now: number): LauncherLabel {
  return open === label.open ? label : { open, since: now, answered };
}

/** Whether a click at `at` opens the window (else it closes it). */
export function clickOpens(label: LauncherLabel, at: number): boolean {
  return !label.open || (!label.answered && at - label.since < READ_MS);
}
