import { yieldToPage } from './yieldToPage.ts';

/** Bytes decoded between two yields to the page (a few ms at 4× CPU). */
const PIECE_BYTES = 128 * 1024;

/**
 * `response.text()`, the same text, read from the body's stream and decoded a piece at a time with
 * the page running between pieces. `text()` hands the page a long answer in one go: a history of
 * 10,000 messages (~5 MB) is one or two browser tasks of 60–115 ms at 4× CPU, with none of our
 * script in them (issue 25 §3: no task over 50 ms at page load or while a message arrives).
 * The pieces are joined into one string in a task of their own: one copy of the whole text (~20–40
 * ms at 10,000 messages), which would otherwise come in the middle of the first comparison or search
 * of it (answerMemory.ts: the answer held, the items appended). An answer no longer than one piece
 * is decoded at once, with no yield, however many chunks it came in. A body without a stream (a page's `fetch` wrapper may answer with
 * anything) is read with `text()`.
 */
export async function readTextInSlices(response: Response, pause: () => Promise<void> = yieldToPage, pieceBytes = PIECE_BYTES): Promise<string> {
  const reader = response.body?.getReader?.();
  if (!reader) return response.text();
  // UTF-8 with a leading BOM dropped and bad bytes replaced, as `text()` decodes whatever the headers say.
  const decoder = new TextDecoder();
  const pieces: string[] = [];
  let bytes = 0;
  let sinceYield = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    for (let at = 0; at < value.length; at += pieceBytes) {
      if (sinceYield >= pieceBytes) {
        await pause();
        sinceYield = 0;
      }
      const piece = value.subarray(at, at + pieceBytes);
      // `stream`: a character cut between two pieces is held until the next one completes it.
      pieces.push(decoder.decode(piece, { stream: true }));
      sinceYield += piece.length;
      bytes += piece.length;
    }
  }
  const rest = decoder.decode();
  if (rest) pieces.push(rest);
  // Only a text longer than one piece is worth a task of its own (the browser may deliver a short one in several chunks).
  if (bytes > pieceBytes) await pause();
  return pieces.join('');
}
