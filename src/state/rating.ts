import { signal, type Signal } from '@preact/signals-core';
import type { Http } from '../api/http.ts';
import type { SessionModel } from './session.ts';

/** A rating the service holds for one conversation. */
export interface GivenRating {
  requestId: string;
  rating: number;
}

/**
 * The rating of the ended conversation, remembered across reloads by the service itself: a guest
 * cannot read a request, but `GET /{pid}/requests/me?status=all` lists its own requests with their
 * `rating`. Asked once per conversation when the end panel shows; set at once after rating.
 */
export interface RatingMemory {
  given: Signal<GivenRating | null>;
  recall(requestId: string): Promise<void>;
  remember(requestId: string, rating: number): void;
}

export function createRatingMemory({ http, session, projectId }: { http: Http; session: SessionModel; projectId: string }): RatingMemory {
  const given = signal<GivenRating | null>(null);
  let asked = '';
  return {
    given,
    async recall(requestId) {
      if (asked === requestId || given.peek()?.requestId === requestId) return;
      asked = requestId;
      // Asked only when an ended conversation shows: the call's code comes then.
      const { listMyRequests } = await import('../api/requests.ts');
      const list = await session.authorized((token) => listMyRequests(http, token, projectId, { status: 'all' }));
      const rating = list.requests.find((r) => r.request_id === requestId)?.rating;
      if (rating && given.peek()?.requestId !== requestId) given.value = { requestId, rating };
    },
    remember(requestId, rating) {
      given.value = { requestId, rating };
    },
  };
}
