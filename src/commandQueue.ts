import type { WidgetErrorDetail } from './state/events.ts';

/** Runs one `Porchlight('name', …args)` call (commands.ts `createDispatcher`). */
export type Dispatch = (name: string, args: unknown[]) => unknown;

/**
 * `Porchlight('name', …args)` with its code (commands.ts) in a chunk of its own: a first open that
 * the page never commands does not download it. Calls made before the chunk is here wait for it, as
 * they waited in the loader's queue, and run once each, in order; from then on a call runs at once
 * and hands back its result (`on` its unsubscribe function). The download starts with the first
 * call (or `prefetch`); a failed one (offline) is reported, the calls keep waiting and the next call
 * tries again.
 */
export function queueCommands(load: () => Promise<Dispatch>, reportError: (detail: WidgetErrorDetail) => void) {
  let dispatch: Dispatch | null = null;
  let loading: Promise<void> | null = null;
  const waiting: Array<[string, unknown[]]> = [];
  const fetch = () =>
    (loading ??= load().then(
      (loaded) => {
        dispatch = loaded;
        for (const [name, args] of waiting.splice(0)) {
          // A call that throws (a page's odd argument) is reported; the ones after it still run.
          try {
            loaded(name, args);
          } catch (error) {
            reportError({ type: 'command', message: String(error) });
          }
        }
      },
      (error: unknown) => {
        loading = null;
        reportError({ type: 'load', message: String(error) });
      },
    ));
  return {
    run(name: string, args: unknown[]): unknown {
      if (dispatch) return dispatch(name, args);
      waiting.push([name, args]);
      void fetch();
      return undefined;
    },
    prefetch: () => void fetch(),
  };
}
