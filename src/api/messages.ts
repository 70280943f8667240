import type { Http } from './http.ts';
import type { SendMessageBody, WireMessage } from './wire.ts';

const path = (projectId: string, requestId: string) =>
  `/${encodeURIComponent(projectId)}/requests/${encodeURIComponent(requestId)}/messages`;

/** `POST /{pid}/requests/{rid}/messages`: creates the request on the first message. */
export function postMessage(
  http: Http,
  token: string,
  projectId: string,
  requestId: string,
  body: SendMessageBody,
): Promise<WireMessage> {
  return http<WireMessage>('POST', path(projectId, requestId), { token, body });
}

/** `GET /{pid}/requests/{rid}/messages`: the whole history, oldest first; `[]` before the first message. */
export async function listMessages(http: Http, token: string, projectId: string, requestId: string): Promise<WireMessage[]> {
  const list = await http<unknown>('GET', path(projectId, requestId), { token });
  return Array.isArray(list) ? (list as WireMessage[]) : [];
}
