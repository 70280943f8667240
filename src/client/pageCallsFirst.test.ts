import { afterEach, describe, expect, it } from 'vitest';
import { createHttp } from '../api/http.ts';
import { createFakeService } from '../test/fakeService.ts';
import { createStagedChatClient, type StagedClient } from './client.ts';
import { createMemoryStore } from './platform/storage.ts';

const made: StagedClient[] = [];
afterEach(() => {
  for (const staged of made.splice(0)) staged.client.dispose();
});

/** A script tag's client (made in stages, at once here) on a fake service. */
function stagedClient(settings: Record<string, unknown> = {}) {
  const service = createFakeService();
  let staged!: StagedClient;
  createStagedChatClient(
    {
      settings: { projectid: service.projectId, apiUrl: service.apiUrl, persistence: 'none', realtime: false, ...settings },
      http: createHttp({ apiUrl: service.apiUrl, fetch: service.fetch }),
      store: createMemoryStore(),
    },
    (step) => step(),
    (done) => (staged = done),
  );
  made.push(staged);
  staged.start();
  return { service, ...staged };
}

describe("the page's calls that wait for their code (the script tag's command queue)", () => {
  it('come before a message the visitor sends meanwhile, as any earlier command does: a setUser just before names the visitor on it', async () => {
    const { service, client, pageCallsFirst } = stagedClient({ customAttributes: { plan: 'pro' } });
    await client.ready;
    await client.send('one');
    let run!: () => void;
    const waiting = new Promise<void>((resolve) => (run = resolve));
    let calls: Promise<void> | undefined = waiting;
    pageCallsFirst(() => calls);
    const sent = client.send('two');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(service.posts()).toHaveLength(1);
    // The page's setUser runs with its code; then the message goes, naming the visitor anew.
    client.setUser({ attributes: { plan: 'team' } });
    calls = undefined;
    run();
    await sent;
    const attributes = service.posts().map((c) => (c.body as { attributes: Record<string, unknown> }).attributes);
    expect(attributes.map((a) => a.payload)).toEqual([{ plan: 'pro' }, { plan: 'team' }]);
    // None waiting: a message goes at once.
    await client.send('three');
    expect(service.posts()).toHaveLength(3);
  });
});
