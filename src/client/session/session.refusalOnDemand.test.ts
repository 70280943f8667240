import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttp } from '../../api/http.ts';
import { listMessages } from '../../api/messages.ts';
import { createFakeService } from '../../test/fakeService.ts';
import { createMemoryStore } from '../platform/storage.ts';

const RID = 'support-group-65f0c0ffee0000000000d3e0-0123456789abcdef0123456789abcdef';

/** A session whose refusal handling (sessionRefusal.ts, a chunk of its own) cannot be downloaded when `offline`. */
async function setup(offline: boolean) {
  const loads = vi.fn();
  vi.doMock('./sessionRefusal.ts', async (original) => {
    loads();
    if (offline) throw new Error('Failed to fetch dynamically imported module');
    return original();
  });
  const { createSession } = await import('./session.ts');
  const service = createFakeService();
  const network = { down: false };
  const http = createHttp({
    apiUrl: service.apiUrl,
    fetch: (input, init) => (network.down ? Promise.reject(new TypeError('Failed to fetch')) : service.fetch(input, init)),
  });
  const session = createSession({ http, store: createMemoryStore(), projectId: service.projectId, identity: () => ({}) });
  await session.ensure();
  const list = () => session.authorized((token) => listMessages(http, token, service.projectId, RID));
  return { service, session, list, loads, network };
}

describe('session: the handling of refused credentials comes on demand', () => {
  afterEach(() => {
    vi.doUnmock('./sessionRefusal.ts');
    vi.resetModules();
  });

  it('is not asked for by a failure that cannot be a refusal (no answer, a 500, a 404)', async () => {
    const { service, list, loads, network } = await setup(false);
    for (const fault of [
      { status: 500, body: 'Unauthorized' },
      { status: 404, body: 'Unauthorized' },
    ]) {
      service.setFault((call) => (call.path.endsWith('/messages') ? fault : undefined));
      await expect(list()).rejects.toMatchObject({ status: fault.status });
    }
    service.setFault(null);
    network.down = true;
    await expect(list()).rejects.toMatchObject({ name: 'NetworkError' });
    network.down = false;
    expect(loads).not.toHaveBeenCalled();
    service.revokeAll();
    await expect(list()).resolves.toBeDefined();
    expect(loads).toHaveBeenCalledTimes(1);
  });

  it('not downloaded (offline meanwhile): the call fails with its own error, and calls are not stopped', async () => {
    const { service, session, list } = await setup(true);
    service.revokeAll();
    await expect(list()).rejects.toMatchObject({ status: 401 });
    expect(session.refused.value).toBe(false);
  });
});
