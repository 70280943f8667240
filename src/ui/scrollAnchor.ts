/**
 * Keeping the scroll position while the list changes above what the visitor reads (older messages
 * added on scrolling up, the earliest let go on scrolling down): the first message in view is
 * noted before, and the list scrolled by however far it moved after. Measured, not left to the
 * browser's scroll anchoring, which not every engine has (the list sets `overflow-anchor: none`).
 */
export interface ScrollAnchor {
  key: string;
  /** its top, relative to the list's top edge */
  top: number;
}

function messagesOf(list: HTMLElement): HTMLElement[] {
  return [...list.querySelectorAll<HTMLElement>('li[data-key]')];
}

export function captureAnchor(list: HTMLElement): ScrollAnchor | null {
  const edge = list.getBoundingClientRect().top;
  for (const item of messagesOf(list)) {
    const box = item.getBoundingClientRect();
    if (box.bottom > edge) return { key: item.dataset.key!, top: box.top - edge };
  }
  return null;
}

export function restoreAnchor(list: HTMLElement, anchor: ScrollAnchor): void {
  const item = messagesOf(list).find((li) => li.dataset.key === anchor.key);
  if (!item) return;
  const moved = item.getBoundingClientRect().top - list.getBoundingClientRect().top - anchor.top;
  if (moved) list.scrollTop += moved;
}
