import { effect, signal, type ReadonlySignal } from '@preact/signals-core';
import type { TypingSignal } from '../../api/normalize/typing.ts';

/**
 * "The other side is typing", from the typing frames a live socket brings (docs/service.md §10,
 * topic `/<pid>/requests/<rid>/typing`). A frame lasts `TYPING_EXPIRES_MS`: the console repeats it
 * while the agent types, so silence means they stopped. A message from the typist ends it at once;
 * the visitor's own frames (another tab, an echo) never count.
 */
export const TYPING_EXPIRES_MS = 5000;

export interface OtherTyping {
  sender: string;
  name?: string;
  /** when it expires without a new frame */
  until: number;
}

/** The state after a typing frame (pure). */
export function afterTypingFrame(
  current: OtherTyping | null,
  frame: TypingSignal,
  mine: ReadonlySet<string>,
  now: number,
  expiresMs = TYPING_EXPIRES_MS,
): OtherTyping | null {
  if (mine.has(frame.sender)) return current;
  if (!frame.typing) return current?.sender === frame.sender ? null : current;
  return { sender: frame.sender, ...(frame.senderFullname ? { name: frame.senderFullname } : {}), until: now + expiresMs };
}

/** The state after messages arrived (pure): the typist who sent one stops typing. */
export function afterMessages(current: OtherTyping | null, senders: Iterable<string>): OtherTyping | null {
  if (!current) return null;
  for (const sender of senders) if (sender === current.sender) return null;
  return current;
}

/** Is anyone typing at `now` (pure)? */
export function typingAt(current: OtherTyping | null, now: number): OtherTyping | null {
  return current && now < current.until ? current : null;
}

export interface OtherTypingModel {
  /** who types now, or null */
  who: ReadonlySignal<OtherTyping | null>;
  frame(frame: TypingSignal): void;
  messages(senders: Iterable<string>): void;
  clear(): void;
  dispose(): void;
}

export function createOtherTyping(options: {
  mine: () => ReadonlySet<string>;
  now?: () => number;
  expiresMs?: number;
  /** The conversation shown: in another one (new, forgotten, adopted) nobody types yet. */
  conversationId?: ReadonlySignal<string | null>;
}): OtherTypingModel {
  const now = options.now ?? Date.now;
  const who = signal<OtherTyping | null>(null);
  let timer: ReturnType<typeof setTimeout> | undefined;

  function set(next: OtherTyping | null) {
    clearTimeout(timer);
    timer = undefined;
    const at = now();
    const current = typingAt(next, at);
    who.value = current;
    if (current) timer = setTimeout(() => set(who.peek()), Math.max(0, current.until - at));
  }

  const stopFollowing = effect(() => {
    void options.conversationId?.value;
    set(null);
  });

  return {
    who,
    frame: (frame) => set(afterTypingFrame(who.peek(), frame, options.mine(), now(), options.expiresMs)),
    messages: (senders) => {
      const next = afterMessages(who.peek(), senders);
      if (next !== who.peek()) set(next);
    },
    clear: () => set(null),
    dispose() {
      stopFollowing();
      clearTimeout(timer);
    },
  };
}
