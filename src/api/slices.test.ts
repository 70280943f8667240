import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeMessages } from './normalize/message.ts';
import type { Slices } from './slices.ts';
import { createSlices, eachInSlices, growInSlices, normalizeMessagesInSlices, parseArrayInSlices, runInSlices, yieldToPage } from './slices.ts';

/** Records of a history as the service might send them: dated or not, some without an id or content. */
const record = fc.record(
  {
    _id: fc.oneof(fc.constantFrom('a', 'b', 'c', 'd'), fc.integer({ min: 1, max: 9 })),
    text: fc.constantFrom('hi', '', 'there'),
    createdAt: fc.oneof(
      fc.constant('nonsense'),
      fc.integer({ min: 1_600_000_000_000, max: 1_700_000_000_000 }).map((t) => new Date(t).toISOString()),
    ),
  },
  { requiredKeys: [] },
);

describe('work in slices', () => {
  it('a history normalised in slices is the very same as normalised whole, however it is sliced', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(record, fc.constant(null)), { maxLength: 40 }), async (history) => {
        expect(await normalizeMessagesInSlices(history, 1_650_000_000_000)).toEqual(normalizeMessages(history, 1_650_000_000_000));
      }),
    );
  });

  it('a slice ends when its time is up, and the page runs before the next', async () => {
    let clock = 0;
    const slices = createSlices(
      8,
      () => new Promise((resolve) => setTimeout(resolve)),
      () => clock,
    );
    const ran: string[] = [];
    setTimeout(() => ran.push('page'));
    await eachInSlices(
      Array.from({ length: 64 }, (_, i) => i),
      (i) => {
        ran.push(`item ${i}`);
        clock += 1;
      },
      slices,
    );
    // 8 ms a slice, the clock read every 16 items: the page's task ran between two slices.
    expect(ran.indexOf('page')).toBeGreaterThan(0);
    expect(ran.indexOf('page')).toBeLessThan(ran.length - 1);
    expect(ran.filter((r) => r !== 'page')).toEqual(Array.from({ length: 64 }, (_, i) => `item ${i}`));
  });

  it('yields to the page: a task queued before runs before the work goes on', async () => {
    const ran: string[] = [];
    const channel = new MessageChannel();
    channel.port1.onmessage = () => ran.push('page');
    channel.port2.postMessage(0);
    await yieldToPage();
    ran.push('next slice');
    channel.port1.close();
    expect(ran).toEqual(['page', 'next slice']);
  });

  it('grows to the whole length step by step', async () => {
    const ends: number[] = [];
    await growInSlices(250, 100, (end) => ends.push(end));
    expect(ends).toEqual([100, 200, 250]);
  });

  it('runs work that stops now and then to its end, the page running between slices, one clock across several pieces', async () => {
    let clock = 0;
    const slices = createSlices(
      8,
      () => new Promise((resolve) => setTimeout(resolve)),
      () => clock,
    );
    const ran: string[] = [];
    function* work(name: string, steps: number) {
      for (let i = 0; i < steps; i++) {
        ran.push(`${name} ${i}`);
        clock += 3;
        yield;
      }
      return name.length;
    }
    setTimeout(() => ran.push('page'));
    expect(await runInSlices(work('first', 4), slices)).toBe(5);
    // 3 ms a step, 8 a slice: the page after three steps. The second piece goes on in the slice the
    // first one left (3 ms of it used): the page again after two steps, not three.
    setTimeout(() => ran.push('page again'));
    expect(await runInSlices(work('second', 6), slices)).toBe(6);
    expect(ran.slice(0, 4)).toEqual(['first 0', 'first 1', 'first 2', 'page']);
    expect(ran.indexOf('page again')).toBe(ran.indexOf('second 1') + 1);
  });
});

/** JSON values that cut badly: strings holding `},{`, items holding their own arrays of objects. */
const awkward = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom('},{', '"},{"', '\\', 'a}', '{', '], [', 'x'),
    fc.string(),
    fc.integer(),
    fc.constant(null),
    fc.array(tie('object'), { maxLength: 3 }),
    tie('object'),
  ),
  object: fc.dictionary(fc.constantFrom('text', '},{', 'attributes', 'a'), tie('value'), { maxKeys: 3 }),
}));

describe('a long JSON array parsed in slices', () => {
  const noWait: Slices = { due: () => true, next: () => Promise.resolve() };

  it('is JSON.parse of the whole text, however small the pieces', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(awkward.object, awkward.value), { maxLength: 12 }), fc.integer({ min: 1, max: 40 }), async (items, piece) => {
        const text = JSON.stringify(items);
        expect(await parseArrayInSlices(text, noWait, piece)).toEqual(JSON.parse(text));
      }),
    );
  });

  it('cuts between items, letting the page run between pieces', async () => {
    const text = JSON.stringify(
      Array.from({ length: 50 }, (_, i) => ({ _id: `m${i}`, text: i % 2 ? '},{' : 'hi', attributes: { buttons: [{ a: 1 }, { b: 2 }] } })),
    );
    let pauses = 0;
    const parsed = await parseArrayInSlices(text, { due: () => true, next: () => (pauses++, Promise.resolve()) }, 100);
    expect(parsed).toEqual(JSON.parse(text));
    expect(pauses).toBeGreaterThan(10);
  });

  it('throws where JSON.parse throws', async () => {
    for (const text of ['[{"a":1},{"b":2}', '[{"a":1},{"b":2}]x', '[{"a":1},{"b":2},]', '[{"a":"},{"}', '{"a":1}x']) {
      expect(() => JSON.parse(text)).toThrow();
      await expect(parseArrayInSlices(text, noWait, 1)).rejects.toThrow();
    }
  });
});
