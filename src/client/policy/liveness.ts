import { signal } from '@preact/signals-core';
import { createLoadHint } from '../live/loadHint.ts';
import { createPoller } from '../live/poller.ts';
import { createRealtimeOnDemand } from '../live/realtimeOnDemand.ts';
import type { ClientContext } from './clientContext.ts';

/**
 * How the conversation stays current: one tab leads (tabs.ts) and only it polls (poller.ts) and holds
 * the push channel (realtime.ts); the others hear from it. A tab that takes the lead sends what a
 * closed tab left in the outbox. Also the first look at a stored conversation (`historyReady`) and
 * the loader's hint for the next page (loadHint.ts).
 */
export function createLiveness(c: ClientContext) {
  const { win, projectId, persistence, apiUrl, store, settings, reportError, env, conversation, session, tabs, ui, life } = c;
  const loadHint = createLoadHint(win, projectId, persistence);
  const realtime = createRealtimeOnDemand({
    apiUrl,
    projectId,
    store,
    // The conversation's methods take no `this`.
    onMessages: conversation.receive,
    // Who types shows in every tab: only this one (the leader) has the socket.
    onTyping(frame) {
      conversation.typingFrame(frame);
      const requestId = conversation.requestId.peek();
      if (requestId) tabs.post({ type: 'typing', requestId, frame });
    },
    // After every (re)connection: what was pushed while we were away comes from REST.
    onResync: () => void conversation.sync().catch(reportError('sync')),
    isOnline: () => env.online.peek(),
  });
  // The history of the conversation stored from the last visit is here (README "First paint").
  const historyReady = signal(false);
  const historyHere = () => void (historyReady.value = true);
  const poller = createPoller({
    env,
    state: () => ({
      // Only the leading tab polls; the others hear from it.
      // A session the service refuses is not polled: that would be a refused GET every few seconds.
      hasConversation: tabs.isLeader.value && !!conversation.requestId.value && !!session.token.value && !session.refused.value,
      // On the home screen the current conversation is not in view: it is polled like a closed window.
      windowOpen: ui.isOpen.value && ui.screen.value === 'conversation',
      msSinceActivity: Date.now() - conversation.lastActivity.value,
      pushLive: realtime.live.value,
    }),
    // The first look at a stored conversation, answered or failed, is what an open window waits for.
    tick: () => conversation.sync().finally(historyHere),
    onOnline: () => {
      conversation.resume();
      realtime.wake();
    },
  });

  return {
    poller,
    historyReady,
    /** No conversation stored: no history to wait for. */
    noHistory: historyHere,
    /**
     * A tab that does not lead reads the stored conversation once (its count and preview), then
     * hears from the leader; the leader's first look comes from the leadership effect.
     */
    lookOnceUnlessLeading() {
      if (!tabs.isLeader.peek()) void conversation.sync().catch(reportError('sync')).finally(historyHere);
    },
    watch() {
      const reschedule = () => {
        if (life.started) poller.reschedule();
      };
      life.effects(
        () => {
          // Re-arm the poller when the conversation starts or the session changes.
          void conversation.requestId.value;
          void session.token.value;
          void session.refused.value;
          reschedule();
        },
        () =>
          realtime.follow({
            requestId: conversation.requestId.value,
            token: session.token.value,
            active: life.running.value && tabs.isLeader.value,
            // The page's setting, or what the service announces in `project.widget.realtime`.
            setting: settings.value.realtime,
          }),
        () => {
          // A tab that takes the lead sends what a closed tab left in the outbox, and looks for news.
          if (!tabs.isLeader.value || !life.running.value) return;
          conversation.takeOver();
          poller.reschedule();
          poller.kick();
        },
        () => {
          // Push live or not, the poll interval follows.
          void realtime.live.value;
          reschedule();
        },
        () => {
          // The loader's hint for the next page (client/live/loadHint.ts), once the stored conversation is read.
          if (life.running.value) loadHint(!!conversation.requestId.value && !conversation.closed.value);
        },
      );
    },
    stop() {
      poller.stop();
      realtime.stop();
    },
  };
}
