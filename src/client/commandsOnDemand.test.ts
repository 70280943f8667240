import { describe, expect, it, vi } from 'vitest';
import { downloadSettledByHand } from '../test/codeOnDemand.ts';
import { nextTask } from '../test/fakeTime.ts';
import { commandsOnDemand } from './commandsOnDemand.ts';

interface Code {
  reset(): Promise<string>;
  rate(score: number): Promise<void>;
  note(text: string): string;
}

/** The code on demand, recording its calls, with a download the test settles by hand. */
function deferredCode() {
  const calls: string[] = [];
  const code: Code = {
    reset: () => {
      calls.push('reset');
      return Promise.resolve('reset done');
    },
    rate: (score) => {
      calls.push(`rate ${score}`);
      return Promise.resolve();
    },
    note: (text) => {
      calls.push(text);
      return `${text} noted`;
    },
  };
  return { calls, ...downloadSettledByHand(code) };
}

describe('commands whose code comes on demand', () => {
  it('wait for it with one download, then run once each, in order; from then on they run at once and hand back their result', async () => {
    const code = deferredCode();
    const errors = vi.fn();
    const later = commandsOnDemand(code.load, errors);
    const reset = later.command('reset');
    const note = later.command('note');
    const resetDone = reset();
    void note('one');
    void note('two');
    expect(code.load).toHaveBeenCalledTimes(1);
    expect(code.calls).toEqual([]);
    code.resolve();
    expect(await resetDone).toBe('reset done');
    await nextTask();
    expect(code.calls).toEqual(['reset', 'one', 'two']);
    // Here now: synchronous, with its own result.
    expect(note('three')).toBe('three noted');
    expect(code.calls).toEqual(['reset', 'one', 'two', 'three']);
    expect(code.load).toHaveBeenCalledTimes(1);
    expect(errors).not.toHaveBeenCalled();
  });

  it('holds what comes after waiting calls (a send) until they have started, and nothing when none waits', async () => {
    const code = deferredCode();
    const later = commandsOnDemand(code.load, vi.fn());
    const ready = Promise.resolve();
    // Nothing waits: `after` is `ready` itself.
    expect(later.after(ready)).toBe(ready);
    void later.command('reset')();
    let sent = false;
    void later.after(ready).then(() => {
      sent = true;
      code.calls.push('send');
    });
    await nextTask();
    expect(sent).toBe(false);
    code.resolve();
    await nextTask();
    expect(code.calls).toEqual(['reset', 'send']);
  });

  it('a failed download is reported once; the waiting calls are dropped (a rating rejects), and the next call tries again', async () => {
    const code = deferredCode();
    const errors = vi.fn();
    const later = commandsOnDemand(code.load, errors);
    const reset = later.command('reset');
    const rate = later.command('rate', true);
    const resetDone = reset();
    const rated = rate(5);
    let sendWent = false;
    void later.after(Promise.resolve()).then(() => (sendWent = true));
    code.reject(new Error('offline'));
    await expect(resetDone).resolves.toBeUndefined();
    await expect(rated).rejects.toThrow('not downloaded');
    await nextTask();
    expect(errors).toHaveBeenCalledTimes(1);
    expect(errors).toHaveBeenCalledWith(new Error('offline'));
    // What waited behind them is not held for ever.
    expect(sendWent).toBe(true);
    expect(code.calls).toEqual([]);
    const again = reset();
    expect(code.load).toHaveBeenCalledTimes(2);
    code.resolve();
    expect(await again).toBe('reset done');
    expect(code.calls).toEqual(['reset']);
  });

  it('a call made while the code arrives still runs after the ones that waited', async () => {
    const code = deferredCode();
    const later = commandsOnDemand(code.load, vi.fn());
    const note = later.command('note');
    void note('first');
    code.resolve();
    // The download has settled but the waiting call has not run yet: this one queues behind it.
    await Promise.resolve();
    void note('second');
    await nextTask();
    expect(code.calls).toEqual(['first', 'second']);
  });
});
