import { signal, type ReadonlySignal } from '@preact/signals-core';

/** How often the clock ticks: operating hours and "today" labels are re-evaluated this often. */
export const CLOCK_MS = 30_000;
const MOBILE_QUERY = '(max-width: 640px), (pointer: coarse) and (max-width: 900px)';

/**
 * The browser around one widget, read in one place: the network, whether the page is seen, and a
 * coarse clock. Everything else asks this model instead of `navigator` or `document` directly.
 */
export interface Environment {
  online: ReadonlySignal<boolean>;
  /** The page is visible (not a background tab, not minimised). */
  visible: ReadonlySignal<boolean>;
  /** `Date.now()`, ticking every CLOCK_MS. */
  clock: ReadonlySignal<number>;
  isMobile(): boolean;
  dispose(): void;
}

export function createEnvironment(win: Window, clockMs = CLOCK_MS): Environment {
  const doc = win.document;
  const online = signal(win.navigator.onLine !== false);
  const visible = signal(doc.visibilityState !== 'hidden');
  const clock = signal(Date.now());
  const onOnline = () => (online.value = true);
  const onOffline = () => (online.value = false);
  const onVisibility = () => (visible.value = doc.visibilityState !== 'hidden');
  win.addEventListener('online', onOnline);
  win.addEventListener('offline', onOffline);
  doc.addEventListener('visibilitychange', onVisibility);
  const timer = setInterval(() => (clock.value = Date.now()), clockMs);
  return {
    online,
    visible,
    clock,
    isMobile() {
      try {
        return win.matchMedia?.(MOBILE_QUERY).matches ?? false;
      } catch {
        // A page or embedder without a working matchMedia: laid out as on a desktop.
        return false;
      }
    },
    dispose() {
      clearInterval(timer);
      win.removeEventListener('online', onOnline);
      win.removeEventListener('offline', onOffline);
      doc.removeEventListener('visibilitychange', onVisibility);
    },
  };
}
