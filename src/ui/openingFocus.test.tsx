import { fireEvent, within } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { until } from '../test/fakeFetch.ts';
import { widgetHarness } from '../test/mountForTest.ts';

const harness = widgetHarness();

const DEPARTMENTS = [
  { _id: 'd0', name: 'Default', default: true, status: 1 },
  { _id: 'd1', name: 'Sales', status: 1 },
  { _id: 'd2', name: 'Support', status: 1 },
];

/** A project whose window opens on its departments, or on its pre-chat form first. */
function withIntake(preChatForm: boolean): void {
  harness.service.setWidgets({ project: { _id: 'p', name: 'Shop', widget: { preChatForm } }, departments: DEPARTMENTS });
}

describe('the focus on open (issue 26 §6, openingFocus.ts)', () => {
  it('the visitor opening the window on its departments is taken to the composer, the departments offered beside it; Esc takes them back to the launcher', async () => {
    withIntake(false);
    const { root, ui } = harness.start({});
    await until(() => void ui.getByRole('button', { name: 'Open chat' }));
    fireEvent.click(ui.getByRole('button', { name: 'Open chat' }));
    await until(() => expect(root.activeElement).toBe(ui.getByRole('textbox', { name: /Type your message/ })));
    expect(await ui.findByRole('button', { name: 'Sales' })).toBeTruthy();

    fireEvent.keyDown(root.activeElement!, { key: 'Escape' });
    await until(() => expect(root.activeElement).toBe(ui.getByRole('button', { name: 'Open chat' })));
  });

  it("the visitor opening the window of a project with a pre-chat form is taken to the composer; once they have written, to the card's first field; once it is answered, back to the composer", async () => {
    withIntake(true);
    const { root, ui } = harness.start({});
    await until(() => void ui.getByRole('button', { name: 'Open chat' }));
    fireEvent.click(ui.getByRole('button', { name: 'Open chat' }));
    const composer = () => ui.getByRole('textbox', { name: /Type your message/ });
    await until(() => expect(root.activeElement).toBe(composer()));
    fireEvent.input(composer(), { target: { value: 'Where is my order?' } });
    fireEvent.keyDown(composer(), { key: 'Enter' });
    await until(() => void ui.getByRole('form'));
    const [nameField, emailField] = within(ui.getByRole('form')).getAllByRole<HTMLInputElement>('textbox');
    await until(() => expect(root.activeElement).toBe(nameField));
    fireEvent.input(nameField!, { target: { value: 'Ada Lovelace' } });
    fireEvent.input(emailField!, { target: { value: 'ada@example.com' } });
    fireEvent.click(within(ui.getByRole('form')).getByRole('button'));
    expect(root.activeElement).toBe(composer());
    // Then the departments, offered in the thread beside the composer, which keeps the focus.
    expect(await ui.findByRole('button', { name: 'Sales' })).toBeTruthy();
    expect(ui.queryByRole('form')).toBeNull();
    expect(root.activeElement).toBe(composer());
  });

  it('a visitor coming back to a card still waiting (their message held) is taken to its first field as they open the window', async () => {
    withIntake(true);
    const first = harness.start({ persistence: 'session' });
    await until(() => void first.ui.getByRole('button', { name: 'Open chat' }));
    await first.widget.sendMessage('Where is my order?');
    await until(() => expect(sessionStorage.length).toBeGreaterThan(0));
    // The page reloads: the message held and the card come back from what this tab keeps.
    first.widget.destroy();
    const { root, ui } = harness.start({ persistence: 'session' });
    await until(() => void ui.getByRole('button', { name: 'Open chat' }));
    fireEvent.click(ui.getByRole('button', { name: 'Open chat' }));
    await until(() => void ui.getByRole('form'));
    await until(() => expect(root.activeElement).toBe(within(ui.getByRole('form')).getAllByRole('textbox')[0]));
    expect(root.querySelector('.message-visitor.state-sending')?.textContent).toContain('Where is my order?');
    expect(harness.service.posts()).toHaveLength(0);
    sessionStorage.clear();
  });

  it('a window rendered parked on its departments (windowPreparation.ts) takes the visitor to the composer as they open it', async () => {
    withIntake(false);
    const idle: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    const { root, ui } = harness.start({});
    for (let moment = 0; moment < 20 && !root.querySelector('[part~="departments"] button'); moment++) {
      for (const run of idle.splice(0)) run();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(root.querySelector('[part~="window"]')!.classList.contains('is-parked')).toBe(true);
    fireEvent.click(ui.getByRole('button', { name: 'Open chat' }));
    await until(() => expect(root.activeElement).toBe(ui.getByRole('textbox', { name: /Type your message/ })));
  });

  it('the page opening the window leaves the focus where it was, on any screen', async () => {
    withIntake(true);
    const outside = document.body.appendChild(document.createElement('input'));
    const { root, ui, widget } = harness.start({});
    await until(() => void ui.getByRole('button', { name: 'Open chat' }));
    outside.focus();
    widget.open();
    await until(() => void ui.getByRole('textbox', { name: /Type your message/ }));
    // A held message brings the pre-chat card: it takes no focus from the page either.
    await widget.sendMessage('Where is my order?');
    await until(() => void ui.getByRole('form'));
    expect(document.activeElement).toBe(outside);
    expect(root.activeElement).toBeNull();
  });

  it('the launcher comes after the window in the tab order', async () => {
    const { root, ui } = harness.start({});
    await until(() => void ui.getByRole('button', { name: 'Open chat' }));
    fireEvent.click(ui.getByRole('button', { name: 'Open chat' }));
    await until(() => void ui.getByRole('dialog'));
    const window = ui.getByRole('dialog');
    const launcher = root.querySelector('[part~="launcher"]')!;
    expect(window.compareDocumentPosition(launcher) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(launcher.getAttribute('tabindex')).toBeNull();
  });
});
