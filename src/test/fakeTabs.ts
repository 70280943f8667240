/**
 * Tabs of one site in one test: Web Locks and BroadcastChannels that the fake windows of a test
 * share (happy-dom has no Web Locks, and one BroadcastChannel per test process).
 */
import { withOwn } from './withOwn.ts';

/** Web Locks as the tabs use them: one holder per name, a queue, `steal` and an abort signal. */
export function fakeLocks() {
  const holders = new Map<string, (error: Error) => void>();
  const queues = new Map<string, Array<() => void>>();
  const queue = (name: string) => queues.get(name) ?? queues.set(name, []).get(name)!;
  return {
    request(name: string, ...args: unknown[]): Promise<void> {
      const callback = args.at(-1) as () => Promise<void>;
      const options = (args.length > 1 ? args[0] : {}) as { steal?: boolean; signal?: AbortSignal };
      return new Promise<void>((resolve, reject) => {
        // As in browsers: the callback of a granted lock runs in a later task (a rejection comes first).
        const grant = () => {
          holders.set(name, reject);
          void new Promise((later) => setTimeout(later, 0)).then(callback).then(() => {
            if (holders.get(name) === reject) {
              holders.delete(name);
              queue(name).shift()?.();
            }
            resolve();
          });
        };
        const holder = holders.get(name);
        if (options.steal) {
          holders.delete(name);
          holder?.(new DOMException('stolen', 'AbortError'));
          grant();
        } else if (!holder) grant();
        else {
          queue(name).push(grant);
          options.signal?.addEventListener('abort', () => {
            queue(name).splice(queue(name).indexOf(grant), 1);
            reject(new DOMException('aborted', 'AbortError'));
          });
        }
      });
    },
  };
}

/** BroadcastChannel between the fake windows of one test: every other channel of the name hears it. */
export function fakeChannels() {
  const open = new Set<FakeChannel>();
  class FakeChannel {
    onmessage: ((event: MessageEvent) => void) | null = null;
    constructor(readonly name: string) {
      open.add(this);
    }
    postMessage(data: unknown) {
      const copy: unknown = structuredClone(data);
      for (const other of open) if (other !== this && other.name === this.name) queueMicrotask(() => other.onmessage?.({ data: copy } as MessageEvent));
    }
    close() {
      open.delete(this);
    }
  }
  return FakeChannel;
}

/** Windows of one browser: each a tab of the site, sharing the locks and channels of the others. */
export function fakeBrowser() {
  const locks = fakeLocks();
  const BroadcastChannel = fakeChannels();
  return { tab: (): Window => withOwn(window, { navigator: withOwn(window.navigator, { locks }), BroadcastChannel }) };
}
