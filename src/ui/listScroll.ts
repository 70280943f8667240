import type { TimedMessage } from '../client/conversation/splitMessages.ts';
import { arrivals, carryWindow, stepWindow } from './listSteps.ts';
import type { ListWindow, ShownList } from './listWindow.ts';

/**
 * A long conversation's window as it moves (loaded once a conversation is longer than its window:
 * a short one never needs it). Within a screen of either end of what is rendered, the window takes
 * a step that way: the next messages are there before the visitor is.
 *
 * The scroll position is kept while the list changes above what the visitor reads: the first
 * message in view is noted before, and the list scrolled by however far it moved after. Measured,
 * not left to the browser's scroll anchoring, which not every engine has (the list sets
 * `overflow-anchor: none`).
 */
export function nextWindow(list: HTMLElement, shown: ListWindow, length: number, following: boolean): ListWindow {
  const { scrollTop, clientHeight, scrollHeight } = list;
  const toward = scrollTop < clientHeight ? 'up' : scrollHeight - scrollTop - clientHeight < clientHeight ? 'down' : null;
  return stepWindow(shown, length, toward, following);
}

export interface ScrollAnchor {
  key: string;
  /** its top, relative to the list's top edge */
  top: number;
}

function messagesOf(list: HTMLElement): NodeListOf<HTMLElement> {
  return list.querySelectorAll<HTMLElement>('li[data-key]');
}

/**
 * The first message in view: found by halving (the messages are laid out top to bottom), so a
 * step reads the boxes of a handful of the window's messages, not of all of them.
 */
export function captureAnchor(list: HTMLElement): ScrollAnchor | null {
  const items = messagesOf(list);
  const edge = list.getBoundingClientRect().top;
  let low = 0;
  let high = items.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (items[mid]!.getBoundingClientRect().bottom > edge) high = mid;
    else low = mid + 1;
  }
  const item = items[low];
  return item ? { key: item.dataset.key!, top: item.getBoundingClientRect().top - edge } : null;
}

export function restoreAnchor(list: HTMLElement, anchor: ScrollAnchor): void {
  let item: HTMLElement | undefined;
  for (const li of messagesOf(list)) if (li.dataset.key === anchor.key) item = li;
  if (!item) return;
  const moved = item.getBoundingClientRect().top - list.getBoundingClientRect().top - anchor.top;
  if (moved) list.scrollTop += moved;
}

/**
 * The messages changed: the window carried over them (listSteps.ts), what arrived noted as news, and
 * the position to keep when the window moved above what the visitor reads (into `anchor`, unless a
 * scroll step's is waiting there: taken before anything moved, it is the one to keep). What the
 * visitor just wrote is always shown, wherever they had scrolled to (`stuck` becomes true).
 */
export function carry(
  shown: ShownList<TimedMessage>,
  messages: readonly TimedMessage[],
  stuck: { current: boolean },
  list: HTMLElement | null,
  anchor: { current: ScrollAnchor | null },
): void {
  const added = arrivals(shown.messages, messages);
  if (added.some((m) => m.fromVisitor && m.state === 'sending')) stuck.current = true;
  const next = carryWindow(shown.window, shown.messages, messages, stuck.current);
  anchor.current ??= list && !stuck.current && next.start !== shown.window.start ? captureAnchor(list) : null;
  const news = (shown.news ??= new Set());
  for (const m of added) news.add(m.key);
  // Messages shown again after scrolling back down were news once: not again.
  if (next.end < messages.length) news.clear();
  shown.window = next;
}

/** After the render: the noted message put back where it was, the note cleared. The list's scroll position now. */
export function keepPlace(list: HTMLElement, anchor: { current: ScrollAnchor | null }): number {
  if (anchor.current) restoreAnchor(list, anchor.current);
  anchor.current = null;
  return list.scrollTop;
}

/**
 * The code is there: from now on only what arrives is announced (what is shown already is not news),
 * and the step a scroll asked for meanwhile is taken.
 */
export function start(shown: ShownList<TimedMessage>, list: HTMLElement | null): void {
  shown.news ??= new Set();
  list?.dispatchEvent(new Event('scroll'));
}

/**
 * The visitor scrolled: the window takes the step the position asks for, one at a time (the list
 * keeps its place between them: `anchor` holds it until the list has rendered the step). Whether
 * it moved, so the list renders again.
 */
export function scrolled(list: HTMLElement, shown: ShownList<TimedMessage>, following: boolean, anchor: { current: ScrollAnchor | null }): boolean {
  const length = shown.messages.length;
  if (anchor.current) return false;
  const next = nextWindow(list, shown.window, length, following);
  if (next === shown.window) return false;
  anchor.current = captureAnchor(list);
  if (next.end < length) shown.news?.clear();
  shown.window = next;
  return true;
}
