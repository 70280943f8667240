import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readTextInSlices } from './bodyInSlices.ts';

/** A response whose body arrives as these chunks of bytes. */
function streamed(chunks: Uint8Array[]): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  return new Response(body);
}

/** `bytes` cut at `cuts` (positions, any order). */
const cutAt = (bytes: Uint8Array, cuts: number[]) => {
  const at = [...new Set([0, ...cuts.map((c) => c % (bytes.length + 1)), bytes.length])].sort((a, b) => a - b);
  return at.slice(1).map((end, i) => bytes.slice(at[i], end));
};

describe('a long answer read in slices', () => {
  it('is the very text `text()` reads, however its bytes arrive and are cut (characters of 1 to 4 bytes, a BOM, bad bytes)', async () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'é', '€', '😀', '"', '\n'), maxLength: 60 });
    await fc.assert(
      fc.asyncProperty(text, fc.array(fc.nat(), { maxLength: 6 }), fc.boolean(), fc.integer({ min: 1, max: 7 }), async (t, cuts, odd, piece) => {
        const bytes = new TextEncoder().encode(t);
        const raw = odd ? Uint8Array.from([0xef, 0xbb, 0xbf, ...bytes, 0xf0, 0x9f]) : bytes;
        const expected = await new Response(raw).text();
        expect(await readTextInSlices(streamed(cutAt(raw, cuts)), async () => undefined, piece)).toBe(expected);
      }),
    );
  });

  it('lets the page run between pieces and before joining them, and not at all for an answer of one piece, however many chunks it came in', async () => {
    const bytes = new TextEncoder().encode('x'.repeat(10));
    const steps: string[] = [];
    const pause = async () => void steps.push('page');
    // Pieces of 4, 4 and 2 bytes: the page runs before the second and the third, and before they are joined.
    steps.push(`joined ${(await readTextInSlices(streamed([bytes]), pause, 4)).length}`);
    expect(steps).toEqual(['page', 'page', 'page', 'joined 10']);
    steps.length = 0;
    expect(await readTextInSlices(streamed([bytes.slice(0, 6)]), pause, 8)).toBe('x'.repeat(6));
    expect(await readTextInSlices(streamed([bytes.slice(0, 3), bytes.slice(3, 6)]), pause, 8)).toBe('x'.repeat(6));
    expect(steps).toEqual([]);
  });

  it('reads a body without a stream (a page’s fetch wrapper) with `text()`', async () => {
    const answer = { body: null, text: async () => '[1]' } as unknown as Response;
    expect(await readTextInSlices(answer)).toBe('[1]');
  });

  it('fails as the body does (a connection cut in the middle)', async () => {
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.error(new TypeError('network error'));
      },
    });
    await expect(readTextInSlices(new Response(body))).rejects.toThrow('network error');
  });
});
