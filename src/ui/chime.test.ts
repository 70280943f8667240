import { describe, expect, it, vi } from 'vitest';
import { CHIME_GAP_MS, createChime } from './chime.ts';

/** A window with a counting AudioContext and a clock the test moves. */
function fakeWindow(hasBeenActive: boolean | undefined) {
  const contexts: { oscillators: number }[] = [];
  let clock = 0;
  class FakeContext {
    state = 'running';
    currentTime = 0;
    destination = {};
    record = { oscillators: 0 };
    constructor() {
      contexts.push(this.record);
    }
    resume = () => Promise.resolve();
    close = () => Promise.resolve();
    createGain = () => ({ gain: { setValueAtTime: vi.fn(), exponentialRampToValueAtTime: vi.fn() }, connect: (next: unknown) => next });
    createOscillator = () => {
      this.record.oscillators++;
      return { frequency: { value: 0 }, connect: (next: unknown) => next, start: vi.fn(), stop: vi.fn() };
    };
  }
  const win = {
    AudioContext: FakeContext,
    navigator: hasBeenActive === undefined ? {} : { userActivation: { hasBeenActive } },
    performance: { now: () => clock },
  } as unknown as Window;
  return { win, contexts, later: (ms: number) => void (clock += ms) };
}

describe('chime', () => {
  it('sounds once for messages that come together, again after a pause', () => {
    const { win, contexts, later } = fakeWindow(true);
    const chime = createChime(win);
    for (let i = 0; i < 1_000; i++) chime.play();
    expect(contexts).toHaveLength(1);
    expect(contexts[0]!.oscillators).toBe(2);
    later(CHIME_GAP_MS);
    chime.play();
    expect(contexts[0]!.oscillators).toBe(4);
  });

  it('does not try to start audio before the visitor touched the page (the browser would warn in the console)', () => {
    const { win, contexts } = fakeWindow(false);
    createChime(win).play();
    expect(contexts).toHaveLength(0);
  });

  it('tries where the browser cannot tell whether the page was touched', () => {
    const { win, contexts } = fakeWindow(undefined);
    createChime(win).play();
    expect(contexts).toHaveLength(1);
  });
});
