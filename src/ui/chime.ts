/**
 * A short two-note chime for a new message while the visitor is not looking, synthesised with
 * WebAudio (no file to download). Browsers only let audio start after a user gesture on the page;
 * until then the chime is silently skipped.
 */
type AudioContextCtor = typeof AudioContext;

/** A poll can bring many messages at once (a conversation read on another device): one chime for them. */
export const CHIME_GAP_MS = 2000;

export function createChime(win: Window): { play(): void; dispose(): void } {
  const Ctor =
    (win as unknown as { AudioContext?: AudioContextCtor; webkitAudioContext?: AudioContextCtor }).AudioContext ??
    (win as unknown as { webkitAudioContext?: AudioContextCtor }).webkitAudioContext;
  // Before any gesture the browser refuses to start audio and says so in the console (a normal
  // session prints nothing): not tried then. Where the browser cannot tell, the context is tried.
  const activation = (win.navigator as Navigator & { userActivation?: { hasBeenActive: boolean } }).userActivation;
  let context: AudioContext | null = null;
  let last = -Infinity;
  return {
    play() {
      if (!Ctor || activation?.hasBeenActive === false) return;
      const now = win.performance.now();
      if (now - last < CHIME_GAP_MS) return;
      last = now;
      try {
        context ??= new Ctor();
        if (context.state === 'suspended') void context.resume().catch(() => undefined);
        if (context.state !== 'running') return;
        const start = context.currentTime;
        for (const [offset, frequency] of [
          [0, 880],
          [0.12, 1320],
        ] as const) {
          const oscillator = context.createOscillator();
          const gain = context.createGain();
          oscillator.frequency.value = frequency;
          gain.gain.setValueAtTime(0.0001, start + offset);
          gain.gain.exponentialRampToValueAtTime(0.08, start + offset + 0.02);
          gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.25);
          oscillator.connect(gain).connect(context.destination);
          oscillator.start(start + offset);
          oscillator.stop(start + offset + 0.3);
        }
      } catch {
        // No audio here: the unread badge still tells the visitor.
      }
    },
    dispose() {
      void context?.close().catch(() => undefined);
      context = null;
    },
  };
}
