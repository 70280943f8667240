import { yieldToPage } from './yieldToPage.ts';

/** Characters encoded between two yields to the page (a few ms at 4× CPU). */
const PIECE_CHARS = 256 * 1024;

/**
 * The ETag the service (Express) gives a JSON answer, worked out from the answer's text: Express's
 * default is the `etag` package's weak tag, `W/"<length in UTF-8 bytes, hex>-<SHA-1, base64, first 27>"`.
 * Cross-origin the ETag header is not exposed to the page (cors() exposes nothing), so the widget
 * cannot read it; sending this one with `If-None-Match` lets an unchanged long history come back as
 * a 304 the widget sees, instead of the browser's cached copy read in full on the page's thread.
 * A tag that does not match (a proxy's own ETags, another server) only costs a full answer, as before.
 * The text is encoded in pieces with the page running between them: encoding a 5,000-message
 * history at once was a 45–55 ms task at 4×. A chunk of its own: only a long history needs it.
 */
export async function expressEtag(
  text: string,
  crypto: Partial<Pick<Crypto, 'subtle'>> | null = globalThis.crypto ?? null,
  pause: () => Promise<void> = yieldToPage,
  pieceChars = PIECE_CHARS,
): Promise<string | null> {
  // SubtleCrypto exists in secure contexts only (https, localhost); elsewhere the browser revalidates.
  const subtle = crypto?.subtle;
  if (!subtle) return null;
  const encoder = new TextEncoder();
  // At most 3 bytes per UTF-16 unit (a surrogate pair, two units, is 4 bytes).
  const bytes = new Uint8Array(text.length * 3);
  let written = 0;
  for (let start = 0; start < text.length;) {
    let end = Math.min(text.length, start + pieceChars);
    // Never between the two halves of a surrogate pair: each half alone would encode as U+FFFD.
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
    if (end <= start) end = start + 2;
    written += encoder.encodeInto(text.slice(start, end), bytes.subarray(written)).written;
    start = end;
    if (start < text.length) await pause();
  }
  const digest = new Uint8Array(await subtle.digest('SHA-1', bytes.subarray(0, written)));
  let binary = '';
  for (const byte of digest) binary += String.fromCharCode(byte);
  return `W/"${written.toString(16)}-${btoa(binary).slice(0, 27)}"`;
}
