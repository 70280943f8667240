import { createRealtimeOnDemand } from '../live/realtimeOnDemand.ts';
import type { ClientContext } from './clientContext.ts';
import type { PushLink } from './pushLinks.ts';

/**
 * What the service's own socket (live/realtime.ts) means for the chat: the leading tab follows the
 * open conversation there, what it brings takes the poll's path, who is typing shows in every tab.
 * Code of its own, downloaded only once the `realtime` setting (the page's, or the service's
 * `project.widget.realtime`) is on: the reference server takes no visitors on its socket, so most
 * visits never fetch it. Stops with the client (`life.effects`, `life.signal`); none after it.
 */
export function linkRealtime(c: ClientContext, sync: () => void): PushLink | null {
  const { apiUrl, projectId, store, settings, env, conversation, session, tabs, life } = c;
  // Its code came after the client's end: nothing to link.
  if (life.disposed) return null;
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
  life.effects(() =>
    realtime.follow({
      requestId: conversation.requestId.value,
      token: session.token.value,
      active: life.running.value && tabs.isLeader.value,
      // The page's setting, or what the service announces in `project.widget.realtime`.
      setting: settings.value.realtime,
    }),
  );
  life.signal.addEventListener('abort', realtime.stop);
  return { live: realtime.live, wake: realtime.wake, wholeInbox: false };
}
