/**
 * A small markdown subset for agent/bot messages, parsed into a plain tree.
 *
 * Why our own parser: the text is hostile, and we never want an HTML string anywhere (no innerHTML,
 * no sanitiser to keep up to date). The output is data only; `Markdown.tsx` turns it into elements,
 * and every character of the input ends up either as markup we chose or as a text node. HTML tags,
 * entities and anything we do not recognise stay literal text.
 *
 * Why the caps: a message can be 1 MB of `*[` crafted to make a naive parser recurse or go quadratic.
 * Input over MAX_INPUT_LENGTH is shown as plain text; inline nesting stops at MAX_INLINE_DEPTH;
 * every "look for the closing delimiter" search is memoised or bounded so the worst case stays near linear.
 */
import { MAX_URL_LENGTH, safeLinkUrl } from '../../state/safeUrl.ts';

export type MdInline =
  | { type: 'text'; text: string }
  | { type: 'br' }
  | { type: 'strong'; children: MdInline[] }
  | { type: 'em'; children: MdInline[] }
  | { type: 'strike'; children: MdInline[] }
  | { type: 'code'; text: string }
  /** `href` has already been through `safeLinkUrl`. */
  | { type: 'link'; href: string; children: MdInline[] };

export type MdBlock =
  | { type: 'paragraph'; children: MdInline[] }
  | { type: 'code'; lang: string | null; text: string }
  | { type: 'list'; ordered: boolean; start: number; items: MdInline[][] };

export const MAX_INPUT_LENGTH = 20_000;
export const MAX_INLINE_DEPTH = 8;

// ---------------------------------------------------------------------------------------------
// Blocks
// ---------------------------------------------------------------------------------------------

