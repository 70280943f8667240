import { afterEach, describe, expect, it, vi } from 'vitest';
import { codeOnDemand } from '../test/codeOnDemand.ts';

const apiUrl = 'https://api.test/v3';
const one = JSON.stringify([{ _id: 'm1', text: 'hello', sender: 'a', type: 'text', createdAt: '2024-05-01T10:00:00.000Z' }]);

/** http.ts with what polls remember (answerMemory.ts, code of its own) not downloadable while `network.codeDown`. */
async function setup() {
  const { network, loads } = codeOnDemand('../api/answerMemory.ts');
  const { createHttp } = await import('./http.ts');
  const { listMessages } = await import('./messages.ts');
  const fetch = vi.fn(async () => new Response(one));
  const http = createHttp({ apiUrl, fetch: fetch });
  return { network, loads, fetch, http, poll: () => listMessages(http, 'JWT t', 'p', 'r1') };
}

afterEach(() => {
  vi.doUnmock('./answerMemory.ts');
  vi.resetModules();
});

describe('what polls remember, code on demand', () => {
  it('is not downloaded for a request that polls nothing', async () => {
    const { http, loads, fetch } = await setup();
    expect(await http('GET', '/p/widgets')).toEqual(JSON.parse(one));
    await http('POST', '/p/requests/r1/messages', { body: { text: 'hi' } });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(loads).not.toHaveBeenCalled();
  });

  it('not downloaded: the poll is read afresh (the same messages), and the next poll tries again', async () => {
    const { network, loads, poll } = await setup();
    network.codeDown = true;
    const first = await poll();
    expect(first.map((m) => m.text)).toEqual(['hello']);
    expect(loads).toHaveBeenCalledTimes(1);
    // Nothing remembered: a new reading, equal to the first.
    const second = await poll();
    expect(second).not.toBe(first);
    expect(second).toEqual(first);
    expect(loads).toHaveBeenCalledTimes(2);
    network.codeDown = false;
    const third = await poll();
    expect(third).toEqual(first);
    // Remembered from here on: an unchanged answer is the very same array, the code loaded once.
    expect(await poll()).toBe(third);
    expect(loads).toHaveBeenCalledTimes(3);
  });

  it('a download that never ends gives up on time, as an answer that never comes does', async () => {
    vi.doMock('./answerMemory.ts', () => new Promise(() => {}));
    const { createHttp, NetworkError } = await import('./http.ts');
    const fetch = vi.fn(async () => new Response(one));
    const http = createHttp({ apiUrl, fetch: fetch, timeoutMs: 30 });
    const { listMessages } = await import('./messages.ts');
    await expect(listMessages(http, 'JWT t', 'p', 'r1')).rejects.toBeInstanceOf(NetworkError);
    expect(fetch).not.toHaveBeenCalled();
  });
});
