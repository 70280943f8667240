import { afterEach, describe, expect, it, vi } from 'vitest';
import { openStore, sessionOpenMirror } from './storage.ts';

const insecure = () => new DOMException('The operation is insecure.', 'SecurityError');

describe('storage where the browser refuses it (SecurityError, as Firefox does with storage blocked)', () => {
  afterEach(() => void vi.restoreAllMocks());

  it('the open-state mirror: a sessionStorage that throws on read or write is no mirror, never a failure', () => {
    const throwing = {
      getItem: () => {
        throw insecure();
      },
      setItem: () => {
        throw insecure();
      },
    };
    const win = { sessionStorage: throwing } as unknown as Window;
    const mirror = sessionOpenMirror(win, 'p', 'local');
    expect(mirror?.read()).toBeUndefined();
    expect(() => mirror?.write(true)).not.toThrow();
  });

  it('a localStorage that throws on access: the visit is still kept in IndexedDB', async () => {
    const reported: unknown[] = [];
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw insecure();
    });
    const first = openStore('local', 'p-refused', (error) => reported.push(error));
    await first.set('conversation', { requestId: 'r1' });
    // Another page load (a new store over the same database) finds it.
    expect(await openStore('local', 'p-refused').get('conversation')).toEqual({ requestId: 'r1' });
  });
});
