import { fireEvent } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { until } from '../test/fakeFetch.ts';
import { widgetHarness } from '../test/mountForTest.ts';

const harness = widgetHarness();

describe('closing the window (App.tsx)', () => {
  it('animates out the window that was open, as it was, then removes it; focus goes back to the launcher', async () => {
    const { root, ui } = harness.start({ open: true });
    await until(() => expect(root.querySelector('[part~="input"]')).toBeTruthy());
    const window = root.querySelector<HTMLElement>('[part~="window"]')!;
    const input = root.querySelector<HTMLTextAreaElement>('[part~="input"]')!;
    fireEvent.input(input, { target: { value: 'half a thought' } });

    fireEvent.click(root.querySelector('[part~="close-button"]')!);
    // The same window, with what the visitor left in it, hidden from keyboards and readers while it goes.
    await until(() => expect(window.classList.contains('is-closing')).toBe(true));
    expect(root.querySelector('[part~="window"]')).toBe(window);
    expect(window.getAttribute('aria-hidden')).toBe('true');
    expect(input.value).toBe('half a thought');
    expect(root.activeElement).toBe(ui.getByRole('button', { name: 'Open chat' }));
    await until(() => expect(root.querySelector('[part~="window"]')).toBeNull());
  });
});
