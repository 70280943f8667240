import { describe, expect, it } from 'vitest';
import { MAX_URL_LENGTH, safeImageUrl, safeLinkUrl, safeNavigationTarget } from './safeUrl.ts';

describe('safeLinkUrl', () => {
  it.each([
    ['https://example.com', 'https://example.com/'],
    ['http://example.com/a?b=c#d', 'http://example.com/a?b=c#d'],
    ['HTTPS://Example.COM/Path', 'https://example.com/Path'],
    ['  https://example.com/x  ', 'https://example.com/x'],
    ['mailto:someone@example.com', 'mailto:someone@example.com'],
    ['tel:+15550100', 'tel:+15550100'],
    ['www.example.com/docs', 'https://www.example.com/docs'],
    ['WWW.example.com', 'https://www.example.com/'],
    ['https://example.com/a b', 'https://example.com/a%20b'],
  ])('allows %j as %j', (raw, href) => {
    expect(safeLinkUrl(raw)).toBe(href);
  });

  it('returns a normalised href that is itself accepted unchanged', () => {
    for (const raw of ['https://example.com', 'www.example.com', 'mailto:a@b.co', 'tel:+1 555 0100']) {
      const href = safeLinkUrl(raw)!;
      expect(safeLinkUrl(href)).toBe(href);
    }
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    '\u00A0javascript:alert(1)',
    '\u200Bjavascript:alert(1)',
    '\uFEFFjavascript:alert(1)',
    'javascript:alert(1)\n',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'java\rscript:alert(1)',
    '\u0000javascript:alert(1)',
    'java\u0000script:alert(1)',
    '\u0001java\u0003script:alert(1)',
    '&#106;avascript:alert(1)',
    '&#x6A;avascript:alert(1)',
    'javascript&colon;alert(1)',
    '%6Aavascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'DATA:text/html,x',
    'vbscript:msgbox(1)',
    'blob:https://example.com/uuid',
    'file:///etc/passwd',
    'ftp://example.com/',
    '//evil.com',
    '///evil.com',
    '\\\\evil.com',
    '/relative/path',
    './x',
    '?q=1',
    '#frag',
    'example.com',
    'evil.com/javascript:alert(1)',
    'https://',
    'https://exa mple.com',
    'http://[::1',
    '',
    '   ',
  ])('rejects %j', (raw) => {
    expect(safeLinkUrl(raw)).toBeNull();
  });

  it('rejects values that are not strings or are absurdly long', () => {
    expect(safeLinkUrl(undefined as unknown as string)).toBeNull();
    expect(safeLinkUrl({ toString: () => 'https://x.com' } as unknown as string)).toBeNull();
    expect(safeLinkUrl(`https://example.com/${'a'.repeat(MAX_URL_LENGTH)}`)).toBeNull();
  });
});

describe('safeImageUrl', () => {
  it('allows http, https and blob', () => {
    expect(safeImageUrl('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(safeImageUrl('http://cdn.example.com/a.png')).toBe('http://cdn.example.com/a.png');
    expect(safeImageUrl('blob:https://example.com/0f1e')).toBe('blob:https://example.com/0f1e');
  });

  it.each([
    'javascript:alert(1)',
    'data:image/svg+xml,<svg onload=alert(1)>',
    'data:image/png;base64,iVBORw0KGgo=',
    'www.example.com/a.png',
    '//evil.com/a.png',
    'mailto:a@b.co',
    '\u0000java\tscript:alert(1)',
  ])('rejects %j', (raw) => {
    expect(safeImageUrl(raw)).toBeNull();
  });
});

describe('safeNavigationTarget', () => {
  it.each([
    ['blank', '_blank'],
    ['parent', '_parent'],
    ['self', '_self'],
    ['_self', '_self'],
    [' PARENT ', '_parent'],
    ['top', '_blank'],
    ['_top', '_blank'],
    ['someFrame', '_blank'],
    ['', '_blank'],
    [undefined, '_blank'],
    [null, '_blank'],
    [1, '_blank'],
    [{}, '_blank'],
  ])('maps %j to %s', (target, expected) => {
    expect(safeNavigationTarget(target)).toBe(expected);
  });
});

describe('credentials in URLs', () => {
  it('refuses a URL whose user part poses as another host', () => {
    expect(safeLinkUrl('https://bank.example@evil.example/login')).toBeNull();
    expect(safeImageUrl('https://user:pw@img.example/a.png')).toBeNull();
  });
});
