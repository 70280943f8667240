import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { until } from './test/fakeFetch.ts';
import { FakeSocket } from './test/fakeSocket.ts';
import { widgetHarness } from './test/mountForTest.ts';

// The push channel's code (its own chunk) counted as it is asked for: a socket not tried is one whose code is never fetched.
const realtimeCode = vi.hoisted(() => ({ loads: 0 }));
vi.mock('./client/live/realtime.ts', async (original) => {
  realtimeCode.loads++;
  return original();
});

/** Which socket a whole widget opens, from the page's setting or what the service announces. */
const harness = widgetHarness();

beforeEach(() => {
  realtimeCode.loads = 0;
  FakeSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => vi.unstubAllGlobals());

/**
 * Mounts with `realtime` as given (the harness's own default is off), sends once, and waits for the
 * code asked for by then to arrive — and, when a socket is expected, until it is there (its code is a
 * chunk fetched on demand).
 */
async function socketsAfterFirstMessage(realtime: unknown, expected = false): Promise<string[]> {
  const { widget } = harness.start({ realtime: realtime as boolean | string | undefined });
  await widget.sendMessage('hello');
  await until(() => expect(harness.service.posts()).toHaveLength(1));
  await vi.dynamicImportSettled();
  if (!expected) expect(realtimeCode.loads).toBe(0);
  if (expected) await until(() => expect(FakeSocket.instances.length).toBeGreaterThan(0));
  return FakeSocket.instances.map((socket) => socket.url.replace(/\?token=.*$/, ''));
}

describe('the widget’s websocket', () => {
  it('is not tried when nothing says the service takes visitors', async () => {
    expect(await socketsAfterFirstMessage(undefined)).toEqual([]);
  });

  it('is tried at the API root when the service announces realtime: true in project.widget', async () => {
    harness.service.setWidgets({ project: { _id: harness.service.projectId, name: 'Fake project', widget: { realtime: true } } });
    expect(await socketsAfterFirstMessage(undefined, true)).toEqual(['wss://api.test/v3/']);
  });

  it('is tried at the URL the page names', async () => {
    expect(await socketsAfterFirstMessage('wss://push.test/socket', true)).toEqual(['wss://push.test/socket']);
  });

  it('is not tried when the page says false, whatever the service announces', async () => {
    harness.service.setWidgets({ project: { _id: harness.service.projectId, name: 'Fake project', widget: { realtime: true } } });
    expect(await socketsAfterFirstMessage(false)).toEqual([]);
  });
});
