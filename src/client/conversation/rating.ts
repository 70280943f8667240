import { signal, type ReadonlySignal } from '@preact/signals-core';
import type { Http } from '../../api/http.ts';
import { loadOnce } from '../platform/loadOnce.ts';
import type { SessionModel } from '../session/session.ts';

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
  given: ReadonlySignal<GivenRating | null>;
  recall(requestId: string): Promise<void>;
  remember(requestId: string, rating: number): void;
}

export function createRatingMemory(deps: { http: Http; session: SessionModel; projectId: string }): RatingMemory {
  const given = signal<GivenRating | null>(null);
  // Only an ended conversation's panel asks: the asking's code is not part of a first open.
  const recaller = loadOnce(() => import('./ratingRecall.ts').then((m) => m.createRecall(deps, memory)));
  const memory: RatingMemory = {
    given,
    recall: (requestId) => recaller().then((recall) => recall(requestId)),
    remember(requestId, rating) {
      given.value = { requestId, rating };
    },
  };
  return memory;
}
