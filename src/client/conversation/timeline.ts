import { computed, effect, signal, type ReadonlySignal } from '@preact/signals-core';
import type { TypingSignal } from '../../api/normalize/typing.ts';
import { createChatMessages, type ChatMessage, type OutboxItem } from '../../state/chatMessage.ts';
import { keepIfUnchanged, startsWithSame } from '../../state/stableList.ts';
import { loadOnce } from '../platform/loadOnce.ts';
import type { ConversationState } from './conversationState.ts';
import { createSplitExpansion, revealed, type TimedMessage } from './splitMessages.ts';
import type { OtherTypingModel } from './typing.ts';

type Labelled = Pick<ChatMessage, 'infoLabel'>;

/**
 * Whether the service closed the conversation: its last CHAT_CLOSED or CHAT_REOPENED info message
 * says. Read back to `from`: before it, `before` stands (what the list up to there said).
 */
export function closedByService(list: readonly Labelled[], from = 0, before = false): boolean {
  for (let i = list.length - 1; i >= from; i--) {
    const label = list[i]!.infoLabel;
    if (label === 'INFO_SUPPORT_CHAT_CLOSED') return true;
    if (label === 'INFO_SUPPORT_CHAT_REOPENED') return false;
  }
  return before;
}

/**
 * `closedByService` of a list that grows at its end (the same message objects, then more): only
 * what was added is read. A conversation of thousands with neither label was read whole on every
 * change, in the task that brought its history at a page load.
 */
export function serviceClosure(): (list: readonly Labelled[]) => boolean {
  let last: readonly Labelled[] = [];
  let closed = false;
  return (list) => {
    const grew = startsWithSame(list, last);
    closed = closedByService(list, grew ? last.length : 0, grew && closed);
    last = list;
    return closed;
  };
}

/**
 * What the visitor sees, derived from what the service said (the history) and what waits to be
 * sent (the outbox): computed signals only, written by nobody. Unchanged messages keep their
 * objects and the lists their identity, from the history to what the view renders: a poll with
 * nothing new wakes no view, and a new message renders only itself.
 */
export function createTimeline(state: ConversationState, outbox: ReadonlySignal<OutboxItem[]>, myIds: ReadonlySignal<Set<string>>, now: () => number) {
  const { requestId, history, arrivals, clock } = state;
  // A history that grew at its end is turned into chat messages from where the last one ended.
  const toChatMessages = createChatMessages();
  // Split messages are expanded the same way, from where the last list stopped being the same.
  const expandParts = createSplitExpansion();
  let chatList: ChatMessage[] = [];
  let partList: TimedMessage[] = [];
  const all = computed(() => (chatList = keepIfUnchanged(chatList, toChatMessages(history.value, outbox.value, myIds.value, requestId.value))));
  const closure = serviceClosure();
  const shown = computed(() => revealed((partList = keepIfUnchanged(partList, expandParts(all.value, arrivals.value))), clock.value));

  // Typing frames come from a live socket only (realtime.ts, itself on demand): their model
  // (typing.ts, in the socket's chunk) comes with the first one, in the order they came.
  const otherTyping = signal<OtherTypingModel | null>(null);
  const typist = computed(() => otherTyping.value?.who.value ?? null);
  let disposed = false;
  const typingCode = loadOnce(() =>
    import('./typing.ts').then((m) => (otherTyping.value = m.createOtherTyping({ mine: () => myIds.peek(), now, conversationId: requestId }))),
  );

  let revealTimer: ReturnType<typeof setTimeout> | undefined;
  const stopRevealClock = effect(() => {
    const nextAt = shown.value.nextAt;
    clearTimeout(revealTimer);
    if (nextAt !== null) revealTimer = setTimeout(() => state.apply({ type: 'tick', at: now() }), Math.max(0, nextAt - now()));
  });

  return {
    toChatMessages,
    expandParts,
    /** What the visitor sees now (split bot messages revealed part by part). */
    messages: computed(() => shown.value.visible),
    /** A split message has parts still to come, or the socket says someone types. */
    typing: computed(() => shown.value.typing || !!typist.value),
    typist,
    closed: computed(() => state.closedByVisitor.value || closure(all.value)),
    /** A typing frame from the realtime channel. */
    typingFrame: (frame: TypingSignal) =>
      void typingCode().then(
        (model) => !disposed && model.frame(frame),
        // Not downloaded (offline): nobody shows as typing; the next frame tries again.
        () => undefined,
      ),
    /** Senders of messages that arrived: they stop typing. */
    spoke: (senders: Iterable<string>) => otherTyping.peek()?.messages(senders),
    dispose() {
      clearTimeout(revealTimer);
      stopRevealClock();
      disposed = true;
      otherTyping.peek()?.dispose();
    },
  };
}

export type Timeline = ReturnType<typeof createTimeline>;
