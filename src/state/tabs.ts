import { signal, type ReadonlySignal } from '@preact/signals-core';
import type { WireMessage } from '../api/wire.ts';

/**
 * Several tabs of one site share one conversation. One tab leads (a Web Lock): it polls, holds the
 * push channel and counts unread messages; the others hear about it over a BroadcastChannel. The
 * tab the visitor is looking at takes the lead (the lock is stolen), so a hidden leader never
 * leaves a visible tab without updates; when the leader closes, the lock passes to the next tab.
 * Without Web Locks or BroadcastChannel (or with per-tab storage) every tab leads itself.
 */
export type TabMessage =
  | { type: 'messages'; requestId: string; messages: WireMessage[] }
  | { type: 'outbox' }
  /** Started, closed, forgotten or switched; also the leading tab counted replies in the visitor's other conversations. */
  | { type: 'conversation' }
  | { type: 'session' }
  | { type: 'unread'; count: number }
  | { type: 'read' }
  | { type: 'sent' };

export interface TabsModel {
  isLeader: ReadonlySignal<boolean>;
  /** Tell the other tabs (never this one). */
  post(message: TabMessage): void;
  stop(): void;
}

export function createTabs(options: {
  name: string;
  shared: boolean;
  /** What another tab posted, unchecked: its code checks it (tabRelay.ts `tabMessage`), with what the tab does with it. */
  onMessage(data: unknown): void;
  win: Window;
  /** The page is seen (environment.ts): the tab the visitor turns to takes the lead. */
  visible: ReadonlySignal<boolean>;
}): TabsModel {
  const { win, visible } = options;
  // Absent in old browsers and on insecure origins, although lib.dom types it as always there.
  const locks = win.navigator.locks as LockManager | undefined;
  const Channel = (win as unknown as { BroadcastChannel?: typeof BroadcastChannel }).BroadcastChannel;
  const isLeader = signal(true);
  if (!options.shared || !locks || typeof locks.request !== 'function' || typeof Channel !== 'function') {
    return { isLeader, post: () => {}, stop: () => {} };
  }

  isLeader.value = false;
  const channel = new Channel(options.name);
  channel.onmessage = (event: MessageEvent) => options.onMessage(event.data);
  let stopped = false;
  let release: (() => void) | null = null;
  let waiting: AbortController | null = null;

  function lead(steal: boolean) {
    if (stopped) return;
    waiting?.abort();
    const controller = new AbortController();
    waiting = steal ? null : controller;
    locks!
      .request(`${options.name}:leader`, steal ? { steal: true } : { signal: controller.signal }, () => {
        if (waiting === controller) waiting = null;
        if (stopped) return Promise.resolve();
        isLeader.value = true;
        return new Promise<void>((resolve) => (release = resolve));
      })
      .catch(() => {
        // Stolen by the tab the visitor turned to, or our wait was cancelled to steal.
        if (steal || waiting !== controller) return;
      })
      .finally(() => {
        if (!isLeader.peek() || stopped) return;
        // We held the lock and lost it (stolen): wait in line for it again.
        isLeader.value = false;
        release = null;
        lead(false);
      });
  }

  let wasSeen = visible.peek();
  lead(wasSeen);
  const unwatch = visible.subscribe((seen) => {
    // Only a change: the tab the visitor turns to takes the lead.
    if (seen === wasSeen) return;
    wasSeen = seen;
    if (seen && !isLeader.peek()) lead(true);
  });

  return {
    isLeader,
    post(message) {
      if (!stopped) channel.postMessage(message);
    },
    stop() {
      stopped = true;
      unwatch();
      waiting?.abort();
      release?.();
      isLeader.value = false;
      channel.close();
    },
  };
}
