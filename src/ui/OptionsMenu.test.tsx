import { fireEvent, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { until } from '../test/fakeFetch.ts';
import { widgetHarness } from '../test/mountForTest.ts';
import { menuStep } from './OptionsMenu.tsx';

/**
 * Issue 26 §2: the header's rarer actions ("End conversation", "Save the conversation") in a "…"
 * menu with their names written out, as in the WAI-ARIA menu button pattern.
 */
const harness = widgetHarness();

describe('menuStep', () => {
  it('moves down and up with wrapping, to the ends with Home and End, and leaves other keys alone', () => {
    expect([menuStep('ArrowDown', 0, 3), menuStep('ArrowDown', 2, 3), menuStep('ArrowUp', 0, 3), menuStep('ArrowUp', 2, 3)]).toEqual([1, 0, 2, 1]);
    expect([menuStep('Home', 2, 3), menuStep('End', 0, 3)]).toEqual([0, 2]);
    expect([menuStep('Enter', 1, 3), menuStep('a', 1, 3), menuStep('Tab', 1, 3)]).toEqual([undefined, undefined, undefined]);
  });
});

async function conversation(settings: Record<string, unknown> = {}) {
  const started = harness.start({ open: true, allowTranscriptDownload: true, ...settings });
  await until(() => expect(started.ui.getByRole('textbox')).toBeTruthy());
  await started.widget.sendMessage('Where is my order?');
  const button = await found(() => started.ui.getByRole('button', { name: 'More options' }));
  return { ...started, button };
}

/** What `find` finds once it finds it. */
async function found<T>(find: () => T): Promise<T> {
  let result: T | undefined;
  await until(() => void (result = find()));
  return result as T;
}

const focused = (root: ShadowRoot) => root.activeElement as HTMLElement | null;

describe('the header’s options menu', () => {
  it('is a menu button: closed, it is the header’s only control besides Minimize; the actions are not buttons of the header', async () => {
    const { ui, root, button } = await conversation();
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    const header = within(root.querySelector('.header') as unknown as HTMLElement);
    expect(header.getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['More options', 'Minimize']);
    expect(ui.queryByRole('menu')).toBeNull();
    expect(ui.queryByRole('button', { name: 'End conversation' })).toBeNull();
  });

  it('opens on a click with the focus on its first item; arrows wrap, Home and End go to the ends; Esc closes it and the focus goes back to the button, the window stays open', async () => {
    const { ui, root, button } = await conversation();
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const menu = await found(() => ui.getByRole('menu', { name: 'More options' }));
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Save the conversation', 'End conversation']);
    await until(() => expect(focused(root)).toBe(items[0]));
    fireEvent.keyDown(items[0]!, { key: 'ArrowDown' });
    expect(focused(root)).toBe(items[1]);
    fireEvent.keyDown(items[1]!, { key: 'ArrowDown' });
    expect(focused(root)).toBe(items[0]);
    fireEvent.keyDown(items[0]!, { key: 'ArrowUp' });
    expect(focused(root)).toBe(items[1]);
    fireEvent.keyDown(items[1]!, { key: 'Home' });
    expect(focused(root)).toBe(items[0]);
    fireEvent.keyDown(items[0]!, { key: 'End' });
    expect(focused(root)).toBe(items[1]);
    // Items are reached with the arrows, not Tab.
    expect(items.map((item) => item.tabIndex)).toEqual([-1, -1]);

    fireEvent.keyDown(items[1]!, { key: 'Escape' });
    await until(() => expect(ui.queryByRole('menu')).toBeNull());
    expect(focused(root)).toBe(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(root.querySelector('[part~="window"]')).toBeTruthy();
  });

  it('opens on ↑ at its last item and on ↓ at its first', async () => {
    const { ui, root, button } = await conversation();
    fireEvent.keyDown(button, { key: 'ArrowUp' });
    const items = within(await found(() => ui.getByRole('menu'))).getAllByRole('menuitem');
    await until(() => expect(focused(root)).toBe(items[1]));
    fireEvent.keyDown(items[1]!, { key: 'Escape' });
    await until(() => expect(ui.queryByRole('menu')).toBeNull());
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    const again = within(await found(() => ui.getByRole('menu'))).getAllByRole('menuitem');
    await until(() => expect(focused(root)).toBe(again[0]));
  });

  it('closes when the focus leaves it (Tab) and on a press elsewhere, leaving the focus where it went; the button toggles it', async () => {
    const { ui, root, button } = await conversation();
    fireEvent.click(button);
    const item = within(await found(() => ui.getByRole('menu'))).getAllByRole('menuitem')[0]!;
    const minimize = ui.getByRole('button', { name: 'Minimize' });
    fireEvent.focusOut(item, { relatedTarget: minimize });
    await until(() => expect(ui.queryByRole('menu')).toBeNull());

    fireEvent.click(button);
    await until(() => expect(ui.getByRole('menu')).toBeTruthy());
    fireEvent.pointerDown(root.querySelector('[part~="messages"]')!);
    await until(() => expect(ui.queryByRole('menu')).toBeNull());

    fireEvent.click(button);
    await until(() => expect(ui.getByRole('menu')).toBeTruthy());
    fireEvent.pointerDown(document.body);
    await until(() => expect(ui.queryByRole('menu')).toBeNull());

    // A press on the button itself: its click closes the menu, the focus passing to it does not reopen it.
    fireEvent.click(button);
    const first = within(await found(() => ui.getByRole('menu'))).getAllByRole('menuitem')[0]!;
    fireEvent.pointerDown(button);
    fireEvent.focusOut(first, { relatedTarget: button });
    await Promise.resolve();
    fireEvent.click(button);
    await until(() => expect(ui.queryByRole('menu')).toBeNull());
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('"End conversation" asks first, as before: the confirmation takes the focus; Cancel leaves the conversation open', async () => {
    const { ui, root, button } = await conversation({ allowTranscriptDownload: false });
    fireEvent.click(button);
    const items = within(await found(() => ui.getByRole('menu'))).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['End conversation']);
    fireEvent.click(items[0]!);
    const confirm = await found(() => ui.getByRole('alertdialog'));
    expect(ui.queryByRole('menu')).toBeNull();
    const cancel = within(confirm).getByRole('button', { name: 'Cancel' });
    await until(() => expect(focused(root)).toBe(cancel));
    fireEvent.click(cancel);
    await until(() => expect(ui.queryByRole('alertdialog')).toBeNull());
    expect(harness.service.calls.some((call) => call.path.endsWith('/closeg'))).toBe(false);
    // The focus goes back to the button the confirmation was asked from, not to the page.
    expect(focused(root)).toBe(button);

    // Esc within the confirmation cancels it the same way.
    fireEvent.click(button);
    fireEvent.click(within(await found(() => ui.getByRole('menu'))).getAllByRole('menuitem')[0]!);
    const again = within(await found(() => ui.getByRole('alertdialog'))).getByRole('button', { name: 'Cancel' });
    await until(() => expect(focused(root)).toBe(again));
    fireEvent.keyDown(again, { key: 'Escape' });
    await until(() => expect(ui.queryByRole('alertdialog')).toBeNull());
    expect(focused(root)).toBe(button);
    expect(ui.getByRole('dialog')).toBeTruthy();
  });

  it('taken away open (the page reset the chat), it is closed: the next conversation’s button does not open it again', async () => {
    const { ui, button, widget } = await conversation({ allowTranscriptDownload: false });
    fireEvent.click(button);
    await found(() => ui.getByRole('menu'));
    // The page's script starts over (its visitor signed out): no conversation to end or save.
    widget.command('reset');
    await until(() => expect(ui.queryByRole('button', { name: 'More options' })).toBeNull());
    widget.open();
    await until(() => expect(ui.getByRole('textbox')).toBeTruthy());
    await widget.sendMessage('Another question');
    const again = await found(() => ui.getByRole('button', { name: 'More options' }));
    expect(again.getAttribute('aria-expanded')).toBe('false');
    expect(ui.queryByRole('menu')).toBeNull();
  });

  it('names the button and its items with the service’s labels where it has them', async () => {
    harness.service.setLabels('EN', { OPTIONS: 'Menu of actions', CLOSE_CHAT: 'Close the chat', DOWNLOAD_TRANSCRIPT: 'Download the transcript' });
    const started = harness.start({ open: true, allowTranscriptDownload: true });
    await until(() => expect(started.ui.getByRole('textbox')).toBeTruthy());
    await started.widget.sendMessage('Hello');
    fireEvent.click(await found(() => started.ui.getByRole('button', { name: 'Menu of actions' })));
    const items = within(await found(() => started.ui.getByRole('menu', { name: 'Menu of actions' }))).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Download the transcript', 'Close the chat']);
  });

  it('is not there before the first message: nothing to end or save yet', async () => {
    const { ui, widget } = harness.start({ open: true });
    await until(() => expect(ui.getByRole('textbox')).toBeTruthy());
    expect(ui.queryByRole('button', { name: 'More options' })).toBeNull();
    await widget.sendMessage('Hi');
    await until(() => expect(ui.getByRole('button', { name: 'More options' })).toBeTruthy());
  });
});
