import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expressEtag } from './answerTag.ts';

/** The package Express makes its ETags with (its default, weak). */
const etag = createRequire(import.meta.url)('etag') as (entity: string, options: { weak: boolean }) => string;

describe('the ETag the service gives an answer', () => {
  it("is Express's own for any text, whatever its characters", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1, unit: 'binary' }), async (text) => {
        expect(await expressEtag(text)).toBe(etag(text, { weak: true }));
      }),
    );
    // Encoded in pieces, however they fall (between the halves of a surrogate pair too).
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1, unit: 'binary' }), fc.integer({ min: 1, max: 9 }), async (text, piece) => {
        expect(await expressEtag(text, globalThis.crypto, () => Promise.resolve(), piece)).toBe(etag(text, { weak: true }));
      }),
    );
    const history = JSON.stringify(Array.from({ length: 500 }, (_, i) => ({ _id: `m${i}`, text: `héllo 👋 ${i}` })));
    expect(await expressEtag(history)).toBe(etag(history, { weak: true }));
  });

  it('lets the page run while a long text is encoded', async () => {
    let pauses = 0;
    const text = '👋é'.repeat(50_000);
    const tag = await expressEtag(text, globalThis.crypto, () => (pauses++, Promise.resolve()), 10_000);
    expect(tag).toBe(etag(text, { weak: true }));
    expect(pauses).toBeGreaterThanOrEqual(14);
  });

  it('is none where the page has no SubtleCrypto (not a secure context)', async () => {
    expect(await expressEtag('[1]', null)).toBeNull();
    expect(await expressEtag('[1]', {})).toBeNull();
  });
});
