import { fireEvent, within } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { mount } from '../index.ts';
import { widgetHarness } from '../test/mountForTest.ts';
import { until } from '../test/fakeFetch.ts';
import { nextTask } from '../test/fakeTime.ts';

const harness = widgetHarness();
const start = harness.start;

const departments = [
  { _id: 'd0', name: 'Default', default: true, status: 1 },
  { _id: 'd1', name: 'Sales', status: 1, offline_msg: 'Sales is away; leave a note.' },
  { _id: 'd2', name: 'Support', status: 1 },
  { _id: 'd3', name: 'Hidden', status: 0 },
];

describe('styled and configured by the project', () => {
  it('takes theme and title from project.widget, with page settings on top', async () => {
    harness.service.setWidgets({ project: { _id: 'p', name: 'Shop', widget: { themeColor: '#ffcc00', align: 'left', widgetTitle: 'From service' } } });
    const { root, ui } = start({ open: true, widgetTitle: 'From page' });
    expect(await ui.findByRole('dialog', { name: 'From page' })).toBeTruthy();
    const styles = (root.querySelector('.root') as HTMLElement).style;
    await until(() => expect(styles.getPropertyValue('--pl-theme')).toBe('#ffcc00'));
    // A light theme gets dark text, computed for contrast.
    expect(styles.getPropertyValue('--pl-theme-fg')).toBe('#111111');
    expect(root.querySelector('.root')!.classList.contains('align-left')).toBe(true);
  });

  it("update() with an invalid colour keeps the project's colour, not the built-in default", async () => {
    harness.service.setWidgets({ project: { _id: 'p', name: 'Shop', widget: { themeColor: '#c2410c' } } });
    const { root, widget } = start();
    const styles = () => (root.querySelector('.root') as HTMLElement).style;
    await until(() => expect(styles().getPropertyValue('--pl-theme')).toBe('#c2410c'));
    // Applied with a valid setting beside it: once that shows, the colour had its turn too.
    widget.command('update', { themeColor: 'red; background:url(https://evil.example/x)', align: 'left' });
    await until(() => expect(root.querySelector('.root')!.classList.contains('align-left')).toBe(true));
    expect(styles().getPropertyValue('--pl-theme')).toBe('#c2410c');
    widget.command('update', { themeColor: '#123456' });
    await until(() => expect(styles().getPropertyValue('--pl-theme')).toBe('#123456'));
  });

  it("shows the project's welcome texts stored with the dashboard's spelling (wellcomeTitle, wellcomeMsg)", async () => {
    harness.service.setWidgets({ project: { _id: 'p', name: 'Shop', widget: { wellcomeTitle: 'Ciao from the dashboard', wellcomeMsg: 'Our own welcome' } } });
    const { ui } = start({ open: true });
    expect(await ui.findByText('Ciao from the dashboard')).toBeTruthy();
    expect(ui.getByText('Our own welcome')).toBeTruthy();
  });

  it("a first visit paints no launcher until the project's look is known; a return visit paints the last look and texts at once", async () => {
    harness.service.setWidgets({ project: { _id: 'p', name: 'Shop', widget: { themeColor: '#c2410c', align: 'left' } } });
    harness.service.setLabels('EN', { LABEL_PLACEHOLDER: 'Ask the shop anything' });
    const first = start({ persistence: 'session' });
    const firstRoot = () => first.root.querySelector('.root') as HTMLElement;
    // Right after mounting, nothing answered yet: the launcher is there but not painted.
    expect(firstRoot().classList.contains('pending')).toBe(true);
    await until(() => expect(firstRoot().classList.contains('pending')).toBe(false));
    expect(firstRoot().classList.contains('appear')).toBe(true);
    expect(firstRoot().classList.contains('align-left')).toBe(true);
    await until(() => expect(localStorage.getItem(`porchlight:labels:${harness.service.projectId}:en`)).toContain('Ask the shop anything'));
    first.widget.destroy();

    // Return visit: the service is slow to answer; the first paint is already the final one.
    harness.service.setFault((call) => (call.method === 'GET' ? 'hang' : undefined));
    const again = start({ persistence: 'session' });
    const root = again.root.querySelector('.root') as HTMLElement;
    expect(root.classList.contains('pending')).toBe(false);
    expect(root.classList.contains('appear')).toBe(false);
    expect(root.classList.contains('align-left')).toBe(true);
    expect(root.style.getPropertyValue('--pl-theme')).toBe('#c2410c');
    again.widget.open();
    expect(await again.ui.findByRole('dialog', { name: 'Shop' })).toBeTruthy();
    expect(again.ui.getByRole('textbox', { name: 'Ask the shop anything' })).toBeTruthy();
    localStorage.clear();
  });

  it('a first visit shows neither launcher nor window before the texts are known, so they never switch', async () => {
    harness.service.setLabels('EN', { LABEL_PLACEHOLDER: 'Ask the shop anything' });
    let answerLabels!: () => void;
    const labelsHeld = new Promise<void>((resolve) => (answerLabels = resolve));
    const fetchThrough = harness.service.fetch;
    let labelsAsked = false;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if ((typeof input === 'string' ? input : 'url' in input ? input.url : input.href).includes('/labels/')) {
        labelsAsked = true;
        await labelsHeld;
      }
      return fetchThrough(input, init);
    });
    const { ui, root } = start({ open: true, persistence: 'session' });
    await until(() => expect(harness.service.calls.some((c) => c.path.endsWith('/widgets'))).toBe(true));
    // The project has answered and its texts are asked for: what that answer shows has rendered by the next task.
    await until(() => expect(labelsAsked).toBe(true));
    await nextTask();
    expect(ui.queryByRole('dialog')).toBeNull();
    expect(root.querySelector('.root')!.classList.contains('pending')).toBe(true);
    answerLabels();
    await until(() => expect(ui.getByRole('textbox', { name: 'Ask the shop anything' })).toBeTruthy());
    localStorage.clear();
  });

  it('shows the offline notice with the next opening when closed by operating hours', async () => {
    const hours = JSON.stringify({ 1: [{ start: '09:00', end: '09:02' }], tzname: 'UTC' });
    harness.service.setWidgets({ project: { _id: 'p', name: 'Shop', activeOperatingHours: true, operatingHours: hours, widget: {} }, user_available: [] });
    const { ui, root } = start({ open: true });
    await until(() => expect(root.querySelector('[part~="offline-notice"]')).toBeTruthy());
    expect(root.querySelector('[part~="offline-notice"]')!.textContent).toContain('We are closed right now');
    expect(root.querySelector('[part~="offline-notice"]')!.textContent).toMatch(/We open again .+/);
    // The configured minute (09:00 UTC, in the visitor's own clock), not the service's first open minute (09:01).
    const monday = new Date();
    monday.setUTCHours(9, 0, 0, 0);
    monday.setUTCDate(monday.getUTCDate() + ((8 - monday.getUTCDay()) % 7));
    if (monday.getTime() + 60_000 <= Date.now()) monday.setUTCDate(monday.getUTCDate() + 7);
    const format = (at: Date) => new Intl.DateTimeFormat('en', { weekday: 'long', hour: '2-digit', minute: '2-digit' }).format(at);
    expect(root.querySelector('.next-opening')!.textContent).toBe(`We open again ${format(monday)}.`);
    // The visitor can still leave a message (and an email: closedWelcome.test.tsx).
    expect(ui.getByRole('textbox', { name: 'Type your message…' })).toBeTruthy();
  });

  it('says nobody is available when open but user_available is empty', async () => {
    harness.service.setWidgets({ user_available: [] });
    const { root } = start({ open: true });
    await until(() => expect(root.querySelector('[part~="offline-notice"]')!.textContent).toContain('No one is available'));
  });

  it('asks for a department (default and invisible ones hidden) and sends it on the first message', async () => {
    harness.service.setWidgets({ departments });
    const { ui, root } = start({ open: true });
    const group = await ui.findByRole('group', { name: 'What can we help you with?' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Sales', 'Support']);
    fireEvent.click(within(group).getByRole('button', { name: 'Support' }));
    const input = await ui.findByRole('textbox');
    fireEvent.input(input, { target: { value: 'Help' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await until(() => expect(harness.service.posts()).toHaveLength(1));
    expect(harness.service.posts()[0]!.body).toMatchObject({ departmentid: 'd2', attributes: { departmentId: 'd2', departmentName: 'Support' } });
    expect(root.querySelector('[part~="departments"]')).toBeNull();
  });

  it('offers the departments as chips in the thread with the composer ready; a message written first waits, sending, for the choice (issue 26 §1)', async () => {
    harness.service.setWidgets({ departments });
    const { ui, root } = start({ open: true });
    const input = await ui.findByRole('textbox', { name: /Type your message/ });
    const group = await ui.findByRole('group', { name: 'What can we help you with?' });
    fireEvent.input(input, { target: { value: 'Where is my order?' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await until(() => expect(root.querySelector('.message-visitor.state-sending')?.textContent).toContain('Where is my order?'));
    expect(harness.service.posts()).toHaveLength(0);
    // The greeting is the first message, an agent's, with nothing of the header repeated.
    expect(root.querySelector('.welcome.message-agent .bubble')).toBeTruthy();
    fireEvent.click(within(group).getByRole('button', { name: 'Sales' }));
    await until(() => expect(harness.service.posts()).toHaveLength(1));
    expect(harness.service.posts()[0]!.body).toMatchObject({ text: 'Where is my order?', departmentid: 'd1' });
    await until(() => expect(root.querySelector('[part~="departments"]')).toBeNull());
    await until(() => expect(root.querySelector('.message-visitor.state-sending')).toBeNull());
    expect(harness.service.posts()).toHaveLength(1);
  });

  it('skips the choice with departmentID or a single visible department', async () => {
    harness.service.setWidgets({ departments });
    const a = start({ open: true, departmentID: 'd1' });
    expect(await a.ui.findByRole('textbox')).toBeTruthy();
    harness.service.setWidgets({ departments: departments.slice(0, 2), user_available: [] });
    const b = start({ open: true });
    // The only department's own offline message replaces the generic one.
    await until(() => expect(b.root.querySelector('[part~="offline-notice"]')!.textContent).toContain('Sales is away'));
  });

  it('opens on the thread with the composer ready; the pre-chat form comes as a card once the visitor has written, and what they wrote waits for it (issue 26 §4)', async () => {
    harness.service.setWidgets({ project: { _id: 'p', name: 'Shop', widget: { preChatForm: true } } });
    const { ui, root } = start({ open: true });
    const input = await ui.findByRole('textbox', { name: /Type your message/ });
    // The greeting is the team's first message; nothing is asked before the visitor writes.
    await until(() => expect(root.querySelector('.welcome.message-agent .bubble')).toBeTruthy());
    expect(root.querySelector('[part~="prechat-form"]')).toBeNull();
    input.focus();
    fireEvent.input(input, { target: { value: 'Where is my order?' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    const card = await ui.findByRole('form', { name: 'Before we start, tell us who you are.' });
    await until(() => expect(root.querySelector('.message-visitor.state-sending')?.textContent).toContain('Where is my order?'));
    // The card sits at the thread's end, after the list and before the composer; the visitor is taken to its first field.
    expect(root.querySelector('[part~="messages"]')!.compareDocumentPosition(card) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(card.compareDocumentPosition(root.querySelector('[part~="composer"]')!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await until(() => expect(root.activeElement).toBe(within(card).getByLabelText(/Name/)));
    // The composer stays usable: a second message waits too, in order.
    fireEvent.input(input, { target: { value: 'It was due Monday.' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await until(() => expect(root.querySelectorAll('.message-visitor.state-sending')).toHaveLength(2));
    // Opening did not sign in, nor did writing: the sign-in waits for the name and email.
    expect(harness.service.calls.some((c) => c.path === '/auth/signinAnonymously')).toBe(false);
    expect(harness.service.posts()).toHaveLength(0);

    fireEvent.click(within(card).getByRole('button', { name: 'Continue' }));
    expect(await within(card).findByText('Please enter your name.')).toBeTruthy();
    expect(root.activeElement).toBe(within(card).getByLabelText(/Name/));
    fireEvent.input(within(card).getByLabelText(/Name/), { target: { value: 'Ada Lovelace' } });
    fireEvent.input(within(card).getByLabelText(/Email/), { target: { value: 'not-an-email' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Continue' }));
    expect(await within(card).findByText('Please enter a valid email address.')).toBeTruthy();
    expect(harness.service.posts()).toHaveLength(0);
    fireEvent.input(within(card).getByLabelText(/Email/), { target: { value: 'ada@example.com' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Continue' }));
    // Answered: the visitor is back in the composer, the card gone, the messages sent once each, in order.
    expect(root.activeElement).toBe(input);
    await until(() => expect(root.querySelector('[part~="prechat-form"]')).toBeNull());
    await until(() =>
      expect(harness.service.calls.find((c) => c.path === '/auth/signinAnonymously')?.body).toMatchObject({
        firstname: 'Ada',
        lastname: 'Lovelace',
        email: 'ada@example.com',
      }),
    );
    await until(() => expect(harness.service.posts()).toHaveLength(2));
    expect(harness.service.posts().map((p) => (p.body as { text: string }).text)).toEqual(['Where is my order?', 'It was due Monday.']);
    expect(harness.service.posts()[0]!.body).toMatchObject({
      attributes: { userFullname: 'Ada Lovelace', userEmail: 'ada@example.com', preChatForm: { userFullname: 'Ada Lovelace', userEmail: 'ada@example.com' } },
    });
    await until(() => expect(root.querySelector('.message-visitor.state-sending')).toBeNull());
    expect(harness.service.posts()).toHaveLength(2);
    expect(harness.service.calls.filter((c) => c.path === '/auth/signinAnonymously')).toHaveLength(1);
  });

  it("the card does not ask again for the first message the visitor has written (a form's firstMessage field)", async () => {
    const json = [
      { name: 'userFullname', type: 'text', mandatory: true, label: 'LABEL_FIELD_NAME' },
      { name: 'firstMessage', type: 'textarea', mandatory: true, label: 'LABEL_PRECHAT_FIRST_MESSAGE' },
    ];
    harness.service.setWidgets({
      project: { _id: 'p', name: 'Shop', widget: { preChatForm: true, preChatFormCustomFieldsEnabled: true, preChatFormJson: json } },
    });
    const { ui } = start({ open: true });
    const input = await ui.findByRole('textbox', { name: /Type your message/ });
    fireEvent.input(input, { target: { value: 'Where is my order?' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    const card = await ui.findByRole('form');
    expect(within(card).getAllByRole('textbox')).toHaveLength(1);
    fireEvent.input(within(card).getByRole('textbox'), { target: { value: 'Ada Lovelace' } });
    fireEvent.click(within(card).getByRole('button'));
    await until(() => expect(harness.service.posts()).toHaveLength(1));
    expect(harness.service.posts()[0]!.body).toMatchObject({ text: 'Where is my order?', attributes: { userFullname: 'Ada Lovelace' } });
    await until(() => expect(ui.queryByRole('form')).toBeNull());
    expect(harness.service.posts()).toHaveLength(1);
  });

  it('skips the pre-chat form when the page names the visitor', async () => {
    harness.service.setWidgets({ project: { _id: 'p', name: 'Shop', widget: { preChatForm: true } } });
    const { ui } = start({ open: true, userFullname: 'Grace Hopper', userEmail: 'grace@example.com' });
    expect(await ui.findByRole('textbox', { name: /Type your message/ })).toBeTruthy();
  });

  it('speaks the visitor language from the shipped texts, with service labels for that language on top', async () => {
    harness.service.setLabels('IT', { LABEL_PLACEHOLDER: 'Scrivi qui (dal servizio)' });
    const { ui, root } = start({ open: true, lang: 'it' });
    // The launcher and the header's hide button: one meaning, two distinct names.
    await until(() => expect(ui.getAllByRole('button', { name: 'Chiudi la chat' })).toHaveLength(1));
    expect(ui.getAllByRole('button', { name: 'Riduci a icona' })).toHaveLength(1);
    await until(() => expect(root.querySelector('textarea')!.getAttribute('placeholder')).toBe('Scrivi qui (dal servizio)'));
  });

  it('ignores English pivot labels for another language, and lays out right to left for Arabic', async () => {
    harness.service.setLabels('EN', { LABEL_PLACEHOLDER: 'English from the service' });
    const { root } = start({ open: true, lang: 'ar' });
    await until(() => expect(root.querySelector('.root')!.getAttribute('dir')).toBe('rtl'));
    await until(() => expect(root.querySelector('textarea')!.getAttribute('placeholder')).not.toMatch(/Type|English/));
  });

  it('shows the callout after calloutTimer seconds; dismissing it hides it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      harness.service.setWidgets({ project: { _id: 'p', name: 'Shop', widget: { calloutTimer: 2, calloutTitle: 'Questions?' } } });
      const { ui, root } = start();
      await until(() => expect(harness.service.calls.length).toBeGreaterThanOrEqual(2));
      await vi.advanceTimersByTimeAsync(2500);
      await until(() => expect(root.querySelector('[part~="callout"]')!.textContent).toContain('Questions?'));
      fireEvent.click(ui.getByRole('button', { name: 'Dismiss' }));
      expect(root.querySelector('[part~="callout"]')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('display rules', () => {
  it('displayOnDesktop false hides the widget; an update showing it brings it back', async () => {
    harness.service.setWidgets({ project: { _id: 'p', name: 'Shop', widget: { displayOnDesktop: false } } });
    const { ui, widget } = start();
    await until(() => expect(harness.service.calls.length).toBeGreaterThanOrEqual(2));
    await until(() => expect(ui.queryByRole('button', { name: 'Open chat' })).toBeNull());
    widget.update({ displayOnDesktop: true });
    expect(await ui.findByRole('button', { name: 'Open chat' })).toBeTruthy();
  });

  it('onPageChangeVisibilityDesktop "open" opens the window on every page load', async () => {
    harness.service.setWidgets({ project: { _id: 'p', name: 'Shop', widget: { onPageChangeVisibilityDesktop: 'open' } } });
    const { ui } = start();
    expect(await ui.findByRole('dialog', { name: 'Shop' })).toBeTruthy();
  });

  it('themeColorOpacity reaches the header as a CSS variable', async () => {
    harness.service.setWidgets({ project: { _id: 'p', name: 'Shop', widget: { themeColorOpacity: 40 } } });
    const { root } = start({ open: true });
    await until(() => expect((root.querySelector('.root') as HTMLElement).style.getPropertyValue('--pl-header-opacity')).toBe('0.4'));
  });
});

describe('dashboard preview', () => {
  it('renders the open window with samples and makes no network calls; update() re-themes it', async () => {
    const container = document.createElement('div');
    document.body.appendChild(container);
    const preview = mount(container, {
      preview: true,
      project: { project: { _id: 'p', name: 'Preview shop', widget: { themeColor: '#008000' } }, user_available: [] },
      labels: { WELCOME_TITLE: 'Welcome from labels' },
    });
    harness.track(preview);
    const root = container.querySelector('porchlight-widget')!.shadowRoot!;
    const ui = within(root as unknown as HTMLElement);
    expect(await ui.findByRole('dialog', { name: 'Preview shop' })).toBeTruthy();
    await until(() => expect(ui.getByText('Welcome from labels')).toBeTruthy());
    expect(ui.getByText('Hi! Do you ship to Canada?')).toBeTruthy();
    await until(() => expect(root.querySelector('[part~="offline-notice"]')).toBeTruthy());
    preview.update({ themeColor: '#aa0000', widgetTitle: 'Renamed' });
    expect(await ui.findByRole('dialog', { name: 'Renamed' })).toBeTruthy();
    expect((root.querySelector('.root') as HTMLElement).style.getPropertyValue('--pl-theme')).toBe('#aa0000');
    expect(harness.service.calls).toEqual([]);
  });

  it('a preview handed an available agent without a name shows a face with initials, not a blank circle (issue 26 §7)', async () => {
    const container = document.createElement('div');
    document.body.appendChild(container);
    // What the demo dashboard hands its previews: an id only (a preview shows no photo).
    const preview = mount(container, { preview: true, project: { project: { _id: 'p', name: 'Preview shop' }, user_available: [{ id: 'agent' }] } });
    harness.track(preview);
    const root = container.querySelector('porchlight-widget')!.shadowRoot!;
    const face = () => root.querySelector('.header .team .avatar');
    await until(() => expect(face()?.textContent).toBe('A'));
    expect(root.querySelector('.header .team img')).toBeNull();
    preview.update({
      widgetTitle: 'Renamed',
      project: { project: { _id: 'p', name: 'Renamed' }, user_available: [{ id: 'agent' }, { id: 'bob', firstname: 'Bob' }] },
    });
    await until(() => expect([...root.querySelectorAll('.header .team .avatar')].map((a) => a.textContent)).toEqual(['A', 'B']));
    expect(harness.service.calls).toEqual([]);
  });

  it('a project with a pre-chat form shows the card at the end of the sample conversation, as a visitor meets it, taking no focus (issue 26 §4)', async () => {
    const container = document.createElement('div');
    document.body.appendChild(container);
    const outside = document.body.appendChild(document.createElement('input'));
    outside.focus();
    const preview = mount(container, {
      preview: true,
      project: { project: { _id: 'p', name: 'Preview shop', widget: { preChatForm: true } }, user_available: [] },
    });
    harness.track(preview);
    const root = container.querySelector('porchlight-widget')!.shadowRoot!;
    const ui = within(root as unknown as HTMLElement);
    const card = await ui.findByRole('form', { name: 'Before we start, tell us who you are.' });
    expect(ui.getByText('Hi! Do you ship to Canada?')).toBeTruthy();
    expect(within(card).getAllByRole('textbox')).toHaveLength(2);
    expect(root.querySelector('[part~="messages"]')!.compareDocumentPosition(card) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(document.activeElement).toBe(outside);
    // Switched off in the dashboard: the card goes.
    preview.update({ project: { project: { _id: 'p', name: 'Preview shop', widget: { preChatForm: false } }, user_available: [] } });
    await until(() => expect(ui.queryByRole('form')).toBeNull());
    expect(harness.service.calls).toEqual([]);
  });

  it('brings the sheet that sets a preview in its box, which a live widget never adopts', () => {
    const mounted = (settings: Parameters<typeof mount>[1]) => {
      const box = document.createElement('div');
      document.body.appendChild(box);
      harness.track(mount(box, settings));
      return box.querySelector('porchlight-widget')!;
    };
    // Counted at once: views loaded on demand (which adopt sheets of their own) are not there yet.
    const preview = mounted({ preview: true });
    const live = mounted({ projectid: 'p', apiUrl: 'http://api.test/v3' });
    expect(preview.hasAttribute('data-preview')).toBe(true);
    expect(live.hasAttribute('data-preview')).toBe(false);
    expect(preview.shadowRoot!.adoptedStyleSheets.length).toBe(live.shadowRoot!.adoptedStyleSheets.length + 1);
  });
});
