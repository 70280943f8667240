import type { Signal } from '@preact/signals-core';
import { fireEvent } from '@testing-library/preact';
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { createPreviewClient } from '../client/previewClient.ts';
import { createWidget } from '../instance.ts';
import type { ConversationSummary } from '../state/conversationSummary.ts';
import { WINDOW_SIZES } from './listWindow.ts';
import { until } from '../test/fakeFetch.ts';
import { afterFakeTime } from '../test/fakeTime.ts';
import { widgetHarness } from '../test/mountForTest.ts';

/** Issue 11 §3 and §4: the home screen, the back button, several conversations with their own unread marks. */
const harness = widgetHarness();

/** The list's calls (pages of it). An ended conversation's rating is read back from `requests/me` too, without paging. */
const meCalls = () => harness.service.calls.filter((c) => c.path.includes('/requests/me') && c.path.includes('limit='));

async function send(ui: Queries, text: string) {
  const input = await find(ui, 'textbox', /message/i);
  fireEvent.input(input, { target: { value: text } });
  fireEvent.click(ui.getByRole('button', { name: 'Send' }));
  await until(() => expect(harness.service.calls.some((c) => c.method === 'POST' && (c.body as { text?: string })?.text === text)).toBe(true));
}

type Queries = ReturnType<typeof harness.start>['ui'];
/** The button (or textbox) once it is there. */
async function find(ui: Queries, role: 'button' | 'textbox', name: string | RegExp): Promise<HTMLElement> {
  await until(() => void ui.getByRole(role, { name }));
  return ui.getByRole(role, { name });
}

const items = (root: ShadowRoot) => [...root.querySelectorAll<HTMLButtonElement>('[part="conversation-item"]')];

describe('home screen (startFromHome)', () => {
  it('opens to the welcome, the team and a new-conversation button, with no composer; a new conversation goes to the composer and back lists it', async () => {
    harness.service.setWidgets({ user_available: [{ id: 'a1', firstname: 'Ann Agent' }] });
    const { root, ui } = harness.start({ open: true, startFromHome: true, welcomeTitle: 'Hello shop' });
    await until(() => expect(root.querySelector('[part="home"]')).toBeTruthy());
    const home = root.querySelector('[part="home"]')!;
    expect(home.querySelector('.home-hero')?.textContent).toContain('Hello shop');
    // The team's faces are the header's: the home screen does not repeat them.
    expect(root.querySelectorAll('.team .avatar')).toHaveLength(1);
    expect(root.querySelector('[part="composer"]')).toBeNull();
    // A first visit has nothing to list.
    await until(() => expect(root.querySelector('.home-conversations')).toBeNull());

    fireEvent.click(ui.getByRole('button', { name: /^Send us a message/ }));
    await until(() => expect(root.querySelector('[part="composer"]')).toBeTruthy());
    await send(ui, 'Do you ship to Canada?');
    const rid = harness.service.calls.find((c) => c.method === 'POST' && c.path.includes('/requests/'))!.path.split('/')[3]!;
    harness.service.agentSays(rid, 'We do!');

    fireEvent.click(await find(ui, 'button', 'Your conversations'));
    await until(() => expect(items(root)).toHaveLength(1));
    expect(items(root)[0]!.textContent).toMatch(/Do you ship to Canada\?|We do!/);
    await until(() => expect(items(root)[0]!.textContent).toContain('We do!'));
    expect(items(root)[0]!.querySelector('.conversation-name')?.textContent).toBe('Ann Agent');
    // Her face: the service's photo of the agent who wrote last.
    expect(items(root)[0]!.querySelector('.conversation-avatar img')?.getAttribute('src')).toContain('agent-1');
    // Focus returns to the conversation the visitor came from.
    expect(root.activeElement).toBe(items(root)[0]);
    expect(root.querySelector('[part="back-button"]')).toBeNull();

    fireEvent.click(items(root)[0]!);
    await until(() => expect(root.querySelector('[part="messages"]')?.textContent).toContain('We do!'));
  });
});

