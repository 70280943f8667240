/**
 * `load` (code on demand, e.g. a typing indicator's code) run once and its promise shared by
 * every caller; a load that failed (offline) is forgotten, so the next call tries again.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
}
