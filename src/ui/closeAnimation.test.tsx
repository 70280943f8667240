import { fireEvent } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { until } from '../test/fakeFetch.ts';
import { widgetHarness } from '../test/mountForTest.ts';

const harness = widgetHarness();
// No idle moment: the window is not rendered ahead of a tap (windowPreparation.test.tsx is about that).
beforeEach(() => {
  vi.stubGlobal('requestIdleCallback', () => 0);
  vi.stubGlobal('cancelIdleCallback', () => undefined);
});

describe('closing the window (App.tsx)', () => {
  it('animates out the window that was open, as it was, then removes it (never parked); focus goes back to the launcher', async () => {
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
