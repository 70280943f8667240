import { computed, effect, signal, type ReadonlySignal } from '@preact/signals-core';
import type { ChatMessage } from '../../state/chatMessage.ts';

/**
 * What draws the visitor back while the window is closed: a preview of the latest message from the
 * other side above the launcher, in every tab of the site until the visitor opens the conversation,
 * and `(N)` in the page title while the tab is hidden, in the leading tab only (the one the visitor
 * last looked at), like the chime.
 */
export interface AttentionModel {
  /** The message to preview above the closed launcher while replies are unread, if any. */
  preview: ReadonlySignal<ChatMessage | null>;
  dismissPreview(): void;
  dispose(): void;
}

/** The latest message from the other side with text to show (info lines and the visitor's own never). */
export function latestFromOthers(messages: readonly ChatMessage[]): ChatMessage | null {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.fromVisitor) return null;
    if (m.kind === 'message' && m.text.trim()) return m;
  }
  return null;
}

/** The page title with the unread count in front; the title itself when nothing is unread. */
export function unreadTitle(title: string, count: number): string {
  return count > 0 ? `(${count > 99 ? '99+' : count}) ${title}` : title;
}

export interface AttentionOptions {
  messages: ReadonlySignal<readonly ChatMessage[]>;
  unread: ReadonlySignal<number>;
  isOpen: ReadonlySignal<boolean>;
  leads: ReadonlySignal<boolean>;
  /** No title changes (the dashboard preview). */
  quiet?: boolean;
  doc: Document;
}

export function createAttention(options: AttentionOptions): AttentionModel {
  const { doc } = options;
  const dismissed = signal<string | null>(null);
  const hidden = signal(doc.visibilityState === 'hidden');
  const onVisibility = () => (hidden.value = doc.visibilityState === 'hidden');
  doc.addEventListener('visibilitychange', onVisibility);

  const preview = computed(() => {
    if (options.isOpen.value || !options.unread.value) return null;
    const latest = latestFromOthers(options.messages.value);
    return latest && latest.key !== dismissed.value ? latest : null;
  });

  // `original` is the page's own title; `written` what we put there. A title the page sets meanwhile
  // is never overwritten on the way back, and becomes the title we count in front of.
  let original: string | null = null;
  let written: string | null = null;
  const stopTitle = effect(() => {
    const count = !options.quiet && hidden.value && options.leads.value ? options.unread.value : 0;
    if (written !== null && doc.title !== written) original = doc.title;
    if (count > 0) {
      original ??= doc.title;
      written = unreadTitle(original, count);
      doc.title = written;
    } else if (original !== null) {
      if (doc.title === written) doc.title = original;
      original = written = null;
    }
  });

  return {
    preview,
    dismissPreview() {
      dismissed.value = preview.peek()?.key ?? dismissed.peek();
    },
    dispose() {
      stopTitle();
      if (written !== null && doc.title === written && original !== null) doc.title = original;
      doc.removeEventListener('visibilitychange', onVisibility);
    },
  };
}
