/**
 * What means something to the markdown parser (parseMarkdown.ts), or would render otherwise than
 * as written: an empty text, a list marker at the start; line breaks, CR and NUL (rewritten),
 * escapes, code, links, emphasis, autolinked addresses and URLs; leading, trailing and repeated
 * white space (the parser trims lines, `.md-plain` collapses runs, the formatted text keeps them).
 */
const FORMATTED = /^(?:$|\s|[-+] |\d{1,9}[.)] )|[\n\r\0\t\\`[*_~@]|https?:\/\/|www\.|\s$|\s\s/i;

/**
 * True when the markdown parser would make `text` one paragraph of exactly that text: the plain
 * rendering (MessageText.tsx) is then the formatted one, and the parser need not be downloaded for
 * it. Most messages a visitor types are such a text; it errs towards "not plain".
 */
export const isPlainText = (text: string): boolean => !FORMATTED.test(text);
