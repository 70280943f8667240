import { bareJwt } from '../../api/auth.ts';
import type { ConversationCore } from '../conversation/conversation.ts';
import type { IntakeModel } from '../ui-state/intake.ts';
import type { SessionModel } from '../session/session.ts';
import { normalizeMessages } from '../../api/normalize/message.ts';
import { normalizeTyping } from '../../api/normalize/typing.ts';
import type { TabMessage } from '../live/tabs.ts';

/** How long a tab leaves another tab's new message to that tab before lining up to send it. */
export const TAKE_OVER_AFTER_MS = 2_000;

const TYPES = new Set(['messages', 'outbox', 'conversation', 'session', 'unread', 'read', 'sent', 'typing']);

/**
 * What another tab posts is checked like an answer of the service (a tab may run another version).
 * Here, with what the tab does with it: most visitors keep one tab, and never need either.
 */
export function tabMessage(value: unknown): TabMessage | null {
  if (!value || typeof value !== 'object' || !TYPES.has((value as { type?: unknown }).type as string)) return null;
  const message = value as TabMessage;
  switch (message.type) {
    case 'messages':
      return typeof message.requestId === 'string' ? { type: 'messages', requestId: message.requestId, messages: normalizeMessages(message.messages) } : null;
    case 'unread':
      return Number.isSafeInteger(message.count) && message.count >= 0 ? message : null;
    case 'typing': {
      const frame = normalizeTyping(message.frame);
      return typeof message.requestId === 'string' && frame ? { type: 'typing', requestId: message.requestId, frame } : null;
    }
    default:
      return message;
  }
}

/**
 * What this tab does when another tab of the site tells it something (see tabs.ts): follow the
 * shared conversation, session and outbox, mirror the leader's unread count and who types, and line
 * up behind a sending tab so that a message is finished even when its tab closes mid-send. When the
 * other tab forgot the visitor (logout, reset, another known visitor), this one drops all it shows of them.
 */
export function createTabRelay(deps: {
  conversation: ConversationCore;
  session: SessionModel;
  intake: Pick<IntakeModel, 'restore'>;
  isLeader: () => boolean;
  kick: () => void;
  /** The client's list of the visitor's conversations goes (the next visitor's is listed if kept). */
  dropList: () => void;
  /** The site's token this page gives (pageSettings.ts `wantedToken`), and how it is not used again (`dropToken`). */
  pageToken: () => string | null;
  dropPageToken: () => void;
}) {
  const { conversation, session } = deps;
  /** The visitor was forgotten in another tab: only storage is read here, it holds the next one's (or nothing). */
  const visitorLeft = () => {
    deps.dropList();
    conversation.mirrorUnread(0);
    void Promise.all([conversation.adopt(), conversation.reloadOutbox(), deps.intake.restore()]).catch(() => undefined);
  };
  let takeOverTimer: ReturnType<typeof setTimeout> | undefined;
  return {
    /** `data`: what another tab posted, unchecked (anything else than a `TabMessage` is dropped). */
    handle(data: unknown): void {
      const message = tabMessage(data);
      switch (message?.type) {
        case 'messages':
          if (message.requestId === conversation.requestId.peek()) conversation.receive(message.messages, true);
          // Another conversation's: only once this tab follows it too (a late message of one that was
          // left must not land in the one shown now).
          else void conversation.adopt().then(() => message.requestId === conversation.requestId.peek() && conversation.receive(message.messages, true));
          return;
        case 'outbox':
          void conversation.reloadOutbox().then(() => {
            if (!conversation.outbox.peek().some((item) => item.state === 'sending')) return;
            // By then the sending tab holds the send lock (or is done): this tab waits behind it.
            clearTimeout(takeOverTimer);
            takeOverTimer = setTimeout(() => conversation.takeOver(), TAKE_OVER_AFTER_MS);
          });
          return;
        case 'conversation':
          return void conversation.adopt();
        case 'session':
          return void session.restore(true).then((left) => {
            // Another tab signed a known visitor in, or forgot the visitor: the site's newer word. This
            // page's own token, if it names someone else, is not pushed again (the tabs would take
            // turns signing their own visitor in, each forgetting the other's).
            const held = session.visitor.peek()?.authenticated ? bareJwt(session.token.peek() ?? '') : null;
            const wanted = deps.pageToken();
            if ((left || held) && wanted && wanted !== held) deps.dropPageToken();
            if (left) visitorLeft();
          });
        case 'unread':
          if (!deps.isLeader()) conversation.mirrorUnread(message.count);
          return;
        case 'read':
          return conversation.markRead();
        case 'sent':
          if (deps.isLeader()) deps.kick();
          return;
        case 'typing':
          if (message.requestId === conversation.requestId.peek()) conversation.typingFrame(message.frame);
          return;
      }
    },
    stop() {
      clearTimeout(takeOverTimer);
    },
  };
}
