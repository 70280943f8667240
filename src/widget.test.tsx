import { fireEvent } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { widgetHarness } from './test/mountForTest.ts';
import { until } from './test/fakeFetch.ts';
import { returnToTab } from './test/pageVisibility.ts';

const harness = widgetHarness();
const start = harness.start;

describe('widget', () => {
  it('shows a named launcher in an open shadow root and signs in only when opened', async () => {
    const { ui, widget } = start();
    const ready = vi.fn();
    widget.on('ready', ready);
    const launcher = ui.getByRole('button', { name: 'Open chat' });
    expect(launcher.getAttribute('part')).toBe('launcher');
    await until(() => expect(ready).toHaveBeenCalled());
    expect(harness.service.calls.map((c) => c.path)).toEqual([
      `/${harness.service.projectId}/publicanalytics/waiting/current`,
      `/${harness.service.projectId}/widgets`,
      `/${harness.service.projectId}/labels/EN`,
    ]);

    fireEvent.click(launcher);
    const dialog = await ui.findByRole('dialog', { name: 'Fake project' });
    expect(dialog.getAttribute('part')).toBe('window');
    expect(ui.getByRole('log').getAttribute('aria-live')).toBe('polite');
    await until(() => expect(harness.service.calls.some((c) => c.path === '/auth/signinAnonymously')).toBe(true));
  });

  it('sends with Enter, keeps Shift+Enter as a new line, and shows the bubble at once', async () => {
    const { ui, widget } = start({ open: true });
    const sent = vi.fn();
    widget.on('message:sent', sent);
    const input = await ui.findByRole<HTMLTextAreaElement>('textbox', { name: 'Type your message…' });
    fireEvent.input(input, { target: { value: 'line one' } });
    fireEvent.keyDown(input, { key: 'Enter', shiftKey: true });
    expect(harness.service.posts()).toHaveLength(0);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await ui.findByText('line one')).toBeTruthy();
    expect(input.value).toBe('');
    await until(() => expect(sent).toHaveBeenCalledTimes(1));
    expect(harness.service.posts()[0]!.body).toMatchObject({ text: 'line one', type: 'text' });
  });

  it("shows the agent's reply with its name, and counts it as unread while closed", async () => {
    const { ui, widget } = start();
    const received = vi.fn();
    const unread = vi.fn();
    widget.on('message:received', received);
    widget.on('unread:change', unread);
    await widget.sendMessage('Where is my order?');
    const rid = [...harness.service.messages.keys()][0]!;
    harness.service.agentSays(rid, 'It ships today.');
    returnToTab();
    await until(() => expect(received).toHaveBeenCalled());
    await until(() => expect(ui.getByRole('button', { name: 'Open chat, 1 unread message' }).textContent).toContain('1'));
    expect(unread).toHaveBeenLastCalledWith(1);
    widget.open();
    expect(await ui.findByText('It ships today.')).toBeTruthy();
    expect(ui.getByText('Ann Agent')).toBeTruthy();
    await until(() => expect(unread).toHaveBeenLastCalledWith(0));
  });

  it('messages written back to back are sent in the order written, before and after start-up (the first waits for the new conversation to be stored; the next must not overtake it)', async () => {
    const { widget } = start();
    const texts = () => harness.service.posts().map((p) => (p.body as { text: string }).text);
    void widget.sendMessage('one');
    void widget.sendMessage('two');
    void widget.sendMessage('three');
    await until(() => expect(texts()).toHaveLength(3));
    expect(texts()).toEqual(['one', 'two', 'three']);
    void widget.sendMessage('four');
    void widget.sendMessage('five');
    await until(() => expect(texts()).toHaveLength(5));
    expect(texts()).toEqual(['one', 'two', 'three', 'four', 'five']);
  });

  it('open, close, toggle, hide and show drive the window and fire events', async () => {
    const { ui, widget } = start();
    const log: string[] = [];
    // Once started, as a page that drives the window waits for `ready`.
    const ready = new Promise((resolve) => widget.on('ready', resolve));
    widget.on('open', () => log.push('open'));
    widget.on('close', () => log.push('close'));
    await ready;
    widget.toggle();
    expect(await ui.findByRole('dialog')).toBeTruthy();
    widget.close();
    await until(() => expect(ui.queryByRole('dialog')).toBeNull());
    widget.hide();
    await until(() => expect(ui.queryByRole('button', { name: 'Open chat' })).toBeNull());
    widget.show();
    expect(await ui.findByRole('button', { name: 'Open chat' })).toBeTruthy();
    expect(log).toEqual(['open', 'close']);
  });

  it(
    'page commands made before their code is here wait for it and run once each, in order; then they run at once and hand back their result',
    { timeout: 15_000 },
    async () => {
      const { ui, widget } = start();
      const log: string[] = [];
      const handedBack: unknown[] = [];
      // Once started (so `open` and `close` fire events), and before the command code's idle download.
      widget.on('ready', () => {
        // Queued (commands.ts is a chunk of its own): nothing is handed back yet.
        handedBack.push(widget.command('on', 'open', () => log.push('open')));
        widget.command('on', 'close', () => log.push('close'));
        widget.command('update', { widgetTitle: 'Shop A' });
        widget.command('open');
        widget.command('update', { widgetTitle: 'Shop B' });
        widget.command('sendMessage', 'only once');
        widget.command('close');
      });
      await until(() => expect(log).toEqual(['open', 'close']));
      expect(handedBack).toEqual([undefined]);
      await until(() => expect(harness.service.posts()).toHaveLength(1));
      expect(harness.service.posts()[0]!.body).toMatchObject({ text: 'only once' });
      expect(ui.queryByRole('dialog')).toBeNull();
      // The code is here now: a call runs at once and `on` hands back its unsubscribe function.
      const stop = widget.command('on', 'open', () => log.push('again'));
      expect(typeof stop).toBe('function');
      (stop as () => void)();
      widget.command('open');
      expect(await ui.findByRole('dialog', { name: 'Shop B' })).toBeTruthy();
      // The listeners of one event are called together: once the one still there heard it, the one removed would have too.
      await until(() => expect(log).toHaveLength(3));
      expect(log).toEqual(['open', 'close', 'open']);
      expect(harness.service.posts()).toHaveLength(1);
    },
  );

  it('a page whose matchMedia throws still gets its widget, which chats', async () => {
    vi.stubGlobal('matchMedia', () => {
      throw new TypeError('matchMedia is not available');
    });
    const { ui, widget } = start();
    fireEvent.click(await ui.findByRole('button', { name: 'Open chat' }));
    expect(await ui.findByRole('dialog')).toBeTruthy();
    await widget.sendMessage('hello');
    await until(() => expect(harness.service.posts()).toHaveLength(1));
  });

  it('two instances on one page are independent', async () => {
    const a = start({ widgetTitle: 'Shop A', open: true });
    const b = start({ widgetTitle: 'Shop B' });
    expect(await a.ui.findByRole('dialog', { name: 'Shop A' })).toBeTruthy();
    expect(b.ui.queryByRole('dialog')).toBeNull();
    b.widget.destroy();
    expect(b.host.isConnected).toBe(false);
    expect(a.ui.getByRole('dialog', { name: 'Shop A' })).toBeTruthy();
  });

  it("the page's commands run on the very instance mount() handed out: `command('destroy')` removes its host too", async () => {
    const { widget, host, ui } = start();
    const opened = vi.fn();
    // The instance, with its commands' code, comes with the first command.
    widget.command('on', 'open', opened);
    widget.command('open');
    expect(await ui.findByRole('dialog')).toBeTruthy();
    expect(opened).toHaveBeenCalledTimes(1);
    widget.command('destroy');
    await until(() => expect(host.isConnected).toBe(false));
  });
});
