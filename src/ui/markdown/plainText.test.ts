import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseMarkdown } from './parseMarkdown.ts';
import { isPlainText } from './plainText.ts';

/** What the parser makes of a text with nothing to format. */
const onePlainParagraph = (text: string) => [{ type: 'paragraph', children: [{ type: 'text', text }] }];

describe('isPlainText: texts the markdown parser would leave as they are', () => {
  it('takes ordinary sentences, emoji and punctuation', () => {
    for (const text of ['Hello, I need help with my order #1234.', 'Ça marche? 👍', 'a - b + c = 3.5 (ok)!', 'مرحبا', '🎉🎉']) {
      expect(isPlainText(text), text).toBe(true);
      expect(parseMarkdown(text)).toEqual(onePlainParagraph(text));
    }
  });

  it('refuses anything the parser formats or lays out', () => {
    const formatted = [
      '',
      'two\nlines',
      'a **bold** word',
      'an _em_ word',
      '~~gone~~',
      'some `code`',
      '[a link](https://example.com)',
      'see https://example.com',
      'see www.example.com',
      'mail me@example.com',
      '- item',
      '+ item',
      '1. first',
      '2) second',
      ' leading space',
      'trailing space ',
      'two  spaces',
      'a\ttab',
      'back\\slash',
      'carriage\rreturn',
    ];
    for (const text of formatted) expect(isPlainText(text), JSON.stringify(text)).toBe(false);
  });

  it('never says plain for a text the parser changes (property)', () => {
    const chars = fc.constantFrom(...'ab 1.)-+*_~`[]()\\@:/hw\n\t\r\u00a0#>!é😀'.split(''), 'http://', 'https://', 'www.', 'x@y.io', '\0', '12. ');
    fc.assert(
      fc.property(fc.array(chars, { maxLength: 24 }), (parts) => {
        const text = parts.join('');
        if (isPlainText(text)) expect(parseMarkdown(text)).toEqual(onePlainParagraph(text));
      }),
      { numRuns: 3000 },
    );
  });
});
