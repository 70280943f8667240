import { fireEvent } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { widgetHarness } from '../test/mountForTest.ts';
import { until } from '../test/fakeFetch.ts';
import { returnToTab } from '../test/pageVisibility.ts';

const harness = widgetHarness();

describe('message preview above the closed launcher', () => {
  it('shows the latest agent message, opens the conversation on click, and can be dismissed', async () => {
    const { widget, ui, root } = harness.start();
    await widget.sendMessage('Where is my order?');
    const rid = [...harness.service.messages.keys()][0]!;
    harness.service.agentSays(rid, 'It ships today.');
    returnToTab();
    const preview = () => root.querySelector('[part~="message-preview"]');
    await until(() => expect(preview()?.textContent).toContain('It ships today.'));
    expect(preview()?.textContent).toContain('Ann Agent');
    expect(preview()?.getAttribute('role')).toBe('status');
    // The sender's face beside the words, as Intercom's preview has it: decorative (the name is said).
    const avatar = preview()?.querySelector('.avatar');
    expect(avatar?.textContent).toBe('AA');
    expect(avatar?.getAttribute('aria-hidden')).toBe('true');

    fireEvent.click(ui.getByRole('button', { name: 'Dismiss message' }));
    expect(preview()).toBeNull();
    // Dismissed until the next message, which shows again; a click on it opens the conversation.
    harness.service.agentSays(rid, 'Tracking: ZX-1.');
    returnToTab();
    await until(() => expect(preview()?.textContent).toContain('Tracking: ZX-1.'));
    fireEvent.click(ui.getByText('Tracking: ZX-1.'));
    expect(await ui.findByRole('dialog')).toBeTruthy();
    expect(preview()).toBeNull();
  });

  it('shows nothing while the window is open', async () => {
    const { widget, root, ui } = harness.start();
    await widget.sendMessage('Hello');
    const rid = [...harness.service.messages.keys()][0]!;
    widget.open();
    harness.service.agentSays(rid, 'Hi there!');
    expect(await ui.findByText('Hi there!', {}, { timeout: 4000 })).toBeTruthy();
    expect(root.querySelector('[part~="message-preview"]')).toBeNull();
  });
});
