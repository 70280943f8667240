/**
 * Lets the page's own tasks (input, rendering) run before ours goes on (issue 9 §1: no task of ours
 * over 50 ms on a slow phone). Long work in slices (slices.ts) and the script-tag boot's steps
 * (app.ts) wait on it. Apart from slices.ts so that the boot does not bring the slices' code.
 */
export function yieldToPage(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  // A message is a task of its own without the 4 ms clamp of nested timers.
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(0);
  });
}
