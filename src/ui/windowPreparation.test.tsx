import { fireEvent } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { until } from '../test/fakeFetch.ts';
import { widgetHarness } from '../test/mountForTest.ts';

const harness = widgetHarness();

/** The page's idle moments, run by the test one at a time. */
let idle: Array<() => void> = [];
beforeEach(() => {
  idle = [];
  vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
  vi.stubGlobal('cancelIdleCallback', () => undefined);
});
afterEach(() => void (idle = []));

/** The page's next idle moment (once something asked for one): every callback waiting runs. */
async function nextIdle(): Promise<void> {
  await until(() => expect(idle.length).toBeGreaterThan(0));
  for (const run of idle.splice(0)) run();
}

/** Idle moments until `part` is rendered (the client asks for some of its own first). */
async function idleUntil(root: ShadowRoot, part = 'window'): Promise<void> {
  for (let moment = 0; moment < 10 && !root.querySelector(`[part~="${part}"]`); moment++) {
    await nextIdle();
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  expect(root.querySelector(`[part~="${part}"]`)).toBeTruthy();
}

describe('the window rendered ahead of the first tap (windowPreparation.ts, App.tsx)', () => {
  it('comes part by part at idle, hidden from eyes, keyboards and readers; the tap shows that same window and takes the visitor to the composer', async () => {
    const { root, ui } = harness.start({});
    await until(() => expect(ui.getByRole('button', { name: 'Open chat' })).toBeTruthy());
    expect(root.querySelector('[part~="window"]')).toBeNull();
    // Its frame first, then the conversation, then the composer: one part per idle moment.
    await idleUntil(root);
    const window = root.querySelector<HTMLElement>('[part~="window"]')!;
    expect(window.classList.contains('is-parked')).toBe(true);
    expect(window.getAttribute('aria-hidden')).toBe('true');
    // Out of keyboards' reach by `visibility: hidden` (ChatWindow.css; a browser test checks Tab:
    // e2e/a11y.spec.ts): inert, inherited, made the tap restyle every element of the window.
    expect(window.inert).toBe(false);
    expect(ui.queryByRole('dialog')).toBeNull();
    expect(root.querySelector('[part~="messages"]')).toBeNull();
    // Idle moments until the next part (the client's own may come first): never two parts in one.
    await idleUntil(root, 'messages');
    expect(root.querySelector('[part~="input"]')).toBeNull();
    await idleUntil(root, 'input');

    fireEvent.click(ui.getByRole('button', { name: 'Open chat' }));
    await until(() => expect(window.classList.contains('is-parked')).toBe(false));
    expect(root.querySelector('[part~="window"]')).toBe(window);
    expect(window.getAttribute('aria-hidden')).toBeNull();
    expect(window.inert).toBe(false);
    expect(ui.getByRole('dialog')).toBe(window);
    // With the window's first frame on screen: a focus in the tap's task would lay it out there.
    await until(() => expect(root.activeElement).toBe(root.querySelector('[part~="input"]')));
  });

  it('a tap before every part is ready gets the whole window at once', async () => {
    const { root, ui } = harness.start({});
    await idleUntil(root);
    fireEvent.click(ui.getByRole('button', { name: 'Open chat' }));
    await until(() => expect(root.activeElement).toBe(root.querySelector('[part~="input"]')));
    expect(ui.getByRole('dialog')).toBe(root.querySelector('[part~="window"]'));
  });

  it('closed after being seen, the window is parked again with what the visitor left in it', async () => {
    const { root, ui } = harness.start({});
    await idleUntil(root, 'input');
    fireEvent.click(ui.getByRole('button', { name: 'Open chat' }));
    const input = root.querySelector<HTMLTextAreaElement>('[part~="input"]')!;
    await until(() => expect(root.activeElement).toBe(input));
    fireEvent.input(input, { target: { value: 'half a thought' } });
    fireEvent.click(root.querySelector('[part~="close-button"]')!);
    const window = root.querySelector<HTMLElement>('[part~="window"]')!;
    await until(() => expect(window.classList.contains('is-parked')).toBe(true));
    expect(window.getAttribute('aria-hidden')).toBe('true');
    expect(ui.queryByRole('dialog')).toBeNull();
    expect(root.activeElement).toBe(ui.getByRole('button', { name: 'Open chat' }));
    fireEvent.click(ui.getByRole('button', { name: 'Open chat' }));
    await until(() => expect(window.classList.contains('is-parked')).toBe(false));
    expect(root.querySelector<HTMLTextAreaElement>('[part~="input"]')!.value).toBe('half a thought');
  });
});
