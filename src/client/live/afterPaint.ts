/** How long a hidden tab, which draws no frames, waits instead (as preact/hooks' effects do). */
const NO_FRAME_MS = 35;

/**
 * Runs `then` once the browser has painted the frame being prepared, as `useEffect` does: what a
 * view does once shown (fetch what it shows next, focus, measure), and what the client sets off as
 * the visitor opens the window (chatWindow.ts), never delays its first paint. Returns what cancels it.
 */
export function afterPaint(then: () => void): () => void {
  let timer = setTimeout(() => painted(), NO_FRAME_MS);
  const frame = requestAnimationFrame(() => painted());
  const cancel = () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
  // The frame's callbacks run before it paints: `then` runs in the task after it.
  const painted = () => {
    cancel();
    timer = setTimeout(then);
  };
  return cancel;
}
