import type { Http } from './http.ts';
import { normalizeChat21Token } from './normalize/chat21.ts';
import type { Chat21Token } from './wire.ts';

/**
 * `POST /chat21/native/auth/createCustomToken` with the visitor's JWT (docs/service.md §12.1): the
 * token and user id to connect to the Chat21 broker with. null when the answer is no usable token.
 * A deployment without Chat21 (or with another engine) answers 404, a refused JWT 401/403: those
 * are the caller's `ApiError`s (they mean "poll").
 */
export async function createChat21Token(http: Http, token: string): Promise<Chat21Token | null> {
  return normalizeChat21Token(await http<unknown>('POST', '/chat21/native/auth/createCustomToken', { token, body: {} }));
}
