import { signal, type ReadonlySignal } from '@preact/signals-core';
import type { WireMessage } from '../../api/wire.ts';
import type { TypingSignal } from '../../api/normalize/typing.ts';

/**
 * Several tabs of one site share one conversation. One tab leads (a Web Lock): it polls, holds the
 * push channel and counts unread messages; the others hear about it over a BroadcastChannel. The
 * tab the visitor is looking at takes the lead (the lock is stolen), so a hidden leader never
 * leaves a visible tab without updates; when the leader closes, the lock passes to the next tab.
 * Without Web Locks or BroadcastChannel (or with per-tab storage), or where the browser refuses them
 * (their constructor or request throws, as with storage blocked), every tab leads itself.
 */
export type TabMessage =
  | { type: 'messages'; requestId: string; messages: WireMessage[] }
  | { type: 'outbox' }
  /** Started, closed, forgotten or switched; also the leading tab counted replies in the visitor's other conversations. */
  | { type: 'conversation' }
  | { type: 'session' }
  | { type: 'unread'; count: number }
  /** A typing frame the leading tab's socket brought, for the tabs without one. */
  | { type: 'typing'; requestId: string; frame: TypingSignal }
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
  const isLeader = signal(true);
  const alone: TabsModel = { isLeader, post: () => {}, stop: () => {} };
  let locks: LockManager | undefined;
  let channel: BroadcastChannel;
  try {
    // Absent in old browsers and on insecure origins, although lib.dom types it as always there;
    // and where storage is blocked, reading or constructing them throws (SecurityError, Firefox).
    locks = win.navigator.locks;
    const Channel = (win as unknown as { BroadcastChannel?: typeof BroadcastChannel }).BroadcastChannel;
    if (!options.shared || !locks || typeof locks.request !== 'function' || typeof Channel !== 'function') return alone;
    channel = new Channel(options.name);
  } catch {
    return alone;
  }

  isLeader.value = false;
  channel.onmessage = (event: MessageEvent) => options.onMessage(event.data);
  let stopped = false;
  let release: (() => void) | null = null;
  let waiting: AbortController | null = null;

  /** The browser refused the lock itself (not a steal, not our own abort): this tab leads alone from now on. */
  function goAlone() {
    if (stopped) return;
    stopped = true;
    unwatch();
    channel.close();
    isLeader.value = true;
  }

  function lead(steal: boolean) {
    if (stopped) return;
    waiting?.abort();
    const controller = new AbortController();
    waiting = steal ? null : controller;
    let granted = false;
    let asked: Promise<unknown>;
    try {
      asked = locks!.request(`${options.name}:leader`, steal ? { steal: true } : { signal: controller.signal }, () => {
        granted = true;
        if (waiting === controller) waiting = null;
        if (stopped) return Promise.resolve();
        isLeader.value = true;
        return new Promise<void>((resolve) => (release = resolve));
      });
    } catch {
      return goAlone();
    }
    asked
      .catch((error: unknown) => {
        if (!granted && !controller.signal.aborted && (error as { name?: unknown } | null)?.name !== 'AbortError') goAlone();
        // Otherwise stolen by the tab the visitor turned to, or our wait was cancelled to steal.
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
  let unwatch = () => {};
  lead(wasSeen);
  if (stopped) return alone;
  unwatch = visible.subscribe((seen) => {
    // Only a change: the tab the visitor turns to takes the lead.
    if (seen === wasSeen) return;
    wasSeen = seen;
    if (seen && !isLeader.peek()) lead(true);
  });

  return {
    isLeader,
    post(message) {
      try {
        if (!stopped) channel.postMessage(message);
      } catch {
        // Not copied (DataCloneError) or the channel is gone: the other tabs hear of it at their next poll.
      }
    },
    stop() {
      if (stopped) return;
      stopped = true;
      unwatch();
      waiting?.abort();
      release?.();
      isLeader.value = false;
      channel.close();
    },
  };
}
