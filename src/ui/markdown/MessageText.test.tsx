import { render } from '@testing-library/preact';
import type { ComponentChildren } from 'preact';
import { describe, expect, it, vi } from 'vitest';
import { WidgetContext, type WidgetView } from '../context.ts';
import { MessageText } from './MessageText.tsx';
import { afterFakeTime } from '../../test/fakeTime.ts';

/** What a view needs of the widget here: somewhere to adopt the parser's styles. */
function withWidget(children: ComponentChildren, adopted: string[]) {
  const view = { adoptCss: (css: string) => adopted.push(css), viewTexts: () => true } as unknown as WidgetView;
  return <WidgetContext.Provider value={view}>{children}</WidgetContext.Provider>;
}

describe('MessageText: a message before and after the markdown parser is downloaded', () => {
  it('shows every character as written first, then the same text formatted, with its styles', async () => {
    const adopted: string[] = [];
    const text = 'Hello **there**\nsecond line\n\nsee https://example.com/a';
    const { container } = render(withWidget(<MessageText text={text} />, adopted));
    // Before the chunk: one plain paragraph whose text is the message, line breaks kept by CSS.
    const plain = container.querySelector('.md > p.md-plain');
    expect(plain?.textContent).toBe(text);
    expect(adopted).toEqual([]);
    await vi.waitFor(() => expect(container.querySelector('.md strong')?.textContent).toBe('there'));
    expect(container.querySelector('.md-plain')).toBeNull();
    expect(container.querySelector('.md a')?.getAttribute('href')).toBe('https://example.com/a');
    expect(adopted).toHaveLength(1);
  });

  it('paints formatted at once once the parser is there (no plain frame for later messages)', async () => {
    const adopted: string[] = [];
    render(withWidget(<MessageText text="*warm up*" />, adopted));
    await vi.waitFor(() => expect(adopted.length).toBeGreaterThan(0));
    const { container } = render(withWidget(<MessageText text="a **b**" />, adopted));
    expect(container.querySelector('.md strong')?.textContent).toBe('b');
  });

  it('shows a text with nothing to format as it is, without downloading the parser', async () => {
    const adopted: string[] = [];
    let container: Element | null = null;
    // Past the paint a view on demand waits for (client/live/afterPaint.ts), and with the code it would then ask for.
    await afterFakeTime(1000, () => {
      container = render(withWidget(<MessageText text="Hello, where is my order?" />, adopted)).container;
      expect(container.querySelector('.md > p.md-plain')?.textContent).toBe('Hello, where is my order?');
    });
    await vi.dynamicImportSettled();
    expect(container!.querySelector('.md > p.md-plain')?.textContent).toBe('Hello, where is my order?');
    expect(adopted).toEqual([]);
  });

  it('marks emoji-only texts as such from the first paint', () => {
    const { container } = render(withWidget(<MessageText text="🎉🎉" />, []));
    expect(container.querySelector('.md.emoji-only')).not.toBeNull();
  });
});
