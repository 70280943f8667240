import { signal } from '@preact/signals-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeChannels, fakeLocks } from '../../test/fakeTabs.ts';
import { createTabs } from './tabs.ts';

// The tabs set no timers of their own: the fake locks grant in a later task. Settled is when every
// task queued (and those they queue) has run.
beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());
const settle = () => vi.runAllTimersAsync();

describe('createTabs', () => {
  it('without shared storage (or Web Locks) every tab leads alone and tells nobody', () => {
    const onMessage = vi.fn();
    const tabs = createTabs({ name: 'p', shared: false, onMessage, win: window, visible: signal(true) });
    expect(tabs.isLeader.value).toBe(true);
    tabs.post({ type: 'read' });
    tabs.stop();
    expect(onMessage).not.toHaveBeenCalled();
  });

  it('one tab leads; the tab the visitor turns to takes the lead; the other waits and leads again when it closes', async () => {
    const locks = fakeLocks();
    const Channel = fakeChannels();
    const win = { navigator: { locks }, BroadcastChannel: Channel } as unknown as Window;
    const seenA = signal(true);
    const seenB = signal(false);
    const a = createTabs({ name: 'p', shared: true, onMessage: () => {}, win, visible: seenA });
    const b = createTabs({ name: 'p', shared: true, onMessage: () => {}, win, visible: seenB });
    await settle();
    expect([a.isLeader.value, b.isLeader.value]).toEqual([true, false]);

    seenA.value = false;
    seenB.value = true;
    await settle();
    expect([a.isLeader.value, b.isLeader.value]).toEqual([false, true]);

    b.stop();
    await settle();
    expect(a.isLeader.value).toBe(true);
    a.stop();
  });

  it('passes what one tab posts to the others, as it came (tabRelay.ts checks it)', async () => {
    const Channel = fakeChannels();
    const win = { navigator: { locks: fakeLocks() }, BroadcastChannel: Channel } as unknown as Window;
    const heard: unknown[] = [];
    const a = createTabs({ name: 'p', shared: true, onMessage: () => {}, win, visible: signal(true) });
    const b = createTabs({ name: 'p', shared: true, onMessage: (m) => heard.push(m), win, visible: signal(false) });
    a.post({ type: 'unread', count: 2 });
    a.post({ type: 'messages', requestId: 'r1', messages: [{ _id: 'm1', sender: 'a', recipient: 'r1', text: 'hi' } as never, { bogus: true } as never] });
    new Channel('p').postMessage({ type: 'format-disk' });
    await settle();
    expect(heard).toEqual([
      { type: 'unread', count: 2 },
      { type: 'messages', requestId: 'r1', messages: [{ _id: 'm1', sender: 'a', recipient: 'r1', text: 'hi' }, { bogus: true }] },
      { type: 'format-disk' },
    ]);
    a.stop();
    b.stop();
  });

  describe('a browser whose features throw (Firefox with storage blocked: SecurityError): the tab leads alone', () => {
    const insecure = () => new DOMException('The operation is insecure.', 'SecurityError');
    const cases: Array<[string, () => Window]> = [
      [
        'BroadcastChannel constructor',
        () =>
          ({
            navigator: { locks: fakeLocks() },
            BroadcastChannel: function BroadcastChannel() {
              throw insecure();
            },
          }) as unknown as Window,
      ],
      [
        'navigator.locks getter',
        () =>
          ({
            navigator: {
              get locks() {
                throw insecure();
              },
            },
            BroadcastChannel: fakeChannels(),
          }) as unknown as Window,
      ],
      [
        'Web Lock request refused',
        () => ({ navigator: { locks: { request: () => Promise.reject(insecure()) } }, BroadcastChannel: fakeChannels() }) as unknown as Window,
      ],
      [
        'Web Lock request that throws',
        () =>
          ({
            navigator: {
              locks: {
                request: () => {
                  throw insecure();
                },
              },
            },
            BroadcastChannel: fakeChannels(),
          }) as unknown as Window,
      ],
    ];
    for (const [name, makeWindow] of cases) {
      it(name, async () => {
        const tabs = createTabs({ name: 'p', shared: true, onMessage: () => {}, win: makeWindow(), visible: signal(true) });
        await settle();
        expect(tabs.isLeader.value).toBe(true);
        expect(() => tabs.post({ type: 'read' })).not.toThrow();
        expect(() => tabs.stop()).not.toThrow();
      });
    }

    it('a message the channel refuses to copy (DataCloneError) is dropped, not thrown into the caller', async () => {
      class Refusing {
        onmessage = null;
        postMessage() {
          throw new DOMException('could not be cloned', 'DataCloneError');
        }
        close() {}
      }
      const tabs = createTabs({
        name: 'p',
        shared: true,
        onMessage: () => {},
        win: { navigator: { locks: fakeLocks() }, BroadcastChannel: Refusing } as unknown as Window,
        visible: signal(true),
      });
      expect(() => tabs.post({ type: 'read' })).not.toThrow();
      tabs.stop();
    });
  });
});
