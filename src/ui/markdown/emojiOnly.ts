// One emoji as people see it: a flag pair, or a pictograph with optional presentation selector,
// skin tone, tag sequence (subdivision flags), and further ZWJ-joined pictographs (families, 🏳️‍🌈).
const EMOJI_PART = String.raw`\p{Extended_Pictographic}[\u{FE0E}\u{FE0F}]?\p{Emoji_Modifier}?[\u{E0020}-\u{E007F}]*`;
const EMOJI = new RegExp(String.raw`\p{Regional_Indicator}{2}|${EMOJI_PART}(?:\u{200D}${EMOJI_PART})*`, 'gu');

/** True for 1–3 emoji with optional whitespace and nothing else; shown larger, like other chat apps. */
export function isEmojiOnly(text: string): boolean {
  if (typeof text !== 'string' || text.length > 128) return false;
  const compact = text.replace(/\s+/g, '');
  if (!compact) return false;
  let count = 0;
  let consumed = 0;
  for (const m of compact.matchAll(EMOJI)) {
    if (m.index !== consumed) return false;
    consumed += m[0].length;
    count++;
  }
  return consumed === compact.length && count >= 1 && count <= 3;
}
