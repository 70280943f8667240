import { describe, expect, it } from 'vitest';
import { isEmojiOnly, MAX_INLINE_DEPTH, MAX_INPUT_LENGTH, parseMarkdown, type MdBlock, type MdInline } from './parseMarkdown.ts';

const text = (t: string): MdInline => ({ type: 'text', text: t });
const br: MdInline = { type: 'br' };
const strong = (...children: MdInline[]): MdInline => ({ type: 'strong', children });
const em = (...children: MdInline[]): MdInline => ({ type: 'em', children });
const strike = (...children: MdInline[]): MdInline => ({ type: 'strike', children });
const code = (t: string): MdInline => ({ type: 'code', text: t });
const link = (href: string, ...children: MdInline[]): MdInline => ({ type: 'link', href, children });
const p = (...children: MdInline[]): MdBlock => ({ type: 'paragraph', children });
/** Inline content of a one-paragraph message. */
const inline = (src: string): MdInline[] => {
  const blocks = parseMarkdown(src);
  expect(blocks).toHaveLength(1);
  const [block] = blocks;
  if (block?.type !== 'paragraph') throw new Error(`expected a paragraph, got ${block?.type}`);
  return block.children;
};

function inlineDepth(nodes: MdInline[]): number {
  return Math.max(0, ...nodes.map((n) => ('children' in n ? 1 + inlineDepth(n.children) : 0)));
}

describe('blocks', () => {
  it('returns nothing for an empty message', () => {
    expect(parseMarkdown('')).toEqual([]);
  });

  it('splits paragraphs on blank lines and turns single newlines into line breaks', () => {
    expect(parseMarkdown('one\ntwo\n\n\nthree\r\nfour')).toEqual([p(text('one'), br, text('two')), p(text('three'), br, text('four'))]);
  });

  it('parses bullet lists with -, * and +, with emphasis and links inside items', () => {
    expect(parseMarkdown('- **a**\n* _b_\n+ [c](https://c.example)')).toEqual([
      {
        type: 'list',
        ordered: false,
        start: 1,
        items: [[strong(text('a'))], [em(text('b'))], [link('https://c.example/', text('c'))]],
      },
    ]);
  });

  it('parses ordered lists and keeps the start number', () => {
    expect(parseMarkdown('3. three\n4. four')).toEqual([{ type: 'list', ordered: true, start: 3, items: [[text('three')], [text('four')]] }]);
  });

  it('ends a list at a paragraph line, a blank line, or a change of list kind; continues it on indented lines', () => {
    expect(parseMarkdown('intro\n- a\n  more\n1. b\nafter')).toEqual([
      p(text('intro')),
      { type: 'list', ordered: false, start: 1, items: [[text('a'), br, text('more')]] },
      { type: 'list', ordered: true, start: 1, items: [[text('b')]] },
      p(text('after')),
    ]);
  });

  it('does not mistake emphasis or signs for list markers', () => {
    expect(parseMarkdown('*not a list*')).toEqual([p(em(text('not a list')))]);
    expect(parseMarkdown('-1 and +1')).toEqual([p(text('-1 and +1'))]);
  });

  it('keeps fenced code verbatim, with an optional language', () => {
    const src = '```ts\nconst a = **b** < c && `d`;\n  <script>alert(1)</script>\n\n[x](javascript:y)\n```\nafter';
    expect(parseMarkdown(src)).toEqual([
      { type: 'code', lang: 'ts', text: 'const a = **b** < c && `d`;\n  <script>alert(1)</script>\n\n[x](javascript:y)' },
      p(text('after')),
    ]);
  });

  it('runs an unclosed fence to the end and drops a language that is not a plain word', () => {
    expect(parseMarkdown('```"><b>\nx\ny')).toEqual([{ type: 'code', lang: null, text: 'x\ny' }]);
    expect(parseMarkdown('````\n```\n````')).toEqual([{ type: 'code', lang: null, text: '```' }]);
  });
});

