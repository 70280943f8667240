import { render } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { safeLinkUrl } from '../../state/safeUrl.ts';
import { DANGEROUS_URL, XSS_PAYLOADS } from '../../test/xssPayloads.ts';
import { Markdown } from './Markdown.tsx';

const ALLOWED_TAGS = new Set(['p', 'br', 'strong', 'em', 's', 'code', 'pre', 'ul', 'ol', 'li', 'a', 'div', 'span']);

declare global {
  interface Window {
    __xss?: unknown;
  }
}

/** Everything that would let rendered markup run code, restyle the page, or go somewhere unsafe. */
function expectInert(container: Element) {
  for (const el of container.querySelectorAll('*')) {
    const tag = el.tagName.toLowerCase();
    expect(ALLOWED_TAGS.has(tag), `unexpected <${tag}>`).toBe(true);
    for (const attr of el.attributes) {
      expect(attr.name.toLowerCase().startsWith('on'), `event handler ${attr.name} on <${tag}>`).toBe(false);
      expect(attr.name.toLowerCase(), `style on <${tag}>`).not.toBe('style');
    }
  }
  for (const a of container.querySelectorAll('a')) {
    const href = a.getAttribute('href');
    if (href !== null) {
      expect(safeLinkUrl(href), `href ${href}`).toBe(href);
      expect(href).not.toMatch(DANGEROUS_URL);
    }
    if (a.getAttribute('target') === '_blank') {
      const rel = (a.getAttribute('rel') ?? '').split(/\s+/);
      expect(rel).toContain('noopener');
      expect(rel).toContain('noreferrer');
    }
  }
}

describe('Markdown', () => {
  it('renders the subset to the expected elements', () => {
    const src = [
      '**bold** _it_ ~~gone~~ `code`',
      'line two',
      '',
      '- [site](https://example.com)',
      '- mail me@example.com',
      '',
      '2. two',
      '',
      '```js',
      'let x = "<b>";',
      '```',
    ].join('\n');
    const { container } = render(<Markdown text={src} />);
    expect(container.innerHTML).toBe(
      '<div class="md">' +
        '<p><strong>bold</strong> <em>it</em> <s>gone</s> <code>code</code><br>line two</p>' +
        '<ul><li><a href="https://example.com/" target="_blank" rel="noopener noreferrer">site</a></li>' +
        '<li>mail <a href="mailto:me@example.com" rel="noopener noreferrer">me@example.com</a></li></ul>' +
        '<ol start="2"><li>two</li></ol>' +
        '<pre><code class="language-js">let x = "&lt;b&gt;";</code></pre>' +
        '</div>',
    );
  });

  it('marks emoji-only messages', () => {
    expect(render(<Markdown text="🎉🎉" />).container.querySelector('.md.emoji-only')).not.toBeNull();
    expect(render(<Markdown text="🎉 yay" />).container.querySelector('.emoji-only')).toBeNull();
  });

  it('shows HTML as the characters that were sent', () => {
    const src = '<img src=x onerror=alert(1)> &amp; &#106;';
    const { container } = render(<Markdown text={src} />);
    expect(container.querySelector('p')?.textContent).toBe(src);
    expect(container.querySelector('img')).toBeNull();
  });

  it('does not render a link for an unsafe destination, and keeps its label', () => {
    const { container } = render(<Markdown text="[click me](javascript:alert(1))" />);
    expect(container.querySelector('a')).toBeNull();
    expect(container.textContent).toBe('click me');
  });
});

describe('Markdown against XSS payloads', () => {
  let alertSpy: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    delete window.__xss;
    alertSpy = vi.fn();
    // happy-dom has no alert(); give both globals one so a payload that ran would be recorded.
    vi.stubGlobal('alert', alertSpy);
    Object.defineProperty(window, 'alert', { value: alertSpy, configurable: true, writable: true });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(window, 'alert');
  });

  it('has a large, distinct payload list', () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(80);
    expect(new Set(XSS_PAYLOADS).size).toBe(XSS_PAYLOADS.length);
  });

  it.each(XSS_PAYLOADS.map((payload, i) => [i, payload] as const))('payload #%i renders inert: %j', (_i, payload) => {
    const { container } = render(<Markdown text={payload} />);
    expect(container.firstElementChild?.tagName.toLowerCase()).toBe('div');
    expectInert(container);
    // Poke every element the way a user (or the browser) would, in case anything is listening.
    for (const el of container.querySelectorAll('*')) {
      for (const type of ['load', 'error', 'mouseover', 'focus', 'toggle']) el.dispatchEvent(new Event(type));
    }
    expect(window.__xss).toBeUndefined();
    expect(alertSpy).not.toHaveBeenCalled();
  });
});
