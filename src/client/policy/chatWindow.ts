import { afterPaint } from '../live/afterPaint.ts';
import { whenIdle } from '../live/idle.ts';
import type { ClientContext } from './clientContext.ts';

/**
 * The chat window and the launcher around it: what opening and closing sets off (the page's
 * `open`/`close`, marking read, signing in, the poll's pace), whether the widget shows at all on
 * this device (`displayOnMobile`/`displayOnDesktop`, `startHidden`), and the callout bubble.
 */
export function createChatWindow(
  c: ClientContext,
  deps: {
    /** The page's (or the address's) `startHidden`: hidden from the first paint. */
    startHidden: boolean;
    /** Opening is the visitor's first move: sign in now, so the first send is instant. */
    signInIfReady(): void;
    /** A closed window is polled more slowly. */
    reschedulePoll(): void;
    /** `restartConversation`: each opening starts a new conversation. */
    startNewConversation(): void;
    /** Fetches the client's code that a first open and send do not run, at idle once the window is open. */
    prefetchLater(): Promise<unknown>;
  },
) {
  const { win, env, store, emitter, ui, settings, conversation, tabs, life } = c;
  let wasOpen = ui.isOpen.peek();
  let prefetching = false;
  /** Cancels what an opening still has to set off (closed or disposed meanwhile: it does not). */
  let cancelOpening = () => {};
  life.onDispose(() => cancelOpening());
  if (deps.startHidden) ui.setShown(false);

  return {
    /** `displayOnMobile`/`displayOnDesktop` and `startHidden`: at the start, and on every settings change after it. */
    applyDisplayRules() {
      const s = settings.peek();
      ui.setShown((env.isMobile() ? s.displayOnMobile : s.displayOnDesktop) && !s.startHidden);
    },
    /** The client started: the page hears of a window that opened with it; changes from now on are the visitor's. */
    atStart() {
      wasOpen = ui.isOpen.peek();
      if (wasOpen) emitter.emit('open');
    },
    /** The callout bubble after `calloutTimer` seconds, unless the window is open or the visitor dismissed it once. */
    async startCallout() {
      const s = settings.peek();
      if (s.calloutTimer < 0 || ui.isOpen.peek()) return;
      const seen = await store.get<{ dismissed?: boolean }>('callout').catch(() => undefined);
      if (seen?.dismissed) return;
      const timer = setTimeout(() => ui.setCallout(!ui.isOpen.peek()), Math.min(s.calloutTimer, 3600) * 1000);
      life.onDispose(() => clearTimeout(timer));
    },
    watch() {
      life.effects(
        () => {
          const open = ui.isOpen.value;
          if (!life.started || open === wasOpen) return;
          wasOpen = open;
          emitter.emit(open ? 'open' : 'close');
          cancelOpening();
          if (!open) return deps.reschedulePoll();
          ui.setCallout(false);
          if (settings.peek().restartConversation && conversation.requestId.peek()) deps.startNewConversation();
          // Signing in once the window's first frame is on screen, then marking read here and in
          // the other tabs after the next: in the tap's task (a request, storage, a message to the
          // other tabs) they held the window back, ~40 ms at 6× CPU.
          cancelOpening = afterPaint(() => {
            deps.signInIfReady();
            cancelOpening = afterPaint(() => {
              if (ui.screen.peek() !== 'conversation') return;
              conversation.markRead();
              tabs.post({ type: 'read' });
            });
          });
        },
        () => {
          if (!life.running.value || !ui.isOpen.value || prefetching) return;
          prefetching = true;
          life.onDispose(whenIdle(win, () => void deps.prefetchLater().catch(() => undefined)));
        },
      );
    },
  };
}
