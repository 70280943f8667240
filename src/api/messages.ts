import type { Http } from './http.ts';
import { normalizeMessage, normalizeMessages } from './normalize/message.ts';
import type { SendMessageBody, WireMessage } from './wire.ts';

const path = (projectId: string, requestId: string) => `/${encodeURIComponent(projectId)}/requests/${encodeURIComponent(requestId)}/messages`;

/**
 * `POST /{pid}/requests/{rid}/messages`: creates the request on the first message. The stored
 * message, normalised; null when the 2xx answer is not a usable message (it is stored all the same).
 */
export async function postMessage(http: Http, token: string, projectId: string, requestId: string, body: SendMessageBody): Promise<WireMessage | null> {
  return normalizeMessage(await http<unknown>('POST', path(projectId, requestId), { token, body }));
}

/** A history longer than this took a while to parse. */
const LONG = 200;

/**
 * A long history is normalised in slices, the page running between them (thousands of messages;
 * that code comes with the first one). Not downloaded (offline): in one go.
 */
const readHistory = (body: unknown) =>
  Array.isArray(body) && body.length > LONG
    ? import('./slices.ts').then(
        (m) => m.normalizeMessagesInSlices(body),
        () => normalizeMessages(body),
      )
    : normalizeMessages(body);

/** The history held, and the messages the service added after its last one: the held ones stay the same objects. */
const extendHistory = (held: unknown, more: unknown[]) => {
  const list = held as WireMessage[];
  return [...list, ...normalizeMessages(more, Date.now(), list.at(-1))];
};

/**
 * `GET /{pid}/requests/{rid}/messages`: the whole history, oldest first; `[]` before the first message.
 * Polled: revalidated with the service's ETag, and an answer unchanged since the last call on the
 * same `http` (one widget) for this conversation returns the SAME array as then, not re-parsed (the
 * contract state relies on: `next === previous` means nothing changed, skip the merge and the render).
 * An answer that only grew at its end gives the last array's messages (the same objects) followed by
 * the new ones, parsed and normalised alone.
 */
export async function listMessages(http: Http, token: string, projectId: string, requestId: string): Promise<WireMessage[]> {
  return http<WireMessage[]>('GET', path(projectId, requestId), { token, reuse: readHistory, extend: extendHistory });
}
