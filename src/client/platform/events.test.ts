import { describe, expect, it, vi } from 'vitest';
import { createEmitter } from './events.ts';

describe('createEmitter', () => {
  it("tells a listener of `ready` that comes after it, once, as a page's queued call may come after the start-up", async () => {
    const emitter = createEmitter(null);
    const early = vi.fn();
    emitter.on('ready', early);
    emitter.emit('ready');
    const late = vi.fn();
    const removed = vi.fn();
    emitter.on('ready', late);
    emitter.on('ready', removed)();
    // Not replayed: the other events tell what happens from now on.
    const opened = vi.fn();
    emitter.emit('open');
    emitter.on('open', opened);
    await Promise.resolve();
    expect(early).toHaveBeenCalledTimes(1);
    expect(late).toHaveBeenCalledTimes(1);
    expect(removed).not.toHaveBeenCalled();
    expect(opened).not.toHaveBeenCalled();
  });

  it('tells no listener of `ready` before it happens', async () => {
    const emitter = createEmitter(null);
    const listener = vi.fn();
    emitter.on('ready', listener);
    await Promise.resolve();
    expect(listener).not.toHaveBeenCalled();
  });

  it('keeps telling the other listeners when one throws, and the error reaches the page as its own', async () => {
    const emitter = createEmitter(null);
    const thrown: unknown[] = [];
    const after = vi.fn();
    vi.spyOn(globalThis, 'queueMicrotask').mockImplementationOnce((job) => {
      try {
        job();
      } catch (error) {
        thrown.push(error);
      }
    });
    emitter.on('open', () => {
      throw new Error('the page broke');
    });
    emitter.on('open', after);
    emitter.emit('open');
    expect(after).toHaveBeenCalledTimes(1);
    expect(thrown).toEqual([new Error('the page broke')]);
  });
});
