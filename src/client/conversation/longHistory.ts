/**
 * A long history (a page load of a conversation with thousands of messages) made ready in slices,
 * the page running between them, before it is shown (issue 9 §1: no long task on the host page,
 * window closed or not): merged, turned into chat messages, and each message sorted (new? news?).
 * A chunk of its own, with api/slices.ts: only a long history needs it (a first open never does).
 */
import { createSlices, eachInSlices, growInSlices, runInSlices, yieldToPage } from '../../api/slices.ts';
import type { WireMessage } from '../../api/wire.ts';
import { mergeSteps } from '../../state/chatMessage.ts';
import { sortMessage, type IncomingSort, type Prepared } from '../../state/incomingSort.ts';

/** Messages turned into chat messages between two looks at the clock. */
const AHEAD_STEP = 100;

/**
 * `mergeHistory(base, incoming)`, made in slices; meanwhile `ahead(merged, end)` for growing ends
 * (chat messages made from where the last step ended) and `sort` for each incoming message.
 * Resolves in a task of its own: showing it is short work, not the end of a slice.
 */
export async function makeReady(
  base: readonly WireMessage[],
  incoming: readonly WireMessage[],
  ahead: (merged: WireMessage[], end: number) => void,
  sort: (message: WireMessage) => void,
): Promise<WireMessage[]> {
  // One clock for all the steps: a step never starts a slice of its own where the last one ended.
  const clock = createSlices();
  const merged = await runInSlices(mergeSteps(base, incoming), clock);
  await growInSlices(merged.length, AHEAD_STEP, (end) => ahead(merged, end), clock);
  await eachInSlices(incoming, sort, clock);
  await yieldToPage();
  return merged;
}

/**
 * `incoming` made ready to be absorbed onto `base` (conversation.ts): merged, each message sorted as
 * `mine` and `seen` say now (`seen` itself untouched: absorbing it later uses it only while it is
 * still the same), `ahead` as for `makeReady`.
 */
export async function prepareHistory(
  base: readonly WireMessage[],
  incoming: readonly WireMessage[],
  mine: ReadonlySet<string>,
  seen: Set<string>,
  ahead: (merged: WireMessage[], end: number) => void,
): Promise<Prepared> {
  const sorted: IncomingSort = { seen: new Set(seen), fresh: [], senders: new Set(), received: [], updates: [] };
  const ready = { base, mine, seenBefore: seen, seenSize: seen.size, sorted };
  return { ...ready, merged: await makeReady(base, incoming, ahead, (message) => sortMessage(sorted, message, mine)) };
}

/**
 * A long history shared with the other tabs (conversation.ts): copying it whole for them would be a
 * long task (55–105 ms at 4× for 5,000), so it goes in slices of `size`, each in a task of its own,
 * for as long as `share` takes them (false: this tab has moved on to another conversation).
 */
export function shareInSlices(messages: WireMessage[], size: number, share: (slice: WireMessage[]) => boolean, from = 0): void {
  setTimeout(() => {
    if (share(messages.slice(from, from + size)) && from + size < messages.length) shareInSlices(messages, size, share, from + size);
  });
}
