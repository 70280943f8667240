import type { Http } from '../../api/http.ts';
import type { RatingMemory } from './rating.ts';
import type { SessionModel } from '../session/session.ts';

/**
 * Asks the service for the rating of an ended conversation (rating.ts `recall`): code on demand,
 * with the later client code, as only an ended conversation's panel asks. Once per conversation.
 */
export function createRecall(
  { http, session, projectId }: { http: Http; session: SessionModel; projectId: string },
  memory: Pick<RatingMemory, 'given' | 'remember'>,
) {
  const { given } = memory;
  let asked = '';
  return async (requestId: string) => {
    if (asked === requestId || given.peek()?.requestId === requestId) return;
    asked = requestId;
    const { listMyRequests } = await import('../../api/myRequests.ts');
    const list = await session.authorized((token) => listMyRequests(http, token, projectId, { status: 'all' }));
    const rating = list.requests.find((r) => r.request_id === requestId)?.rating;
    if (rating && given.peek()?.requestId !== requestId) memory.remember(requestId, rating);
  };
}
