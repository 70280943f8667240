import { signal, type ReadonlySignal } from '@preact/signals-core';
import type { ConversationListControl } from '../conversation/conversationList.ts';
import type { ClientContext } from './clientContext.ts';

/** The list's read marks in the store: kept once a visitor has a list, so a later visit loads it too. */
const MARKS_KEY = 'conversationMarks';

export interface ConversationLists {
  /** The visitor's conversations (`ChatState.conversations`): null until listed, and always with `singleConversation`. */
  conversations: ReadonlySignal<ConversationListControl | null>;
  /** Lists them (its code and first call come now); null with `singleConversation`. */
  list(): Promise<ConversationListControl | null> | null;
  /** Lists them if this visitor had a list on an earlier visit (its read marks are stored), or starts from home. */
  listIfKept(): void;
  /** Another tab started or counted one: the list reads its marks and the service again (or is made, if kept). */
  follow(): void;
  /** The visitor's list leaves (they were forgotten): a later need lists the next visitor's. */
  drop(): void;
  /** A new visitor: the last one's list and read marks leave with them (models.ts `onForget`). */
  forget(): Promise<void>;
  dispose(): void;
}

/**
 * The visitor's conversations (issue 11 §4): code and calls only for a visitor with a list (home
 * screen, a second conversation, marks from an earlier visit), never with `singleConversation`.
 */
export function createConversationLists(c: ClientContext, inboxLive: ReadonlySignal<boolean>): ConversationLists {
  const { settings, store, life, reportError } = c;
  const conversations = signal<ConversationListControl | null>(null);
  let listing: Promise<ConversationListControl | null> | null = null;
  // One per visitor (a reset starts the next): a list whose code comes after a reset or the client's
  // end was asked for the visitor who left, and is never made.
  let visitor = 0;
  const list = () => {
    if (settings.peek().singleConversation) return null;
    const asker = visitor;
    return (listing ??= import('../conversation/conversationList.ts').then(
      (m) =>
        asker !== visitor || life.disposed
          ? null
          : (conversations.value = m.createConversationList({
              ...c,
              marksKey: MARKS_KEY,
              inboxLive,
              onError: reportError('conversations'),
            })),
      // Not downloaded (offline): the next need tries again.
      () => {
        if (asker === visitor) listing = null;
        return null;
      },
    ));
  };
  const listIfKept = () => void store.get(MARKS_KEY).then((marks) => (marks || settings.peek().startFromHome) && list(), reportError('storage'));
  const drop = () => {
    conversations.peek()?.dispose();
    conversations.value = null;
    listing = null;
    // A list whose code is still on its way was asked for the visitor who left: it is never made.
    visitor++;
  };
  return {
    conversations,
    list,
    listIfKept,
    follow: () => void (conversations.peek()?.follow() ?? listIfKept()),
    drop,
    forget() {
      drop();
      return store.del(MARKS_KEY);
    },
    dispose() {
      // A list still on its way is stopped when it comes.
      void listing?.then((made) => made?.dispose());
    },
  };
}
