import type { RefObject } from 'preact';
import { useLayoutEffect } from 'preact/hooks';
import { useWidget } from './context.ts';

/**
 * Marks the control a visitor's open of the window takes them to, one per screen: the composer,
 * the first field of a pre-chat card waiting at the thread's end, home's "new conversation" (issue 26 §6).
 */
export const OPENING_FOCUS = 'data-opening-focus';

/** Takes the focus to the control marked in `root`, as the visitor opened the window (not the page: no focus stolen). */
export function focusOpeningControl(root: ParentNode | null | undefined): void {
  root?.querySelector<HTMLElement>(`[${OPENING_FOCUS}]`)?.focus({ preventScroll: true });
}

/**
 * A screen that mounts as the visitor opens the window (or moves them on to it) takes them to its
 * marked control. Mounted parked (inert) or opened by the page, it leaves the focus where it is.
 */
export function useOpeningFocus(root: RefObject<HTMLElement>): void {
  const { ui } = useWidget();
  useLayoutEffect(() => {
    if (ui.byVisitor.peek()) focusOpeningControl(root.current);
  }, [ui, root]);
}