/** Ends the conversation on screen through the UI and starts the next one. */
async function endAndStartNew(ui: Queries) {
  const button = (name: string) => find(ui, 'button', name);
  // "End conversation" is an item of the header's options menu.
  fireEvent.click(await button('More options'));
  await until(() => void ui.getByRole('menuitem', { name: 'End conversation' }));
  fireEvent.click(ui.getByRole('menuitem', { name: 'End conversation' }));
  fireEvent.click(await button('Yes, end it'));
  fireEvent.click(await button('Start a new conversation'));
}

/** From the home screen: a new conversation with one message. */
async function newFromHome(ui: Queries, text: string) {
  fireEvent.click(await find(ui, 'button', /^Send us a message/));
  await send(ui, text);
  return harness.service.calls
    .filter((c) => c.method === 'POST' && c.path.includes('/requests/'))
    .at(-1)!
    .path.split('/')[3]!;
}

describe('several conversations', () => {
  it('without a home screen: no back button with one conversation; a second one brings it; an ended one opens read-only with its own history', async () => {
    const { root, ui } = harness.start({ open: true });
    await send(ui, 'first question');
    await until(() => expect(root.querySelector('[part="messages"]')?.textContent).toContain('first question'));
    expect(root.querySelector('[part="back-button"]')).toBeNull();
    expect(meCalls()).toHaveLength(0);

    await endAndStartNew(ui);
    await send(ui, 'second question');
    const back = await until(() => expect(root.querySelector('[part="back-button"]')).toBeTruthy()).then(() =>
      root.querySelector<HTMLButtonElement>('[part="back-button"]')!,
    );
    expect(back.getAttribute('aria-label')).toBe('Your conversations');
    expect(meCalls().at(-1)?.path).toContain('status=all');
    fireEvent.click(back);
    await until(() => expect(items(root)).toHaveLength(2));
    expect(items(root).map((b) => b.textContent)).toEqual([expect.stringContaining('second question'), expect.stringContaining('first question')]);
    // Ended: the service says so (status 1000), and so does the list, in words.
    expect(items(root)[1]!.querySelector('.conversation-ended')?.textContent).toBe('Ended');
    expect(items(root)[0]!.querySelector('.conversation-ended')).toBeNull();

    fireEvent.click(items(root)[1]!);
    await until(() => expect(root.querySelector('[part="messages"]')?.textContent).toContain('first question'));
    expect(root.querySelector('[part="messages"]')?.textContent).not.toContain('second question');
    expect(root.querySelector('[part="composer"]')).toBeNull();
    await until(() => expect(root.querySelector('.conversation-end')).toBeTruthy());
    // Nothing takes input: focus is on the way back.
    await until(() => expect(root.activeElement).toBe(root.querySelector('[part="back-button"]')));

    fireEvent.click(root.querySelector('[part="back-button"]')!);
    await until(() => expect(items(root)).toHaveLength(2));
    fireEvent.click(items(root)[0]!);
    await until(() => expect(root.querySelector('[part="messages"]')?.textContent).toContain('second question'));
    expect(root.querySelector('[part="messages"]')?.textContent).not.toContain('first question');
    await send(ui, 'more on the second');
  });

  it("an agent's reply in a conversation not on screen raises its unread mark and the launcher's count", async () => {
    const { root, ui, widget } = harness.start({ open: true, startFromHome: true });
    const first = await newFromHome(ui, 'about my order');
    fireEvent.click(await find(ui, 'button', 'Your conversations'));
    await newFromHome(ui, 'about a refund');
    fireEvent.click(await find(ui, 'button', 'Your conversations'));
    await until(() => expect(items(root)).toHaveLength(2));

    harness.service.agentSays(first, 'Your order shipped');
    harness.service.agentSays(first, 'Tracking: 123');
    widget.close();
    widget.open();
    const mark = () => root.querySelector(`[part="conversation-item"].has-unread .unread-mark`);
    await until(() => expect(mark()?.textContent).toContain('2 unread messages'));
    expect(root.querySelector('[part="conversation-item"].has-unread')?.textContent).toContain('Tracking: 123');
    widget.close();
    await until(() => expect(ui.getByRole('button', { name: 'Open chat, 2 unread messages' })).toBeTruthy());
    expect(root.querySelector('[part="unread-badge"]')?.textContent).toBe('2');

    widget.open();
    await until(() => expect(root.querySelector('[part="conversation-item"].has-unread')).toBeTruthy());
    fireEvent.click(root.querySelector<HTMLButtonElement>('[part="conversation-item"].has-unread')!);
    await until(() => expect(root.querySelector('[part="messages"]')?.textContent).toContain('Tracking: 123'));
    widget.close();
    await until(() => expect(ui.getByRole('button', { name: 'Open chat' })).toBeTruthy());
  });
});

