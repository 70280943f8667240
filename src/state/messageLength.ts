/**
 * How long a visitor's text may be. The service takes JSON bodies up to 512,000 bytes
 * (docs/service.md §0, `JSON_BODY_LIMIT`); past it, it answers 413 before CORS, which a browser
 * only sees as a network failure. 10,000 characters keeps any text far below that whatever it is
 * made of (at most 6 bytes per UTF-16 unit once JSON-escaped: 120,000 bytes, leaving room for the
 * first message's attributes), and is what other support chats allow: enough for a pasted log,
 * short enough that an agent still reads it.
 */
export const MAX_MESSAGE_CHARS = 10_000;

/** The composer shows the count from here on (90% of the limit). */
export const COUNT_SHOWN_FROM = 9_000;

/** Characters as a visitor counts them: code points (an emoji is one, not two UTF-16 units). */
export function characterCount(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    // A low surrogate right after a high one is the second half of one character.
    if (unit >= 0xdc00 && unit <= 0xdfff && i > 0) {
      const previous = text.charCodeAt(i - 1);
      if (previous >= 0xd800 && previous <= 0xdbff) continue;
    }
    count++;
  }
  return count;
}

export function isTooLong(text: string): boolean {
  // Cheap bounds first: a million-character paste is not walked twice.
  if (text.length <= MAX_MESSAGE_CHARS) return false;
  if (text.length > 2 * MAX_MESSAGE_CHARS) return true;
  return characterCount(text) > MAX_MESSAGE_CHARS;
}
