import type { WidgetErrorDetail } from './client/platform/events.ts';

/** Runs one `Porchlight('name', …args)` call (commands.ts `createDispatcher`). */
export type Dispatch = (name: string, args: unknown[]) => unknown;

/** What a page's call threw, as text: the page may throw anything, a value whose `toString` throws too. */
export function thrownText(error: unknown): string {
  try {
    return String(error);
  } catch {
    return 'a call the widget cannot read';
  }
}

/**
 * `Porchlight('name', …args)` with its code (commands.ts) in a chunk of its own: a first open that
 * the page never commands does not download it. Calls made before the chunk is here wait for it, as
 * they waited in the loader's queue, and run once each, in order; from then on a call runs at once
 * and hands back its result (`on` its unsubscribe function). The download starts with the first
 * call (or `prefetch`); a failed one (offline) is reported, the calls keep waiting and the next call
 * tries again.
 * Every call of the page comes in here, so here it is checked (docs/public-api.md §4): a bad call — a
 * name that is not a string, or arguments that throw when read (a Proxy, a getter) — is ignored with
 * one `error` `{type: 'config'}`, and nothing is ever thrown back into the page.
 */
export function queueCommands(load: () => Promise<Dispatch>, reportError: (detail: WidgetErrorDetail) => void) {
  let dispatch: Dispatch | null = null;
  let loading: Promise<void> | undefined;
  const waiting: Array<[string, unknown[]]> = [];
  const runChecked = (run: Dispatch, name: string, args: unknown[]): unknown => {
    try {
      return run(name, args);
    } catch (error) {
      reportError({ type: 'config', message: thrownText(error) });
      return undefined;
    }
  };
  const fetch = () =>
    (loading ??= load().then(
      (loaded) => {
        dispatch = loaded;
        // One bad call does not stop the ones after it.
        for (const [name, args] of waiting.splice(0)) runChecked(loaded, name, args);
      },
      (error: unknown) => {
        loading = undefined;
        reportError({ type: 'load', message: String(error) });
      },
    ));
  return {
    run(name: unknown, args: unknown[]): unknown {
      if (typeof name !== 'string') {
        reportError({ type: 'config', message: 'Porchlight(name, …): the name of a command is a string' });
        return undefined;
      }
      if (dispatch) return runChecked(dispatch, name, args);
      waiting.push([name, args]);
      void fetch();
      return undefined;
    },
    prefetch: () => void fetch(),
    /** While calls wait for the code: settles once they have run (none when none wait, or their download failed). */
    waiting: () => (waiting.length ? loading : undefined),
  };
}