describe('settings', () => {
  it('singleConversation: no list asked of the service, no back button, no home screen even with startFromHome', async () => {
    const { root, ui } = harness.start({ open: true, singleConversation: true, startFromHome: true });
    await until(() => expect(root.querySelector('[part="composer"]')).toBeTruthy());
    await send(ui, 'one');
    await endAndStartNew(ui);
    // Ten seconds (fake) go by with the new conversation on screen, past the views' waits for a paint.
    await afterFakeTime(10_000, () => send(ui, 'two'));
    await vi.dynamicImportSettled();
    expect(root.querySelector('[part="home"]')).toBeNull();
    expect(root.querySelector('[part="back-button"]')).toBeNull();
    // The list asks page by page; the ended conversation's rating look-up (rating.ts, no page) may
    // come or not meanwhile, and is no list.
    expect(meCalls().filter((c) => c.path.includes('page='))).toHaveLength(0);
  });

  it('restartConversation: every opening of the window starts a new conversation', async () => {
    const { ui, widget } = harness.start({ open: true, restartConversation: true });
    await send(ui, 'one');
    widget.close();
    widget.open();
    await send(ui, 'two');
    const rids = new Set(harness.service.calls.filter((c) => c.method === 'POST' && c.path.includes('/requests/')).map((c) => c.path.split('/')[3]));
    expect(rids.size).toBe(2);
  });
});

describe('a long conversation list', () => {
  it('renders a window of it: 2,000 conversations make a bounded number of elements, the newest first', async () => {
    const host = document.createElement('div');
    document.body.appendChild(host);
    const client = createPreviewClient({ settings: { startFromHome: true }, window, preview: {} });
    const widget = createWidget({ host, client });
    harness.track(widget);
    await client.ready;
    // The preview's list is a model's signal: written here as the service's answer would be (tests may cross layers).
    const listed = client.conversations.value!.items as Signal<ConversationSummary[]>;
    const T0 = Date.parse('2026-03-02T08:00:00Z');
    listed.value = Array.from({ length: 2_000 }, (_, i) => ({
      requestId: `r${i}`,
      text: `Conversation ${i + 1}`,
      type: 'text',
      senderName: 'Ann',
      senderId: 'a1',
      fromVisitor: false,
      time: T0 - i * 60_000,
      closed: i % 3 === 0,
      unread: i % 7,
    }));
    const root = host.shadowRoot!;
    await until(() => expect(root.querySelector('[part="conversation-list"]')?.textContent).toContain('Conversation 1'));
    const shown = items(root);
    expect(shown.length).toBeGreaterThanOrEqual(WINDOW_SIZES.initial);
    expect(shown.length).toBeLessThanOrEqual(WINDOW_SIZES.max);
    expect(shown[0]!.textContent).toContain('Conversation 1');
    expect(root.querySelectorAll('*').length).toBeLessThanOrEqual(1_000);
    // Each row says where it is in the whole list.
    expect(shown[0]!.parentElement!.getAttribute('aria-setsize')).toBe('2000');
    expect(shown[0]!.parentElement!.getAttribute('aria-posinset')).toBe('1');
  });
});

