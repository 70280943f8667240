import { mqttEndpoint } from '../../state/mqttEndpoint.ts';
import { createChat21Push } from '../live/chat21Push.ts';
import type { ClientContext } from './clientContext.ts';
import type { ListFollower, PushLink } from './pushLinks.ts';

/**
 * What Chat21's push (issue 24, live/chat21Push.ts) means for the chat: the leading tab holds the
 * connection once there is a conversation or a list to follow, window open or closed (the badge and
 * the preview come by push too), never for a refused session; what it brings takes the path a poll's
 * answer takes. Code of its own with the push model, downloaded only by a page that names a broker
 * (`mqttEndpoint`): most deployments have none; the MQTT client comes once the service gives a
 * token (live/chat21Push.ts). Stops with the client (`life.effects`, `life.signal`).
 */
export function linkChat21Push(c: ClientContext, list: ListFollower, sync: () => void): PushLink | null {
  const { win, http, store, apiUrl, settings, env, conversation, session, tabs, life } = c;
  // Its code came after the client's end: nothing to link.
  if (life.disposed) return null;
  // A setting that makes no endpoint (say, one that would leave the API's host): polling, as without one.
  const endpoint = mqttEndpoint(settings.peek().mqttEndpoint, apiUrl, win.location.href);
  if (!endpoint) return null;
  const isOpen = (requestId: string) => requestId === conversation.requestId.peek();
  /** What the service says of conversation `requestId` is read again: the open one's messages, or the list. */
  const readAgain = (requestId: string) => (isOpen(requestId) ? sync() : list.refresh());
  const push = createChat21Push({
    http,
    store,
    endpoint,
    // The same path as a polled message: merged by `_id` (the visitor's own echo settles its outbox
    // item), announced once, shared with the other tabs. Another conversation's news is the list's.
    onMessage: (requestId, message) => (isOpen(requestId) ? conversation.receive([message]) : list.refresh()),
    // A close ends the conversation as a polled one does: the poll's own path reads it.
    onClosed: readAgain,
    // A message Chat21 wrote itself has no REST id: only a REST read shows it.
    onUnkeyed: readAgain,
    // After every connect and reconnect, one REST read fills what was missed meanwhile.
    onUp() {
      sync();
      if (list.listed()) list.refresh();
    },
    isOnline: () => env.online.peek(),
  });
  life.effects(() =>
    push.follow({
      active: life.running.value && tabs.isLeader.value && !session.refused.value && (!!conversation.requestId.value || list.listed()),
      jwt: session.token.value,
      visitorId: session.visitor.value?.id ?? null,
    }),
  );
  life.signal.addEventListener('abort', push.stop);
  return { live: push.live, wake: push.wake, wholeInbox: true };
}