describe('inlines', () => {
  it('parses bold, italic and strike with both delimiter styles', () => {
    expect(inline('**a** __b__ *c* _d_ ~~e~~')).toEqual([
      strong(text('a')),
      text(' '),
      strong(text('b')),
      text(' '),
      em(text('c')),
      text(' '),
      em(text('d')),
      text(' '),
      strike(text('e')),
    ]);
  });

  it('nests emphasis', () => {
    expect(inline('**bold _and italic_**')).toEqual([strong(text('bold '), em(text('and italic')))]);
    expect(inline('***both***')).toEqual([strong(em(text('both')))]);
    expect(inline('*a **b** c*')).toEqual([em(text('a '), strong(text('b')), text(' c'))]);
  });

  it('does not treat _ inside words, or delimiters next to spaces, as emphasis', () => {
    expect(inline('snake_case_name and 2 * 3 * 4')).toEqual([text('snake_case_name and 2 * 3 * 4')]);
    expect(inline('** not bold **')).toEqual([text('** not bold **')]);
    expect(inline('~single~ and **open')).toEqual([text('~single~ and **open')]);
  });

  it('keeps inline code verbatim, including markdown and HTML inside it', () => {
    expect(inline('run `**x** <b>&amp;</b>` now')).toEqual([text('run '), code('**x** <b>&amp;</b>'), text(' now')]);
    expect(inline('``a ` b``')).toEqual([code('a ` b')]);
    expect(inline('*`a*b`*')).toEqual([em(code('a*b'))]);
    expect(inline('`unclosed')).toEqual([text('`unclosed')]);
  });

  it('honours backslash escapes', () => {
    expect(inline('\\*not em\\* \\[x](y)')).toEqual([text('*not em* [x](y)')]);
  });

  it('parses links with nested emphasis, and normalises the URL', () => {
    expect(inline('see [the **docs**](https://example.com/a_(b)) now')).toEqual([
      text('see '),
      link('https://example.com/a_(b)', text('the '), strong(text('docs'))),
      text(' now'),
    ]);
    expect(inline('[mail](mailto:a@b.co) [call](tel:+15550100) [w](www.example.com)')).toEqual([
      link('mailto:a@b.co', text('mail')),
      text(' '),
      link('tel:+15550100', text('call')),
      text(' '),
      link('https://www.example.com/', text('w')),
    ]);
  });

  it('accepts a title after the URL, and uses the URL as text for an empty label', () => {
    expect(inline('[x](https://a.example "T")')).toEqual([link('https://a.example/', text('x'))]);
    expect(inline('[](https://a.example)')).toEqual([link('https://a.example/', text('https://a.example'))]);
  });

  it.each([
    '[x](javascript:alert(1))',
    '[x](JaVaScRiPt:alert(1))',
    '[x]( javascript:alert(1))',
    '[x](&#106;avascript:alert(1))',
    '[x](data:text/html,hi)',
    '[x](vbscript:msgbox)',
    '[x](//evil.example)',
    '[x](/relative)',
    '[x](<javascript:alert(1)>)',
  ])('renders the label of an unsafe link %j as plain text', (src) => {
    expect(inline(src)).toEqual([text('x')]);
  });

  it('keeps emphasis in the label of a rejected link, and never nests links', () => {
    expect(inline('a [**x**](javascript:1) b')).toEqual([text('a '), strong(text('x')), text(' b')]);
    expect(inline('[[in](https://in.example)](https://out.example)')).toEqual([link('https://out.example/', text('[in](https://in.example)'))]);
  });

  it('leaves brackets that are not links alone', () => {
    expect(inline('[x] (y) [z]')).toEqual([text('[x] (y) [z]')]);
    expect(inline('![alt](javascript:alert(1))')).toEqual([text('!alt')]);
  });

  it('autolinks bare URLs without trailing punctuation', () => {
    expect(inline('Go to https://example.com/a?b=1.')).toEqual([
      text('Go to '),
      link('https://example.com/a?b=1', text('https://example.com/a?b=1')),
      text('.'),
    ]);
    expect(inline('(see www.example.com/x), ok')).toEqual([text('(see '), link('https://www.example.com/x', text('www.example.com/x')), text('), ok')]);
    expect(inline('http://en.wikipedia.org/wiki/Foo_(bar)!')).toEqual([
      link('http://en.wikipedia.org/wiki/Foo_(bar)', text('http://en.wikipedia.org/wiki/Foo_(bar)')),
      text('!'),
    ]);
    expect(inline('<https://example.com>')).toEqual([text('<'), link('https://example.com/', text('https://example.com')), text('>')]);
  });

  it('autolinks e-mail addresses', () => {
    expect(inline('Mail help@example.co.uk, or me.')).toEqual([text('Mail '), link('mailto:help@example.co.uk', text('help@example.co.uk')), text(', or me.')]);
  });

  it('does not autolink inside words, unsafe schemes, or inside link labels', () => {
    expect(inline('xhttps://example.com javascript:alert(1) www.')).toEqual([text('xhttps://example.com javascript:alert(1) www.')]);
    expect(inline('[https://a.example](https://b.example)')).toEqual([link('https://b.example/', text('https://a.example'))]);
  });

  it('keeps URLs intact when they contain emphasis characters', () => {
    expect(inline('https://example.com/*a*/b_c_')).toEqual([link('https://example.com/*a*/b_c', text('https://example.com/*a*/b_c')), text('_')]);
    expect(inline('**https://example.com**')).toEqual([strong(link('https://example.com/', text('https://example.com')))]);
  });

  it('leaves HTML and entities as literal text', () => {
    const src = '<script>alert(1)</script> &lt;b&gt; &#106; <img src=x onerror=alert(1)>';
    expect(inline(src)).toEqual([text(src)]);
  });
});