/** Issue 26 §3: the home screen as a messenger shows it, on a preview client's list (its rows written as the service's answer would be). */
describe('the home screen, Intercom-like', () => {
  const T0 = Date.parse('2026-03-02T08:00:00Z');
  const LONG = 'We do — orders to Canada arrive in 3–5 business days, and the tracking number comes by email once the parcel leaves our warehouse.';

  async function homeWith(rows: Partial<ConversationSummary>[], preview: { labels?: Record<string, string> } = {}) {
    const host = document.createElement('div');
    document.body.appendChild(host);
    const client = createPreviewClient({ settings: { startFromHome: true, widgetTitle: 'Lamp Shop' }, window, preview });
    harness.track(createWidget({ host, client }));
    await client.ready;
    const listed = client.conversations.value!.items as Signal<ConversationSummary[]>;
    listed.value = rows.map((over, i) => ({
      requestId: `r${i}`,
      text: '',
      type: 'text',
      senderName: '',
      senderId: '',
      fromVisitor: false,
      time: T0 - i * 60_000,
      closed: false,
      unread: 0,
      ...over,
    }));
    const root = host.shadowRoot!;
    await until(() => expect(items(root)).toHaveLength(rows.length));
    return root;
  }

  it("rows: who answered last, by name and face (the team's when the visitor wrote last), the whole last message for its two lines, the time", async () => {
    const root = await homeWith([
      { senderName: 'Ann Agent', senderId: 'a1', text: LONG },
      { fromVisitor: true, text: 'Where is my order?' },
    ]);
    const [agent, mine] = items(root);
    expect(agent!.querySelector('.conversation-name')?.textContent).toBe('Ann Agent');
    expect(agent!.querySelector('.conversation-avatar')?.textContent).toBe('AA');
    // The view clamps it to two lines; nothing of it is cut in the data.
    expect(agent!.querySelector('.conversation-text')?.textContent).toBe(LONG);
    expect(agent!.querySelector('time')?.getAttribute('datetime')).toBe(new Date(T0).toISOString());
    expect(mine!.querySelector('.conversation-name')?.textContent).toBe('Lamp Shop');
    expect(mine!.querySelector('.conversation-avatar')?.textContent).toBe('LS');
    expect(mine!.querySelector('.conversation-text')?.textContent).toBe('You: Where is my order?');
  });

  it("an ended conversation says so in words, the service's label where it has one", async () => {
    const root = await homeWith([
      { senderName: 'Ann', text: 'Bye', closed: true },
      { senderName: 'Ann', text: 'Hi' },
    ]);
    expect(items(root)[0]!.querySelector('.conversation-ended')?.textContent).toBe('Ended');
    expect(items(root)[1]!.querySelector('.conversation-ended')).toBeNull();
    const labelled = await homeWith([{ senderName: 'Ann', text: 'Bye', closed: true }], { labels: { CLOSED: 'Closed' } });
    await until(() => expect(items(labelled)[0]!.querySelector('.conversation-ended')?.textContent).toBe('Closed'));
  });

  it('a conversation with replies unread reads in bold, with their count; the others do not', async () => {
    const root = await homeWith([
      { senderName: 'Ann', text: 'Tracking: 123', unread: 2 },
      { senderName: 'Ann', text: 'Anything else?' },
    ]);
    const [unread, read] = items(root);
    expect(unread!.classList).toContain('has-unread');
    expect(unread!.querySelector('.unread-mark')?.textContent).toContain('2 unread messages');
    expect(read!.classList).not.toContain('has-unread');
    expect(read!.querySelector('.unread-mark')).toBeNull();
    // The rows again, under the home screen's own styles (tests import no CSS, and the test's DOM applies no adopted sheet).
    const homeCss = readFileSync('src/ui/Home.css', 'utf8');
    const page = document.createElement('div');
    document.body.appendChild(page);
    page.innerHTML = `<style>${homeCss}</style><ul class="conversation-list">${unread!.parentElement!.outerHTML}${read!.parentElement!.outerHTML}</ul>`;
    const weight = (row: number, part: string) => getComputedStyle(page.querySelectorAll('[part="conversation-item"]')[row]!.querySelector(part)!).fontWeight;
    expect(weight(0, '.conversation-text')).toBe('700');
    expect(weight(0, '.conversation-name')).toBe('700');
    expect(weight(1, '.conversation-text')).not.toBe('700');
    page.remove();
  });

  it('every card is a button with a name of its own: "Send us a message" with how soon the team replies', async () => {
    const root = await homeWith([
      { senderName: 'Ann', text: 'Same words' },
      { senderName: 'Ann', text: 'Same words', closed: true },
    ]);
    const start = root.querySelector<HTMLButtonElement>('[part="new-conversation"]')!;
    expect(start.tagName).toBe('BUTTON');
    expect(start.querySelector('.new-conversation-title')?.textContent).toBe('Send us a message');
    expect(start.querySelector('.new-conversation-reply')?.textContent).toBe('We will reply as soon as we can');
    const names = [start.textContent, ...items(root).map((b) => b.textContent)];
    expect(new Set(names).size).toBe(names.length);
  });
});
