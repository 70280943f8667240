/**
 * Runs `task` at the page's next idle moment (a short timer where the browser has no idle
 * callback): for code fetched ahead of need, which must never compete with the host page's work.
 * Returns a canceller.
 */
export function whenIdle(win: Window, task: () => void): () => void {
  if (typeof win.requestIdleCallback === 'function') {
    const id = win.requestIdleCallback(task, { timeout: 5000 });
    return () => win.cancelIdleCallback(id);
  }
  const timer = win.setTimeout(task, 200);
  return () => win.clearTimeout(timer);
}
