import { describe, expect, it, vi } from 'vitest';
import { queueCommands, type Dispatch } from './commandQueue.ts';
import { downloadSettledByHand } from './test/codeOnDemand.ts';
import { nextTask } from './test/fakeTime.ts';

/** A chunk download the test settles by hand. */
function deferredChunk() {
  const calls: Array<[string, unknown[]]> = [];
  const dispatch: Dispatch = (name, args) => {
    calls.push([name, args]);
    if (name === 'throw') throw new Error('odd argument');
    return `${name} done`;
  };
  return { calls, ...downloadSettledByHand(dispatch) };
}

describe('page commands before their code is here', () => {
  it('wait for it, then run once each, in order; later calls run at once and hand back their result', async () => {
    const chunk = deferredChunk();
    const errors = vi.fn();
    const commands = queueCommands(chunk.load, errors);
    expect(commands.run('on', ['open', 'fn'])).toBeUndefined();
    commands.run('open', []);
    commands.run('sendMessage', ['hi']);
    // One download for all of them, and nothing runs before it is here.
    expect(chunk.load).toHaveBeenCalledTimes(1);
    expect(chunk.calls).toEqual([]);
    chunk.resolve();
    await nextTask();
    expect(chunk.calls).toEqual([
      ['on', ['open', 'fn']],
      ['open', []],
      ['sendMessage', ['hi']],
    ]);
    expect(commands.run('close', [])).toBe('close done');
    expect(chunk.calls).toHaveLength(4);
    await nextTask();
    // Each ran exactly once.
    expect(chunk.calls).toHaveLength(4);
    expect(chunk.load).toHaveBeenCalledTimes(1);
    expect(errors).not.toHaveBeenCalled();
  });

  it('a waiting call that throws is reported and the ones after it still run', async () => {
    const chunk = deferredChunk();
    const errors = vi.fn();
    const commands = queueCommands(chunk.load, errors);
    commands.run('throw', []);
    commands.run('open', []);
    chunk.resolve();
    await nextTask();
    expect(chunk.calls.map(([name]) => name)).toEqual(['throw', 'open']);
    expect(errors).toHaveBeenCalledWith({ type: 'config', message: 'Error: odd argument' });
  });

  it('a failed download is reported; the calls keep waiting and the next call tries again', async () => {
    const chunk = deferredChunk();
    const errors = vi.fn();
    const commands = queueCommands(chunk.load, errors);
    commands.run('open', []);
    chunk.reject(new Error('offline'));
    await nextTask();
    expect(errors).toHaveBeenCalledWith({ type: 'load', message: 'Error: offline' });
    expect(chunk.calls).toEqual([]);
    commands.run('sendMessage', ['hi']);
    expect(chunk.load).toHaveBeenCalledTimes(2);
    chunk.resolve();
    await nextTask();
    expect(chunk.calls).toEqual([
      ['open', []],
      ['sendMessage', ['hi']],
    ]);
  });

  it('prefetched, a call runs at once and hands back its result', async () => {
    const chunk = deferredChunk();
    const commands = queueCommands(chunk.load, vi.fn());
    commands.prefetch();
    commands.prefetch();
    expect(chunk.load).toHaveBeenCalledTimes(1);
    chunk.resolve();
    await nextTask();
    expect(commands.run('open', [])).toBe('open done');
    expect(chunk.calls).toEqual([['open', []]]);
  });

  it('a bad call (a name that is not a string; arguments that throw, live or waiting) is ignored with one config error and never throws into the page', async () => {
    const chunk = deferredChunk();
    const errors = vi.fn();
    const commands = queueCommands(chunk.load, errors);
    const hostileName = new Proxy(
      {},
      {
        get() {
          throw new Error('a trap');
        },
      },
    );
    for (const name of [Symbol('x'), hostileName, { toString: () => 'open' }, 42, undefined]) expect(() => commands.run(name, [])).not.toThrow();
    commands.run('open', []);
    commands.run('throw', []);
    chunk.resolve();
    await nextTask();
    // The bad names never reached the commands; the good call did, once.
    expect(chunk.calls.map(([name]) => name)).toEqual(['open', 'throw']);
    expect(errors.mock.calls.map(([detail]) => (detail as { type: string }).type)).toEqual(['config', 'config', 'config', 'config', 'config', 'config']);
    errors.mockClear();
    // Live: the page's call throws in the command (its odd argument), and the error thrown is itself hostile.
    expect(() => commands.run('throw', [])).not.toThrow();
    const bad = queueCommands(
      () =>
        Promise.resolve(() => {
          // eslint-disable-next-line @typescript-eslint/only-throw-error -- what a page's code throws can be anything
          throw hostileName;
        }),
      errors,
    );
    bad.prefetch();
    await nextTask();
    expect(() => bad.run('update', [hostileName])).not.toThrow();
    expect(errors.mock.calls).toEqual([[{ type: 'config', message: 'Error: odd argument' }], [{ type: 'config', message: 'a call the widget cannot read' }]]);
  });
});

describe("what waits for the page's calls (a message the visitor sends meanwhile, client.ts `pageCallsFirst`)", () => {
  it('is told while calls wait for their code, until they have run; not when none wait, nor once the download failed', async () => {
    const chunk = deferredChunk();
    const commands = queueCommands(chunk.load, vi.fn());
    expect(commands.waiting()).toBeUndefined();
    commands.run('setUser', [{ fullname: 'Ada' }]);
    const waiting = commands.waiting();
    expect(waiting).toBeInstanceOf(Promise);
    chunk.resolve();
    await waiting;
    expect(chunk.calls).toEqual([['setUser', [{ fullname: 'Ada' }]]]);
    expect(commands.waiting()).toBeUndefined();
  });

  it('a failed download lets what waited go on', async () => {
    const chunk = deferredChunk();
    const commands = queueCommands(chunk.load, vi.fn());
    commands.run('setUser', [{ fullname: 'Ada' }]);
    const waiting = commands.waiting();
    chunk.reject(new Error('offline'));
    await waiting;
    expect(commands.waiting()).toBeUndefined();
  });
});
