import { fireEvent } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { widgetHarness } from '../../test/mountForTest.ts';
import { until } from '../../test/fakeFetch.ts';

const harness = widgetHarness();

/** The element once it is there (the picker is a lazy chunk). */
async function found<T extends Element>(query: () => T | null): Promise<T> {
  await until(() => expect(query()).toBeTruthy());
  return query()!;
}

async function openPicker(settings: Record<string, unknown> = {}) {
  const started = harness.start({ open: true, showEmojiFooterButton: true, ...settings });
  const { root } = started;
  const button = await found(() => root.querySelector<HTMLButtonElement>('[part~="emoji-button"]'));
  const input = root.querySelector<HTMLTextAreaElement>('[part~="input"]')!;
  return { ...started, button, input };
}

const picker = (root: ShadowRoot) => root.querySelector<HTMLElement>('[part~="emoji-picker"]');
const focused = (root: ShadowRoot) => root.activeElement as HTMLElement | null;

describe('emoji picker', () => {
  it('has no button without showEmojiFooterButton', async () => {
    const { root, ui } = harness.start({ open: true });
    await ui.findByRole('dialog');
    expect(root.querySelector('[part~="emoji-button"]')).toBeNull();
  });

  it('opens on demand with the search focused; search, arrows and Enter insert at the caret', async () => {
    const { root, button, input } = await openPicker();
    fireEvent.input(input, { target: { value: 'I  you' } });
    input.setSelectionRange(2, 2);
    expect(picker(root)).toBeNull();
    fireEvent.click(button);
    await until(() => expect(picker(root)).toBeTruthy());
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(picker(root)!.getAttribute('role')).toBe('dialog');
    const search = root.querySelector<HTMLInputElement>('.emoji-search')!;
    await until(() => expect(focused(root)).toBe(search));

    fireEvent.input(search, { target: { value: 'red heart' } });
    await until(() => expect(root.querySelectorAll('.emoji').length).toBeGreaterThan(0));
    const first = root.querySelector<HTMLButtonElement>('.emoji')!;
    expect(first.getAttribute('aria-label')).toContain('heart');
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    expect(focused(root)).toBe(first);
    // One tab stop: only the active emoji is in the tab order.
    expect([...root.querySelectorAll('.emoji')].filter((b) => b.getAttribute('tabindex') === '0')).toEqual([first]);
    fireEvent.keyDown(first, { key: 'Enter' });
    fireEvent.click(first);
    await until(() => expect(picker(root)).toBeNull());
    expect(input.value).toBe(`I ${first.textContent} you`);
  });

  it('arrow keys move through the grid; Up from the first row goes back to search; Escape closes and returns focus', async () => {
    const { root, button } = await openPicker();
    fireEvent.click(button);
    await until(() => expect(root.querySelectorAll('.emoji').length).toBeGreaterThan(20));
    const emoji = [...root.querySelectorAll<HTMLButtonElement>('.emoji')];
    const search = root.querySelector<HTMLInputElement>('.emoji-search')!;
    await until(() => expect(focused(root)).toBe(search));
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    fireEvent.keyDown(emoji[0]!, { key: 'ArrowRight' });
    expect(focused(root)).toBe(emoji[1]);
    fireEvent.keyDown(emoji[1]!, { key: 'ArrowDown' });
    expect(focused(root)).toBe(emoji[9]);
    fireEvent.keyDown(emoji[9]!, { key: 'ArrowUp' });
    fireEvent.keyDown(emoji[1]!, { key: 'ArrowUp' });
    expect(focused(root)).toBe(search);
    fireEvent.keyDown(search, { key: 'Escape' });
    expect(picker(root)).toBeNull();
    expect(focused(root)).toBe(button);
  });

  it('says so when nothing matches', async () => {
    const { root, button } = await openPicker();
    fireEvent.click(button);
    const search = await found(() => root.querySelector<HTMLInputElement>('.emoji-search'));
    fireEvent.input(search, { target: { value: 'zzqqx' } });
    await until(() => expect(picker(root)!.textContent).toContain('No emoji found'));
  });

  it('in a right-to-left language the arrows follow the reading direction', async () => {
    const { root, button } = await openPicker({ lang: 'ar' });
    await until(() => expect(root.querySelector('.root')!.getAttribute('dir')).toBe('rtl'));
    fireEvent.click(button);
    await until(() => expect(root.querySelectorAll('.emoji').length).toBeGreaterThan(2));
    const emoji = [...root.querySelectorAll<HTMLButtonElement>('.emoji')];
    await until(() => expect(focused(root)).toBe(root.querySelector('.emoji-search')));
    fireEvent.keyDown(root.querySelector('.emoji-search')!, { key: 'ArrowDown' });
    fireEvent.keyDown(emoji[0]!, { key: 'ArrowLeft' });
    expect(focused(root)).toBe(emoji[1]);
    fireEvent.keyDown(emoji[1]!, { key: 'ArrowRight' });
    expect(focused(root)).toBe(emoji[0]);
  });

  it('has a tab per category (tablist pattern): one tab stop, arrows and Home/End move, choosing one selects it and makes its category the grid stop', async () => {
    const { root, button } = await openPicker();
    fireEvent.click(button);
    const tablist = await found(() => root.querySelector<HTMLElement>('[role="tablist"]'));
    expect(tablist.getAttribute('aria-label')).toBe('Emoji categories');
    const tabs = [...tablist.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
    expect(tabs.map((tab) => tab.getAttribute('aria-label'))).toEqual(['Smileys', 'People', 'Nature', 'Food', 'Activities', 'Travel', 'Objects', 'Symbols']);
    // Each tab controls its category's group; the first is selected and the only one in the tab order.
    const group = (tab: Element) => root.getElementById(tab.getAttribute('aria-controls')!)!;
    expect(group(tabs[3]!).textContent).toContain('Food');
    expect(tabs.map((tab) => tab.getAttribute('aria-selected'))).toEqual(['true', ...Array(7).fill('false')]);
    expect(tabs.filter((tab) => tab.tabIndex === 0)).toEqual([tabs[0]]);

    tabs[0]!.focus();
    fireEvent.keyDown(tabs[0]!, { key: 'ArrowRight' });
    expect(focused(root)).toBe(tabs[1]);
    fireEvent.keyDown(tabs[1]!, { key: 'End' });
    expect(focused(root)).toBe(tabs[7]);
    fireEvent.keyDown(tabs[7]!, { key: 'ArrowRight' });
    expect(focused(root)).toBe(tabs[0]);
    fireEvent.keyDown(tabs[0]!, { key: 'ArrowLeft' });
    expect(focused(root)).toBe(tabs[7]);
    fireEvent.keyDown(tabs[7]!, { key: 'Home' });
    expect(focused(root)).toBe(tabs[0]);

    // Choosing a tab selects it and makes its category's first emoji the grid's tab stop.
    fireEvent.click(tabs[3]!);
    expect(tabs[3]!.getAttribute('aria-selected')).toBe('true');
    expect(tabs.filter((tab) => tab.tabIndex === 0)).toEqual([tabs[3]]);
    const firstFood = group(tabs[3]!).querySelector<HTMLButtonElement>('.emoji')!;
    expect(firstFood.tabIndex).toBe(0);
    // Escape from a tab still closes the picker.
    fireEvent.keyDown(tabs[3]!, { key: 'Escape' });
    expect(picker(root)).toBeNull();
  });

  it('in a right-to-left language the tabs follow the reading direction too', async () => {
    const { root, button } = await openPicker({ lang: 'ar' });
    await until(() => expect(root.querySelector('.root')!.getAttribute('dir')).toBe('rtl'));
    fireEvent.click(button);
    const tabs = [...(await found(() => root.querySelector('[role="tablist"]'))).querySelectorAll<HTMLButtonElement>('[role="tab"]')];
    tabs[0]!.focus();
    fireEvent.keyDown(tabs[0]!, { key: 'ArrowLeft' });
    expect(focused(root)).toBe(tabs[1]);
    fireEvent.keyDown(tabs[1]!, { key: 'ArrowRight' });
    expect(focused(root)).toBe(tabs[0]);
  });

  it('hides the tabs while searching (the results are one list)', async () => {
    const { root, button } = await openPicker();
    fireEvent.click(button);
    const search = await found(() => root.querySelector<HTMLInputElement>('.emoji-search'));
    await found(() => root.querySelector('[role="tablist"]'));
    fireEvent.input(search, { target: { value: 'heart' } });
    await until(() => expect(root.querySelector('[role="tablist"]')).toBeNull());
  });
});
