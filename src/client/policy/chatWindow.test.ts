import { describe, expect, it, vi } from 'vitest';
import { chatClientsOnFakeService } from '../../test/chatClientOnFakeService.ts';
import { until } from '../../test/fakeFetch.ts';
import { heldFrames } from '../../test/heldFrames.ts';

const startClient = chatClientsOnFakeService();

const frames = heldFrames();

describe("what the visitor's open sets off", () => {
  it("signs in once the window's first frame is on screen, never in the task that opens it", async () => {
    const { client, service } = startClient();
    await client.ready;
    frames.hold();
    const signIns = () => service.calls.filter((call) => call.path === '/auth/signinAnonymously').length;
    client.open();
    // The rest of the opening task (the window's render) and its microtasks: no request yet.
    await Promise.resolve();
    expect(signIns()).toBe(0);
    expect(frames.waiting).toBeGreaterThan(0);
    frames.drawFrame();
    await until(() => expect(client.session.token.value).toBeTruthy());
    expect(signIns()).toBe(1);
  });

  it('sets off nothing when the window closes before its first frame', async () => {
    const { client, service } = startClient();
    await client.ready;
    frames.hold();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    client.open();
    client.close();
    frames.drawFrame();
    // Past the hidden tab's fallback (afterPaint.ts) and the task after it.
    await vi.runAllTimersAsync();
    vi.useRealTimers();
    expect(service.calls.some((call) => call.path === '/auth/signinAnonymously')).toBe(false);
    expect(client.session.token.value).toBeNull();
  });
});
