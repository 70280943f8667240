import { computed, signal, untracked } from '@preact/signals-core';
import { createPoller } from '../live/poller.ts';
import type { ListFollower, PushLink } from './pushLinks.ts';
import type { ClientContext } from './clientContext.ts';

/**
 * How the conversation stays current: one tab leads (tabs.ts) and only it polls (poller.ts) and holds
 * the push channels (the service's socket, realtime.ts, or Chat21's broker, chat21Push.ts); the
 * others hear from it. While push is up, polls slow down to a safety net. A tab that takes the lead
 * sends what a closed tab left in the outbox. Also the first look at a stored conversation
 * (`historyReady`).
 */
export function createLiveness(c: ClientContext, list: ListFollower) {
  const { settings, reportError, env, conversation, session, tabs, ui, life } = c;
  const sync = () => void conversation.sync().catch(reportError('sync'));
  // Each push channel's policy comes on demand, only where a setting names it: the service's own
  // socket (`realtime`, policy/realtimeLink.ts) and Chat21's broker (`mqttEndpoint`, policy/chat21Link.ts).
  const links = signal<PushLink[]>([]);
  const linking = new Set<string>();
  const link = (name: string, make: () => Promise<PushLink | null>) => {
    if (linking.has(name)) return;
    linking.add(name);
    make().then(
      (made) => void (made && (links.value = [...links.peek(), made])),
      // Not downloaded (offline): polling carries on; tried again when the network is back.
      () => void linking.delete(name),
    );
  };
  const linkAsSet = () => {
    const { realtime, mqttEndpoint } = settings.value;
    if (realtime) link('realtime', () => import('./realtimeLink.ts').then((m) => m.linkRealtime(c, sync)));
    if (mqttEndpoint) link('chat21', () => import('./chat21Link.ts').then((m) => m.linkChat21Push(c, list, sync)));
  };
  /** A push channel is up: the open conversation's polls are the safety net only. */
  const pushLive = computed(() => links.value.some((l) => l.live.value));
  /** One that pushes every conversation's news is up: so are the list's. */
  const inboxLive = computed(() => links.value.some((l) => l.wholeInbox && l.live.value));
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
      for (const l of links.peek()) l.wake();
      untracked(linkAsSet);
    },
  });

  return {
    poller,
    inboxLive,
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
        linkAsSet,
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
      );
    },
    stop() {
      poller.stop();
    },
  };
}
