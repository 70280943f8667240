import { render } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { WidgetContext, type WidgetView } from './context.ts';
import { UnreadBadge } from './UnreadBadge.tsx';

describe('UnreadBadge: the launcher’s count, loaded with the later views', () => {
  it('adopts its styles before its element is in the page, and caps the number it shows', () => {
    const container = document.createElement('div');
    const seen: (Element | null)[] = [];
    const view = { adoptCss: () => seen.push(container.querySelector('.unread-badge')) } as unknown as WidgetView;
    const draw = (count: number) =>
      render(
        <WidgetContext.Provider value={view}>
          <UnreadBadge count={count} />
        </WidgetContext.Provider>,
        { container },
      );
    draw(3);
    expect(seen).toEqual([null]);
    expect(container.querySelector('[part="unread-badge"]')?.textContent).toBe('3');
    expect(container.querySelector('[part="unread-badge"]')?.getAttribute('aria-hidden')).toBe('true');
    draw(120);
    expect(container.querySelector('[part="unread-badge"]')?.textContent).toBe('99+');
  });
});
