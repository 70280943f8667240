import { bool, id, isRecord, name } from './guards.ts';

/** Someone is (or stopped) typing in a conversation: the `message` of a frame on `/<pid>/requests/<rid>/typing`. */
export interface TypingSignal {
  typing: boolean;
  sender: string;
  senderFullname?: string;
}

/** A typing frame's message, or null when it has no sender; a missing `typing` counts as typing. Never throws. */
export function normalizeTyping(raw: unknown): TypingSignal | null {
  if (!isRecord(raw)) return null;
  const sender = id(raw.sender);
  if (!sender) return null;
  const fullname = name(raw.senderFullname)?.trim();
  return { typing: bool(raw.typing) ?? true, sender, ...(fullname ? { senderFullname: fullname } : {}) };
}
