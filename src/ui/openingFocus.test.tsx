import { fireEvent } from '@testing-library/preact';
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

  it('the visitor opening the window on the pre-chat form is taken to its first field, then to the composer', async () => {
    withIntake(true);
    const { root, ui } = harness.start({});
    await until(() => void ui.getByRole('button', { name: 'Open chat' }));
    fireEvent.click(ui.getByRole('button', { name: 'Open chat' }));
    await until(() => expect(root.activeElement).toBe(ui.getAllByRole('textbox')[0]));
    const [nameField, emailField] = ui.getAllByRole<HTMLInputElement>('textbox');
    fireEvent.input(nameField!, { target: { value: 'Ada Lovelace' } });
    fireEvent.input(emailField!, { target: { value: 'ada@example.com' } });
    fireEvent.click(ui.getAllByRole('button').find((b) => b.getAttribute('type') === 'submit')!);
    await until(() => expect(root.activeElement).toBe(ui.getByRole('textbox', { name: /Type your message/ })));
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
    await until(() => expect(ui.getAllByRole('textbox')).toHaveLength(2));
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
