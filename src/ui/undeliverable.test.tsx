import { fireEvent } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { widgetHarness } from '../test/mountForTest.ts';
import { until } from '../test/fakeFetch.ts';
import { afterFakeTime } from '../test/fakeTime.ts';
import { COUNT_SHOWN_FROM, MAX_MESSAGE_CHARS } from '../state/messageLength.ts';

const harness = widgetHarness();
const isPost = (c: { method: string; path: string }) => c.method === 'POST' && c.path.endsWith('/messages');

async function composer() {
  const { ui, widget } = harness.start({ open: true });
  const input = await ui.findByRole<HTMLTextAreaElement>('textbox', { name: 'Type your message…' });
  const send = ui.getByRole<HTMLButtonElement>('button', { name: 'Send' });
  return { ui, widget, input, send };
}

describe('the length limit in the composer', () => {
  it('shows no count far from the limit', async () => {
    const { input, ui } = await composer();
    fireEvent.input(input, { target: { value: 'short' } });
    expect(input.getAttribute('aria-describedby')).toBeNull();
    expect(ui.queryByText(/characters/)).toBeNull();
  });

  it('shows a live count near the limit, which describes the input', async () => {
    const { input, send, root } = await composer().then((c) => ({ ...c, root: c.input.getRootNode() as ShadowRoot }));
    fireEvent.input(input, { target: { value: 'a'.repeat(COUNT_SHOWN_FROM) } });
    const count = root.getElementById(input.getAttribute('aria-describedby') ?? '')!;
    // Its text comes with the later views (prefetched at idle once the window is open).
    await until(() => expect(count.textContent).toBe(`9,000 of 10,000 characters`));
    expect(count.getAttribute('aria-live')).toBe('polite');
    expect(send.disabled).toBe(false);
  });

  it('over the limit: says so, keeps the text, and sends nothing', async () => {
    const { input, send, widget } = await composer();
    const errors = vi.fn();
    widget.on('error', errors);
    const text = 'a'.repeat(MAX_MESSAGE_CHARS + 1);
    fireEvent.input(input, { target: { value: text } });
    const count = (input.getRootNode() as ShadowRoot).getElementById(input.getAttribute('aria-describedby') ?? '')!;
    await until(() => expect(count.textContent).toContain('This message is too long: at most 10,000 characters.'));
    expect(count.textContent).toContain('10,001 of 10,000 characters');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(send.disabled).toBe(true);
    // Past every wait of the code (fake time), and with any code it would ask for: nothing is posted.
    await afterFakeTime(30_000, () => fireEvent.keyDown(input, { key: 'Enter' }));
    await vi.dynamicImportSettled();
    expect(input.value).toBe(text);
    expect(harness.service.calls.filter(isPost)).toHaveLength(0);
  });
});

describe('the API refuses an oversize text', () => {
  it("Porchlight('sendMessage', 'Z'.repeat(1e6)) posts nothing and emits an error", async () => {
    const { widget } = harness.start();
    const errors = vi.fn();
    widget.on('error', errors);
    widget.command('sendMessage', 'Z'.repeat(1e6));
    await until(() => expect(errors).toHaveBeenCalledWith(expect.objectContaining({ type: 'send', reason: 'MESSAGE_TOO_LONG', limit: MAX_MESSAGE_CHARS })));
    expect(harness.service.calls.filter(isPost)).toHaveLength(0);
  });
});

describe('the service answers 503 (issue 22 §19)', () => {
  it('the bubble says it waits to be sent, and the page hears of it once, at the first failed attempt', async () => {
    const { ui, widget } = harness.start({ open: true });
    const errors = vi.fn();
    widget.on('error', errors);
    harness.service.setFault((c) => (isPost(c) ? { status: 503, body: 'Service Unavailable' } : undefined));
    await widget.sendMessage('are you there?');
    expect(await ui.findByText('Waiting to send…')).toBeTruthy();
    expect(ui.queryByText('Sending…')).toBeNull();
    expect(errors.mock.calls).toEqual([[expect.objectContaining({ type: 'send', status: 503, retrying: true, reason: 'MESSAGE_UNREACHABLE' })]]);
    // Its second attempt (0.5–1 s later) fails too: nothing more for the page.
    await until(() => expect(harness.service.calls.filter(isPost)).toHaveLength(2));
    expect(errors).toHaveBeenCalledTimes(1);
    harness.service.setFault(null);
    await until(() => expect(ui.queryByText('Waiting to send…')).toBeNull());
    expect(ui.getByText('are you there?')).toBeTruthy();
  });
});

describe('"Not sent" says why', () => {
  it('a definite refusal shows at once with its reason, and is not retried', async () => {
    const { ui, widget } = harness.start({ open: true });
    harness.service.setFault((c) => (isPost(c) ? { status: 422, body: { errors: ['text field is required'] } } : undefined));
    // Sent and refused, then 30 s (fake) past any backoff the code would have set.
    await afterFakeTime(30_000, () => widget.sendMessage('refused'));
    const alert = await ui.findByRole('alert');
    expect(alert.textContent).toBe('Not sent The chat service refused this message.');
    expect(ui.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(harness.service.calls.filter(isPost)).toHaveLength(1);
  });

  it('too large for the service: only Delete is offered', async () => {
    const { ui, widget } = harness.start({ open: true });
    harness.service.setFault((c) => (isPost(c) ? { status: 413, body: { err: 'Request entity too large', limit: 512000 } } : undefined));
    await widget.sendMessage('too large');
    await until(() => expect(ui.getByRole('alert').textContent).toContain('Too long for the chat service.'));
    expect(ui.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(ui.getByRole('button', { name: 'Delete' })).toBeTruthy();
  });
});

describe('a session the service refuses', () => {
  it('emits one porchlight error of type auth and stops asking', async () => {
    const { widget, ui } = harness.start({ open: true });
    const errors = vi.fn();
    widget.on('error', errors);
    await widget.sendMessage('one');
    harness.service.setFault((c) =>
      c.path.endsWith('/messages') ? { status: 403, body: { success: false, msg: 'you dont belong to the project.' } } : undefined,
    );
    let calls = 0;
    // Once refused, 30 s (fake) past every wait of the code: no call more.
    await afterFakeTime(30_000, async () => {
      await widget.sendMessage('two');
      await until(() => expect(errors).toHaveBeenCalledWith(expect.objectContaining({ type: 'auth', status: 403 })));
      await until(() => expect(ui.getByRole('alert').textContent).toContain('The chat service did not accept this chat session.'));
      calls = harness.service.calls.length;
    });
    expect(harness.service.calls.length).toBe(calls);
    expect(errors.mock.calls.filter(([d]) => (d as { type: string }).type === 'auth')).toHaveLength(1);
  }, 10_000);
});
