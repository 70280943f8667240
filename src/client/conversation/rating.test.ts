import { describe, expect, it, vi } from 'vitest';
import type { Http } from '../../api/http.ts';
import { createRatingMemory } from './rating.ts';
import type { SessionModel } from '../session/session.ts';

/** A service whose `GET /{pid}/requests/me?status=all` lists `requests`, and a session that hands its token. */
function memoryOn(listed: Array<{ request_id: string; rating?: number }>) {
  const requests = listed.map((request) => ({ ...request, status: 1000 }));
  const http = vi.fn((_method: string, _path: string) => Promise.resolve({ requests, count: requests.length, perPage: 40 }));
  const session = { authorized: (call: (token: string) => Promise<unknown>) => call('JWT t') } as unknown as SessionModel;
  return { http, memory: createRatingMemory({ http: http as unknown as Http, session, projectId: 'p' }) };
}

describe('the rating memory', () => {
  it('recalls the rating the service holds for an ended conversation, asking once per conversation', async () => {
    const { http, memory } = memoryOn([{ request_id: 'r1', rating: 4 }]);
    await memory.recall('r1');
    expect(memory.given.value).toEqual({ requestId: 'r1', rating: 4 });
    await memory.recall('r1');
    expect(http).toHaveBeenCalledTimes(1);
    expect(http.mock.calls[0]!.slice(0, 2)).toEqual(['GET', '/p/requests/me?status=all']);
  });

  it('remembers a rating just given at once, and does not ask for it', async () => {
    const { http, memory } = memoryOn([{ request_id: 'r2', rating: 1 }]);
    memory.remember('r2', 5);
    expect(memory.given.value).toEqual({ requestId: 'r2', rating: 5 });
    await memory.recall('r2');
    expect(http).not.toHaveBeenCalled();
    expect(memory.given.value).toEqual({ requestId: 'r2', rating: 5 });
  });

  it('an unrated conversation leaves nothing given', async () => {
    const { memory } = memoryOn([{ request_id: 'r3' }]);
    await memory.recall('r3');
    expect(memory.given.value).toBeNull();
  });
});