describe('limits', () => {
  it('stops nesting at MAX_INLINE_DEPTH and keeps the rest as text', () => {
    const open = '**_~~'.repeat(10);
    const close = '~~_**'.repeat(10);
    const children = inline(`${open}x${close}`);
    expect(inlineDepth(children)).toBeLessThanOrEqual(MAX_INLINE_DEPTH);
    expect(JSON.stringify(children)).toContain('x');
  });

  it('nests links inside emphasis only up to the cap', () => {
    const src = `${'*['.repeat(40)}x${'](https://a.example)*'.repeat(40)}`;
    expect(inlineDepth(inline(src))).toBeLessThanOrEqual(MAX_INLINE_DEPTH);
  });

  it('shows over-long input as plain text, line breaks only', () => {
    const src = `**a**\n${'x'.repeat(MAX_INPUT_LENGTH)}`;
    expect(parseMarkdown(src)).toEqual([p(text('**a**'), br, text('x'.repeat(MAX_INPUT_LENGTH)))]);
  });

  it.each([
    ['unclosed emphasis', '*a '.repeat(6600)],
    ['unclosed strong', '**a '.repeat(5000)],
    ['open brackets', '['.repeat(20_000)],
    ['link starts', '[a]('.repeat(5000)],
    ['unclosed link titles', '[a](x "'.repeat(2800)],
    ['emphasis around link starts', '*[a](*'.repeat(3300)],
    ['backtick runs', '` `` ``` '.repeat(2000)],
    ['underscores', '_a_ _'.repeat(4000)],
    ['long URL', `https://example.com/${'/www.'.repeat(3990)}`],
    ['e-mail-like', 'a.b.c@d '.repeat(2500)],
    ['nested emphasis', `${'*_'.repeat(5000)}x`],
  ])('never blows up on pathological input: %s', (_name, src) => {
    // A ratio, not a wall-clock limit (a loaded CI machine slows both inputs alike): doubling the
    // input must not do worse than quadratic (4x the time, plus noise); backtracking blows up.
    const time = (text: string) => {
      const started = performance.now();
      for (let i = 0; i < 3; i++) parseMarkdown(text);
      return performance.now() - started;
    };
    const full = src.slice(0, MAX_INPUT_LENGTH);
    const half = full.slice(0, full.length >> 1);
    time(half); // warm-up: the JIT would otherwise charge the first call
    expect(time(full)).toBeLessThan(8 * Math.max(time(half), 100));
  });
});

describe('isEmojiOnly', () => {
  it.each(['😀', '👍🏽', '😀 🎉', '❤️🔥✨', '👨‍👩‍👧‍👦', '🏳️‍🌈', '🇩🇪', ' 🙂\n'])('is true for %j', (s) => {
    expect(isEmojiOnly(s)).toBe(true);
  });

  it.each(['', '   ', 'ok 👍', '😀😀😀😀', '1', '1️⃣', '👍!', ':)', 'abc', '😀a'])('is false for %j', (s) => {
    expect(isEmojiOnly(s)).toBe(false);
  });
});
