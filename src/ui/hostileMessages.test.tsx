import { fireEvent } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { until } from '../test/fakeFetch.ts';
import { widgetHarness } from '../test/mountForTest.ts';

/**
 * Messages the service should never have stored, as a widget meets them: they may not break the
 * list, the agent's next reply, the visitor's next message, or a reload.
 */
const harness = widgetHarness();

const bubbles = (root: ShadowRoot) => [...root.querySelectorAll('li.message')];
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

afterEach(() => sessionStorage.clear());

describe('hostile messages in the history', () => {
  it('a sender name that is a number (7) breaks nothing: the reply after it shows, the next message is sent, a reload still shows the bubbles', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const first = harness.start({ open: true, persistence: 'session' });
    await first.widget.sendMessage('Where is my order?');
    const rid = [...harness.service.messages.keys()][0]!;
    harness.service.store(rid, { sender: 'agent-1', senderFullname: 7, recipient: rid, type: 'text', text: 'Agent seven here', createdAt: at(10) });
    harness.service.agentSays(rid, 'It ships today.');
    first.widget.close();
    first.widget.open();
    expect(await first.ui.findByText('It ships today.', {}, { timeout: 4000 })).toBeTruthy();
    expect(first.ui.getByText('Agent seven here').closest('li')!.querySelector('.sender bdi')!.textContent).toBe('7');

    // The visitor's next message goes out through the composer.
    const input = await first.ui.findByRole<HTMLTextAreaElement>('textbox', { name: 'Type your message…' });
    fireEvent.input(input, { target: { value: 'Thanks!' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await until(() => expect(harness.service.posts().map((c) => (c.body as { text: string }).text)).toEqual(['Where is my order?', 'Thanks!']));
    await until(() => expect(bubbles(first.root)).toHaveLength(4));
    first.widget.destroy();

    // A reload with that message in the history: the list shows every bubble, and the first send works.
    const second = harness.start({ open: true, persistence: 'session' });
    await until(() => expect(bubbles(second.root)).toHaveLength(4));
    await second.widget.sendMessage('One more thing');
    await until(() => expect(harness.service.posts()).toHaveLength(3));
    expect(await second.ui.findByText('One more thing')).toBeTruthy();
    await until(() => expect(second.root.querySelector('.state-sending, .state-failed')).toBeNull());
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it('draws no empty bubbles for records without text, sender or date, or of an unknown type, and keeps order', async () => {
    const { widget, ui, root } = harness.start({ open: true });
    await widget.sendMessage('Hello');
    const rid = [...harness.service.messages.keys()][0]!;
    const store = (record: Record<string, unknown>) => harness.service.store(rid, { recipient: rid, sender: 'agent-1', createdAt: at(5), ...record });
    store({ text: null });
    store({ text: undefined, sender: undefined });
    store({ type: 'frame', text: undefined, metadata: { src: 'https://example.com/x' } });
    store({ _id: undefined, text: 'no id, cannot be merged' });
    store({ text: 'undated, after its neighbour', createdAt: undefined });
    store({ text: { html: '<b>x</b>' }, senderFullname: ['Ann'] });
    store({ type: 'carousel', text: 'unknown type with text', createdAt: 'not a date' });
    harness.service.agentSays(rid, 'Last reply');
    widget.close();
    widget.open();
    expect(await ui.findByText('Last reply', {}, { timeout: 4000 })).toBeTruthy();
    const texts = bubbles(root).map((li) => li.querySelector('.bubble')!.textContent);
    expect(texts).toEqual(['Hello', 'undated, after its neighbour', 'unknown type with text', 'Last reply']);
  });
});

describe('names', () => {
  it('an agent named "You" is an agent: not styled, placed or labelled as the visitor', async () => {
    const { widget, ui, root } = harness.start({ open: true });
    await widget.sendMessage('Hi');
    const rid = [...harness.service.messages.keys()][0]!;
    harness.service.agentSays(rid, 'I am not you', { senderFullname: ' yOU\u200b ' });
    widget.close();
    widget.open();
    const text = await ui.findByText('I am not you', {}, { timeout: 4000 });
    const li = text.closest('li')!;
    expect(li.className).toContain('message-agent');
    expect(li.getAttribute('part')).toBe('message message-agent');
    const label = li.querySelector('.sender')!;
    expect(label.className).toContain('sender-agent');
    expect(label.querySelector('bdi')!.textContent).toBe('Support');
    expect(li.querySelector('.visually-hidden')!.textContent).not.toMatch(/you/i);
    // The visitor's own bubble carries no visible name; only to screen readers is it "You".
    expect(root.querySelectorAll('.sender-visitor')).toHaveLength(0);
    expect(ui.getByText('Hi').closest('li')!.querySelector('.visually-hidden')!.textContent).toContain('You');
  });

  it('isolates every name: a right-to-left override in it cannot reorder what follows', async () => {
    const { widget, ui, root } = harness.start({ open: true });
    await widget.sendMessage('Hi');
    const rid = [...harness.service.messages.keys()][0]!;
    harness.service.agentSays(rid, 'Reply', { senderFullname: 'Ann\u202E Agent' });
    harness.service.store(rid, {
      sender: 'system',
      recipient: rid,
      text: 'Ann joined',
      createdAt: at(50),
      attributes: {
        subtype: 'info/support',
        messagelabel: { key: 'MEMBER_JOINED_GROUP', parameters: { member_id: 'u2', fullname: 'Bob\u202E\u2069 Builder' } },
      },
    });
    widget.close();
    widget.open();
    const text = await ui.findByText('Reply', {}, { timeout: 4000 });
    const li = text.closest('li')!;
    const name = li.querySelector('.sender bdi')!;
    expect(name.textContent).toBe('Ann Agent');
    expect(li.querySelector('.visually-hidden')!.textContent).toBe('\u2068Ann Agent\u2069: ');
    await until(() => expect(root.querySelector('.message-info')).not.toBeNull());
    expect(root.querySelector('.message-info')!.textContent).toBe('Bob Builder joined the conversation');
    expect(root.querySelector('.message-info bdi')!.textContent).toBe('Bob Builder');
    // No explicit bidi control from a name reaches the page.
    expect(root.querySelector('.messages')!.textContent).not.toMatch(/[\u202A-\u202E]/);
  });
});
