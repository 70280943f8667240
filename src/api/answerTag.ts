/**
 * The ETag the service (Express) gives a JSON answer, worked out from the answer's text: Express's
 * default is the `etag` package's weak tag, `W/"<length in UTF-8 bytes, hex>-<SHA-1, base64, first 27>"`.
 * Cross-origin the ETag header is not exposed to the page (cors() exposes nothing), so the widget
 * cannot read it; sending this one with `If-None-Match` lets an unchanged long history come back as
 * a 304 the widget sees, instead of the browser's cached copy read in full on the page's thread.
 * A tag that does not match (a proxy's own ETags, another server) only costs a full answer, as before.
 * A chunk of its own: only a long history needs it.
 */
export async function expressEtag(text: string, crypto: Partial<Pick<Crypto, 'subtle'>> | null = globalThis.crypto ?? null): Promise<string | null> {
  // SubtleCrypto exists in secure contexts only (https, localhost); elsewhere the browser revalidates.
  const subtle = crypto?.subtle;
  if (!subtle) return null;
  const bytes = new TextEncoder().encode(text);
  const digest = new Uint8Array(await subtle.digest('SHA-1', bytes));
  let binary = '';
  for (const byte of digest) binary += String.fromCharCode(byte);
  return `W/"${bytes.length.toString(16)}-${btoa(binary).slice(0, 27)}"`;
}
