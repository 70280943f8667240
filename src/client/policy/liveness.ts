import { computed, signal } from '@preact/signals-core';
import { createLoadHint } from '../live/loadHint.ts';
import { createPoller } from '../live/poller.ts';
import { createRealtimeOnDemand } from '../live/realtimeOnDemand.ts';
import type { Chat21Link, ListFollower } from './chat21Link.ts';
import type { ClientContext } from './clientContext.ts';

/**
 * How the conversation stays current: one tab leads (tabs.ts) and only it polls (poller.ts) and holds
 * the push channels (the service's socket, realtime.ts, or Chat21's broker, chat21Push.ts); the
 * others hear from it. While push is up, polls slow down to a safety net. A tab that takes the lead
 * sends what a closed tab left in the outbox. Also the first look at a stored conversation
 * (`historyReady`) and the loader's hint for the next page (loadHint.ts).
 */
export function createLiveness(c: ClientContext, list: ListFollower) {
  const { win, projectId, persistence, apiUrl, store, settings, reportError, env, conversation, session, tabs, ui, life } = c;
  const sync = () => void conversation.sync().catch(reportError('sync'));
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
    onResync: sync,
    isOnline: () => env.online.peek(),
  });
  // Chat21's push (policy/chat21Link.ts): its code comes only for a page that names a broker.
  const chat21 = signal<Chat21Link | null>(null);
  let linking = false;
  const linkChat21 = () => {
    if (linking || !settings.peek().mqttEndpoint) return;
    linking = true;
    import('./chat21Link.ts').then(
      (m) => void (life.disposed || (chat21.value = m.linkChat21Push(c, list, sync))),
      // Not downloaded (offline): polling carries on; tried again when the network is back.
      () => void (linking = false),
    );
  };
  /** A push channel is up: polls are the safety net only. */
  const pushLive = computed(() => realtime.live.value || !!chat21.value?.live.value);
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
      pushLive: pushLive.value,
    }),
    // The first look at a stored conversation, answered or failed, is what an open window waits for.
    tick: () => conversation.sync().finally(historyHere),
    onOnline: () => {
      conversation.resume();
      realtime.wake();
      chat21.peek()?.wake();
      linkChat21();
    },
  });

  return {
    poller,
    pushLive,
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
      linkChat21();
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
          void pushLive.value;
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
