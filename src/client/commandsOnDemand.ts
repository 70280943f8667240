/**
 * Commands whose code comes on demand (`laterCommands.ts`: a first open and send never run them).
 * A call made before the code is here waits for it; once it is, the calls that waited start one
 * after the other, in the order they were made, as they would have started had the code been here.
 * A download that fails (offline) is reported; the calls that waited for it are dropped (a command
 * whose caller shows a failure rejects) and the next call tries again.
 */
export function commandsOnDemand<C extends object>(load: () => Promise<C>, onLoadError: (error: unknown) => void) {
  let code: C | void;
  /** The download the waiting calls wait for, in the order they came (their callbacks run in that order). */
  let loading: Promise<C | void> | null = null;
  const inTurn = () =>
    (loading ??= load()
      .then((loaded) => (code = loaded), onLoadError)
      .finally(() => (loading = null)));
  return {
    /**
     * `ready`, and while calls wait for the code, their start too: a message sent after a `reset`
     * (or a new conversation) that waits goes to the conversation that follows it.
     */
    after: (ready: Promise<void>) => (loading ? inTurn().then(() => ready) : ready),
    /** While calls wait for the code: settles once they have started (null when none wait). */
    waiting: () => loading,
    /** Command `name` of the code on demand: run at once once it is here, else in its turn. */
    command<K extends keyof C>(name: K, rejectsWhenMissing?: boolean): C[K] {
      type Command = (...args: unknown[]) => unknown;
      return ((...args: unknown[]) =>
        code && !loading
          ? (code[name] as Command)(...args)
          : inTurn().then((loaded) => {
              if (loaded) return (loaded[name] as Command)(...args);
              // Not downloaded (reported): a command whose caller shows the failure (a rating) rejects.
              if (rejectsWhenMissing) throw new Error(`${String(name)}: not downloaded`);
            })) as C[K];
    },
  };
}