const FENCE_OPEN = /^ {0,3}(`{3,})([^`]*)$/;
const FENCE_CLOSE = /^ {0,3}(`{3,})[ \t]*$/;
const BULLET = /^ {0,3}[-*+][ \t]+(\S.*)$/;
const ORDERED = /^ {0,3}(\d{1,9})[.)][ \t]+(\S.*)$/;
const CONTINUATION = /^(?: {2,}|\t)\S/;
// The language only ever becomes a class name; keep it to characters that cannot mean anything else.
const LANG = /^[\w+#.-]{1,32}$/;

export function parseMarkdown(text: string): MdBlock[] {
  if (typeof text !== 'string' || text === '') return [];
  const src = text.replace(/\r\n?/g, '\n').replace(/\u0000/g, '\uFFFD');
  if (src.length > MAX_INPUT_LENGTH) return [{ type: 'paragraph', children: plainText(src) }];

  const lines = src.split('\n');
  const blocks: MdBlock[] = [];
  let para: string[] = [];
  let list: { ordered: boolean; start: number; items: string[] } | null = null;

  const flushPara = () => {
    if (para.length) blocks.push({ type: 'paragraph', children: parseInlines(para.join('\n'), 0, true) });
    para = [];
  };
  const flushList = () => {
    if (list) {
      const items = list.items.map((item) => parseInlines(item, 0, true));
      blocks.push({ type: 'list', ordered: list.ordered, start: list.start, items });
    }
    list = null;
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const fence = FENCE_OPEN.exec(line);
    if (fence) {
      flushPara();
      flushList();
      const width = fence[1]!.length;
      let end = i + 1;
      while (end < lines.length && !closesFence(lines[end]!, width)) end++;
      const lang = fence[2]!.trim().split(/\s+/)[0] ?? '';
      // An unclosed fence runs to the end of the message, as in CommonMark.
      blocks.push({ type: 'code', lang: LANG.test(lang) ? lang : null, text: lines.slice(i + 1, end).join('\n') });
      i = end;
      continue;
    }
    if (line.trim() === '') {
      flushPara();
      flushList();
      continue;
    }
    const bullet = BULLET.exec(line);
    const ordered = bullet ? null : ORDERED.exec(line);
    if (bullet || ordered) {
      flushPara();
      const isOrdered = ordered !== null;
      if (list && list.ordered !== isOrdered) flushList();
      if (!list) list = { ordered: isOrdered, start: ordered ? Number(ordered[1]) : 1, items: [] };
      list.items.push(bullet ? bullet[1]! : ordered![2]!);
      continue;
    }
    if (list && CONTINUATION.test(line)) {
      list.items[list.items.length - 1] += `\n${line.trim()}`;
      continue;
    }
    flushList();
    para.push(line.trim());
  }
  flushPara();
  flushList();
  return blocks;
}

function closesFence(line: string, width: number): boolean {
  const m = FENCE_CLOSE.exec(line);
  return m !== null && m[1]!.length >= width;
}

/** Text with its newlines kept as line breaks, and nothing else interpreted. */
function plainText(s: string): MdInline[] {
  const out: MdInline[] = [];
  s.split('\n').forEach((part, i) => {
    if (i > 0) out.push({ type: 'br' });
    if (part) out.push({ type: 'text', text: part });
  });
  return out;
}

// ---------------------------------------------------------------------------------------------
// Inlines
// ---------------------------------------------------------------------------------------------

const ESCAPABLE = /[!-/:-@[-`{-~]/;
const WORD = /[\p{L}\p{N}]/u;
const SPACE = /\s/;
const URL_CHAR = /[^\s<>"`]/;
const URL_START = /(?:https?:\/\/|www\.)[^\s<>"`]{0,2000}/iy;
const EMAIL = /[\w.%+-]{1,64}@[a-z\d-]{1,63}(?:\.[a-z\d-]{1,63})*\.[a-z]{2,63}/iy;
const EMAIL_CHAR = /[\w.%+-]/;
const TRAILING_PUNCT = '.,:;!?\'"*~_';

/** Per-call state: memoised failures keep repeated fruitless searches from going quadratic. */
interface Scan {
  s: string;
  depth: number;
  links: boolean;
  brackets: Map<number, number>;
  /** delimiter key → earliest content start from which no closer exists */
  noCloser: Map<string, number>;
  /** backtick run length → earliest position from which no closing run exists */
  noCodeClose: Map<number, number>;
}

function parseInlines(s: string, depth: number, links: boolean): MdInline[] {
  if (depth >= MAX_INLINE_DEPTH) return plainText(s);
  const scan: Scan = { s, depth, links, brackets: matchBrackets(s), noCloser: new Map(), noCodeClose: new Map() };
  const out: MdInline[] = [];
  let buf = '';
  const push = (n: MdInline) => {
    const last = out[out.length - 1];
    // Keep adjacent text as one node, so a rejected link reads as ordinary text.
    if (n.type === 'text' && last?.type === 'text') last.text += n.text;
    else out.push(n);
  };
  const flush = () => {
    if (buf) push({ type: 'text', text: buf });
    buf = '';
  };
  const emit = (...nodes: MdInline[]) => {
    flush();
    nodes.forEach(push);
  };

  let i = 0;
  while (i < s.length) {
    const c = s[i]!;
    if (c === '\\' && i + 1 < s.length && ESCAPABLE.test(s[i + 1]!)) {
      buf += s[i + 1];
      i += 2;
      continue;
    }
    if (c === '\n') {
      emit({ type: 'br' });
      i++;
      continue;
    }
    if (c === '`') {
      const code = codeSpan(scan, i);
      if (code) {
        emit(code.node);
        i = code.end;
      } else {
        const run = runLength(s, i);
        buf += s.slice(i, i + run);
        i += run;
      }
      continue;
    }
    if (c === '[' && links) {
      const link = parseLink(scan, i);
      if (link) {
        emit(...link.nodes);
        i = link.end;
        continue;
      }
    }
    if (c === '*' || c === '_' || c === '~') {
      const em = emphasis(scan, i);
      if (em) {
        buf += em.prefix;
        emit(em.node);
        i = em.end;
      } else {
        const run = runLength(s, i);
        buf += s.slice(i, i + run);
        i += run;
      }
      continue;
    }
    if (links) {
      const auto = autolink(s, i);
      if (auto) {
        emit(auto.node);
        i = auto.end;
        continue;
      }
    }
    buf += c;
    i++;
  }
  flush();
  return out;
}

function runLength(s: string, i: number): number {
  let j = i;
  while (s[j] === s[i]) j++;
  return j - i;
}

/** One pass with a stack, so finding `]` for every `[` costs O(n) in total, not O(n²). */
function matchBrackets(s: string): Map<number, number> {
  const pairs = new Map<number, number>();
  const open: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '\\') i++;
    else if (c === '[') open.push(i);
    else if (c === ']') {
      const o = open.pop();
      if (o !== undefined) pairs.set(o, i);
    }
  }
  return pairs;
}

function codeSpan(scan: Scan, i: number): { node: MdInline; end: number } | null {
  const { s } = scan;
  const n = runLength(s, i);
  let from = i + n;
  const failed = scan.noCodeClose.get(n);
  if (failed !== undefined && from >= failed) return null;
  for (;;) {
    const j = s.indexOf('`', from);
    if (j < 0) {
      scan.noCodeClose.set(n, Math.min(failed ?? Infinity, i + n));
      return null;
    }
    const run = runLength(s, j);
    if (run === n) {
      let text = s.slice(i + n, j);
      // CommonMark: one space on each side is padding, so `` ` `` `` can show a backtick.
      if (text.length > 2 && text.startsWith(' ') && text.endsWith(' ') && text.trim()) text = text.slice(1, -1);
      return { node: { type: 'code', text }, end: j + n };
    }
    from = j + run;
  }
}

/** `](dest "title")` after the label; returns the raw destination and where the construct ends. */
function linkTail(s: string, close: number): { dest: string; end: number } | null {
  if (s[close + 1] !== '(') return null;
  let k = close + 2;
  while (s[k] === ' ' || s[k] === '\t') k++;
  const start = k;
  let parens = 0;
  // Char codes, not regexes: this loop can run up to MAX_URL_LENGTH times for every `[` in a message.
  while (k < s.length && k - start <= MAX_URL_LENGTH) {
    const c = s.charCodeAt(k);
    if (c <= 0x20) break; // space and controls end a destination
    if (c === 0x5c /* \\ */ && k + 1 < s.length) {
      k += 2;
      continue;
    }
    if (c === 0x28 /* ( */) parens++;
    else if (c === 0x29 /* ) */) {
      if (parens === 0) break;
      parens--;
    }
    k++;
  }
  if (parens !== 0 || k === start) return null;
  const dest = s.slice(start, k);
  while (s[k] === ' ' || s[k] === '\t') k++;
  const q = s[k];
  if (q === '"' || q === "'") {
    const endQuote = s.indexOf(q, k + 1);
    if (endQuote < 0 || endQuote - k > MAX_URL_LENGTH) return null;
    k = endQuote + 1;
    while (s[k] === ' ' || s[k] === '\t') k++;
  }
  if (s[k] !== ')') return null;
  return { dest, end: k + 1 };
}

function parseLink(scan: Scan, i: number): { nodes: MdInline[]; end: number } | null {
  const close = scan.brackets.get(i);
  if (close === undefined) return null;
  const tail = linkTail(scan.s, close);
  if (!tail) return null;
  // No links inside a link label: nested <a> is invalid HTML and a spoofing trick.
  const label = parseInlines(scan.s.slice(i + 1, close), scan.depth + 1, false);
  const href = safeLinkUrl(tail.dest);
  // An unsafe destination is dropped and the label stays as ordinary text.
  if (!href) return { nodes: label, end: tail.end };
  const children: MdInline[] = hasVisibleText(label) ? label : [{ type: 'text', text: tail.dest }];
  return { nodes: [{ type: 'link', href, children }], end: tail.end };
}

function hasVisibleText(nodes: MdInline[]): boolean {
  return nodes.some((n) => (n.type === 'text' || n.type === 'code' ? n.text.trim() !== '' : 'children' in n && hasVisibleText(n.children)));
}

type Emphasis = 'strong' | 'em' | 'strike';

function emphasis(scan: Scan, i: number): { prefix: string; node: MdInline; end: number } | null {
  const { s } = scan;
  const c = s[i]!;
  const run = runLength(s, i);
  // `_` only counts at a word boundary, so snake_case_names stay as they are.
  if (c === '_' && i > 0 && WORD.test(s[i - 1]!)) return null;
  const attempts: Array<[number, number]> =
    c === '~'
      ? run >= 2
        ? [[i, 2]]
        : []
      : run >= 2
        ? [
            [i, 2],
            [i + run - 1, 1],
          ]
        : [[i, 1]];
  for (const [at, width] of attempts) {
    const contentStart = at + width;
    const next = s[contentStart];
    if (next === undefined || SPACE.test(next)) continue;
    const close = findCloser(scan, c, width, contentStart);
    if (close < 0) continue;
    const type: Emphasis = c === '~' ? 'strike' : width === 2 ? 'strong' : 'em';
    const children = parseInlines(s.slice(contentStart, close), scan.depth + 1, scan.links);
    return { prefix: s.slice(i, at), node: { type, children }, end: close + width };
  }
  return null;
}

/**
 * The closing delimiter for `c` × `width`, or -1. Skips code spans, escapes and links, so a `*`
 * inside `` `a*b` `` or a URL does not close anything. A closer is a run preceded by non-space;
 * a single `*` is not closed by a `**` run (that one belongs to strong).
 */
function findCloser(scan: Scan, c: string, width: number, contentStart: number): number {
  const { s } = scan;
  const key = c + width;
  const failed = scan.noCloser.get(key);
  if (failed !== undefined && contentStart >= failed) return -1;
  let j = contentStart;
  while (j < s.length) {
    const ch = s[j]!;
    if (ch === '\\') {
      j += 2;
      continue;
    }
    if (ch === '`') {
      const code = codeSpan(scan, j);
      j = code ? code.end : j + runLength(s, j);
      continue;
    }
    if (ch === '[') {
      const close = scan.brackets.get(j);
      const tail = close === undefined ? null : linkTail(s, close);
      if (tail) {
        j = tail.end;
        continue;
      }
    }
    if (ch === c) {
      const run = runLength(s, j);
      const fits = width === 2 ? run >= 2 : run !== 2;
      const after = s[j + run];
      if (fits && j > contentStart && !SPACE.test(s[j - 1]!) && !(c === '_' && after !== undefined && WORD.test(after))) {
        // Take the end of the run, so `***x***` reads as strong(em(x)).
        return j + run - width;
      }
      j += run;
      continue;
    }
    j++;
  }
  scan.noCloser.set(key, Math.min(failed ?? Infinity, contentStart));
  return -1;
}

/** Bare `https://…`, `www.…` and e-mail addresses. Only starts at a word boundary. */
function autolink(s: string, i: number): { node: MdInline; end: number } | null {
  const prev = i > 0 ? s[i - 1]! : '';
  const c = s[i]!;
  if ((c === 'h' || c === 'H' || c === 'w' || c === 'W') && !WORD.test(prev)) {
    URL_START.lastIndex = i;
    const m = URL_START.exec(s);
    // The match is bounded; if the URL goes on past the bound it is too long to be a link.
    if (m && !URL_CHAR.test(s[i + m[0].length] ?? ' ')) {
      const raw = trimUrlTail(m[0]);
      const href = safeLinkUrl(raw);
      if (href) return { node: { type: 'link', href, children: [{ type: 'text', text: raw }] }, end: i + raw.length };
    }
  }
  // Try an address only where a local part can begin, so each word is tried once.
  if (EMAIL_CHAR.test(c) && c !== '.' && !EMAIL_CHAR.test(prev) && !WORD.test(prev)) {
    EMAIL.lastIndex = i;
    const m = EMAIL.exec(s);
    if (m) {
      const href = safeLinkUrl(`mailto:${m[0]}`);
      if (href) return { node: { type: 'link', href, children: [{ type: 'text', text: m[0] }] }, end: i + m[0].length };
    }
  }
  return null;
}

/** Sentence punctuation after a URL is not part of it; a `)` is only kept when it closes a `(` in the URL. */
function trimUrlTail(url: string): string {
  let open = 0;
  let close = 0;
  for (const ch of url) {
    if (ch === '(') open++;
    else if (ch === ')') close++;
  }
  let end = url.length;
  for (;;) {
    const last = url[end - 1];
    if (last === undefined) break;
    if (TRAILING_PUNCT.includes(last)) end--;
    else if (last === ')' && close > open) {
      end--;
      close--;
    } else break;
  }
  return url.slice(0, end);
}

// Emoji-only detection is its own module: the plain text shown before this parser arrives needs it.
export { isEmojiOnly } from './emojiOnly.ts';
