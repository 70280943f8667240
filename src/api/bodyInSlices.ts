import { yieldToPage } from './yieldToPage.ts';

/** Bytes decoded between two yields to the page (a few ms at 4× CPU). */
const PIECE_BYTES = 128 * 1024;

/**
 * `response.text()`, the same text, read from the body's stream and decoded a piece at a time with
 * the page running between pieces. `text()` hands the page a long answer in one go: a history of
 * 10,000 messages (~5 MB) is one or two browser tasks of 60–115 ms at 4× CPU on the host page, with
 * none of our script in them (issue 25 §3: no blocking time added at page load, whatever is stored).
 * The text is made of the pieces: one string is made of them when it is first compared or searched.
 * An answer of one piece is decoded at once, with no yield. A body without a stream (a page's
 * `fetch` wrapper may answer with anything) is read with `text()`.
 */
export async function readTextInSlices(response: Response, pause: () => Promise<void> = yieldToPage, pieceBytes = PIECE_BYTES): Promise<string> {
  const reader = response.body?.getReader?.();
  if (!reader) return response.text();
  // UTF-8 with a leading BOM dropped and bad bytes replaced, as `text()` decodes whatever the headers say.
  const decoder = new TextDecoder();
  let text = '';
  let sinceYield = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    for (let at = 0; at < value.length; at += pieceBytes) {
      if (sinceYield >= pieceBytes) {
        await pause();
        sinceYield = 0;
      }
      const piece = value.subarray(at, at + pieceBytes);
      // `stream`: a character cut between two pieces is held until the next one completes it.
      text += decoder.decode(piece, { stream: true });
      sinceYield += piece.length;
    }
  }
}
