import { act } from '@testing-library/preact';
import { h } from 'preact';
import type { Signal } from '@preact/signals-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WireMessage } from '../api/wire.ts';
import type * as MarkdownModule from './markdown/Markdown.tsx';
import type * as MessageRunsModule from '../state/messageRuns.ts';
import { createPreviewClient } from '../client/previewClient.ts';
import { PREVIEW_VISITOR_ID } from '../client/previewHistory.ts';
import { createWidget } from '../instance.ts';
import type { WidgetInstance } from '../widget.ts';
import { until } from '../test/fakeFetch.ts';
import { WINDOW_SIZES } from './listWindow.ts';

// Every render of a text bubble renders its markdown once: counting these counts the bubbles' renders.
const markdown = vi.hoisted(() => ({ renders: [] as string[] }));
// Every render of the list works out its runs once: counting these counts the list's own renders.
const list = vi.hoisted(() => ({ renders: 0 }));
vi.mock('../state/messageRuns.ts', async (original) => {
  const actual = await original<typeof MessageRunsModule>();
  return {
    ...actual,
    windowRuns: (...args: Parameters<typeof actual.windowRuns>) => {
      list.renders++;
      return actual.windowRuns(...args);
    },
  };
});
vi.mock('./markdown/Markdown.tsx', async (original) => {
  const actual = await original<typeof MarkdownModule>();
  return {
    ...actual,
    Markdown: (props: { text: string }) => {
      markdown.renders.push(props.text);
      return h(actual.Markdown, props);
    },
  };
});

const T0 = Date.parse('2026-03-02T08:00:00Z');
/** A long conversation: the visitor and the agent in turns, a second apart. */
const message = (i: number, extra: Partial<WireMessage> = {}): WireMessage => ({
  _id: `m${i}`,
  sender: i % 2 ? 'agent-1' : PREVIEW_VISITOR_ID,
  senderFullname: i % 2 ? 'Ann' : '',
  recipient: 'preview',
  type: 'text',
  // Formatted (the number in bold): a text with nothing to format never renders the markdown.
  text: `Message **${i + 1}**`,
  createdAt: new Date(T0 + i * 1000).toISOString(),
  ...extra,
});

const widgets: WidgetInstance[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const widget of widgets.splice(0)) widget.destroy();
  document.body.innerHTML = '';
});

async function longConversation(count: number) {
  const host = document.createElement('div');
  document.body.appendChild(host);
  const client = createPreviewClient({ settings: {}, window, preview: {} });
  widgets.push(createWidget({ host, client }));
  await client.ready;
  // The preview's history is a model's signal: written here as a poll would (tests may cross layers).
  const history = client.conversation.history as Signal<WireMessage[]>;
  history.value = Array.from({ length: count }, (_, i) => message(i));
  const root = host.shadowRoot!;
  await until(() => expect(root.querySelector('[part~="messages"]')?.textContent).toContain(`Message ${count}`));
  return { root, history, list: () => root.querySelector<HTMLElement>('[part~="messages"]')! };
}

describe('MessageList: a long conversation', () => {
  it('renders a window of the latest messages, under 3,000 elements in the shadow root at 10,000 messages', async () => {
    const { root, list } = await longConversation(10_000);
    expect(root.querySelectorAll('*').length).toBeLessThanOrEqual(3_000);
    const shown = [...list().querySelectorAll('[part~="message"]')];
    expect(shown.length).toBeGreaterThan(10);
    expect(shown.at(-1)!.textContent).toContain('Message 10000');
    expect(list().textContent).not.toContain('Message 1 ');
    // The welcome opens the conversation: not shown until the window reaches the first message.
    expect(root.querySelector('.welcome')).toBeNull();
  });

  it('renders only the new bubble when one message comes, and none when the answer brings nothing new', async () => {
    const { history, list: messages } = await longConversation(5_000);
    // Settled: the code of a long conversation's window is there (what is shown is no longer news)…
    await until(() => expect(messages().querySelector('[part~="message"]')!.getAttribute('aria-live')).toBe('off'));
    // …every bubble shows its text formatted (until the parser is there they show plain text, then
    // render formatted once)…
    const bubbles = () => messages().querySelectorAll('[part~="message"]').length;
    await until(() => expect(messages().querySelectorAll('[part~="message"] strong').length).toBe(bubbles()));
    // …and the list's clock is made (its times and days fill in once the window is painted).
    const times = () => [...messages().querySelectorAll('[part~="message"] time')];
    await until(() => expect(times().every((t) => /\d:\d\d/.test(t.textContent ?? ''))).toBe(true));
    markdown.renders = [];
    // The visitor's message after the agent's: it starts a run, the one before it does not change.
    history.value = [...history.value, message(5_000, { _id: 'new', text: 'Just *arrived*' })];
    await until(() => expect(messages().textContent).toContain('Just arrived'));
    expect(markdown.renders).toEqual(['Just *arrived*']);
    markdown.renders = [];
    list.renders = 0;
    // The same messages again (an answer parsed anew): the list keeps its messages, so not even the
    // list renders. `act` runs every render this write asks for before it returns.
    await act(() => {
      history.value = [...history.value];
    });
    expect(list.renders).toBe(0);
    expect(markdown.renders).toEqual([]);
  });

  it('renders none when the answer brings nothing new while a split message waits for the code of its parts', async () => {
    // The parts' code never arrives: the split message is held, and the messages before it shown.
    vi.doMock('../client/conversation/splitParts.ts', () => new Promise(() => {}));
    const { history, list: messages } = await longConversation(300);
    const split = message(301, { _id: 'split', text: 'Split', attributes: { commands: [{ type: 'message', message: { text: 'Part one' } }] } });
    history.value = [...history.value, split, message(303, { _id: 'after', text: 'After *it*' })];
    // What comes after a held message waits with it: what is shown is still the last before it.
    await act(() => {});
    expect(messages().textContent).toContain('Message 300');
    expect(messages().textContent).not.toContain('Part one');
    expect(messages().textContent).not.toContain('After');
    list.renders = 0;
    markdown.renders = [];
    await act(() => {
      history.value = [...history.value];
    });
    expect(list.renders).toBe(0);
    expect(markdown.renders).toEqual([]);
    vi.doUnmock('../client/conversation/splitParts.ts');
  });

  it('announces only what arrives while it is open: the history shown is not news', async () => {
    const { history, list } = await longConversation(300);
    const bubbles = () => [...list().querySelectorAll<HTMLElement>('[part~="message"]')];
    expect(list().getAttribute('aria-live')).toBe('polite');
    // A long conversation brings the code of a window that moves (listScroll.ts).
    await until(() => expect(bubbles().every((b) => b.getAttribute('aria-live') === 'off')).toBe(true));
    history.value = [...history.value, message(301, { _id: 'news', text: 'Fresh news' })];
    await until(() => expect(list().textContent).toContain('Fresh news'));
    const fresh = bubbles().at(-1)!;
    expect(fresh.textContent).toContain('Fresh news');
    expect(fresh.hasAttribute('aria-live')).toBe(false);
  });
});

describe('MessageList: times', () => {
  it('fill in after the first frames (the first date format a page makes is slow), into time elements that were there from the start', async () => {
    // Frames are held back until the first render has been looked at.
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((frame) => frames.push(frame));
    const host = document.createElement('div');
    document.body.appendChild(host);
    const client = createPreviewClient({ settings: {}, window, preview: {} });
    widgets.push(createWidget({ host, client }));
    await client.ready;
    const root = host.shadowRoot!;
    const history = client.conversation.history as Signal<WireMessage[]>;
    const times = () => [...root.querySelectorAll('[part~="message"] time')];
    history.value = Array.from({ length: 4 }, (_, i) => message(i));
    await until(() => expect(times().length).toBe(4));
    // The first render: each time in place, empty (filling it in is a change of text, not an addition the log announces).
    expect(times().map((t) => t.textContent)).toEqual(['', '', '', '']);
    const elements = times();
    vi.restoreAllMocks();
    for (const frame of frames.splice(0)) frame(performance.now());
    await until(() => expect(times().every((t) => /\d:\d\d/.test(t.textContent ?? ''))).toBe(true));
    expect(times()).toEqual(elements);
    expect(root.querySelector('.day-separator')!.textContent).not.toBe('');
  });
});

describe('MessageList: a window that moves', () => {
  /** happy-dom lays nothing out: the list's scroll box is given, as a phone would measure it. */
  function layOut(list: HTMLElement, box: { scrollTop: number; clientHeight: number; scrollHeight: number }) {
    for (const [name, value] of Object.entries(box)) Object.defineProperty(list, name, { configurable: true, get: () => value, set: () => undefined });
    // Every message a line tall from the list's top edge: the first one is the anchor a step keeps.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(DOMRect.fromRect({ x: 0, y: 0, width: 300, height: 20 }));
  }

  it('takes in the messages that arrive while a step up waits for its render', async () => {
    const { history, list } = await longConversation(300);
    await until(() => expect(list().querySelector('[part~="message"]')!.getAttribute('aria-live')).toBe('off'));
    const shown = () => list().querySelectorAll('[part~="message"]').length;
    const before = shown();
    // Near the top of what is rendered: a step up (earlier messages), the latest kept…
    layOut(list(), { scrollTop: 10, clientHeight: 500, scrollHeight: 4000 });
    list().dispatchEvent(new Event('scroll'));
    // …and in the same task a poll brings a new message: one render does both.
    history.value = [...history.value, message(300, { _id: 'late', text: 'Arrived during the step' })];
    await until(() => expect(list().textContent).toContain('Arrived during the step'));
    await until(() => expect(shown()).toBe(before + WINDOW_SIZES.step + 1));
  });

  it("takes a scroll's step in a task of its own, after the frame that shows the scroll: the scroll event's task renders nothing", async () => {
    const { list } = await longConversation(300);
    await until(() => expect(list().querySelector('[part~="message"]')!.getAttribute('aria-live')).toBe('off'));
    const shown = () => list().querySelectorAll('[part~="message"]').length;
    const before = shown();
    layOut(list(), { scrollTop: 10, clientHeight: 500, scrollHeight: 4000 });
    list().dispatchEvent(new Event('scroll'));
    // The scroll event's task, to its last microtask (where Preact renders): no step yet.
    for (let i = 0; i < 10; i++) await Promise.resolve();
    expect(shown()).toBe(before);
    // The frame showing the scroll is painted: the step comes in a task after it.
    await until(() => expect(shown()).toBe(before + WINDOW_SIZES.step));
  });

  /**
   * A list laid out as a browser would: each rendered message as tall as `heights` says (60 px
   * unless told), the scroll position clamped to the content, and the scroll event the browser
   * sends at its next frame when the position changed (`frame()`).
   */
  function layOutMessages(list: HTMLElement, heights: Map<string, number>, clientHeight = 500) {
    const items = () => [...list.querySelectorAll<HTMLElement>('li[data-key]')];
    const height = (li: HTMLElement) => heights.get(li.dataset.key!) ?? 60;
    const scrollHeight = () => items().reduce((sum, li) => sum + height(li), 0);
    const clamp = (top: number) => Math.max(0, Math.min(top, scrollHeight() - clientHeight));
    let top = 0;
    let seen = 0;
    Object.defineProperty(list, 'clientHeight', { configurable: true, get: () => clientHeight });
    Object.defineProperty(list, 'scrollHeight', { configurable: true, get: scrollHeight });
    Object.defineProperty(list, 'scrollTop', { configurable: true, get: () => clamp(top), set: (v: number) => (top = clamp(v)) });
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      if (this === list) return DOMRect.fromRect({ x: 0, y: 0, width: 300, height: clientHeight });
      let y = -clamp(top);
      for (const li of items()) {
        if (li === this) return DOMRect.fromRect({ x: 0, y, width: 300, height: height(li) });
        y += height(li);
      }
      return DOMRect.fromRect({ x: 0, y: 0, width: 0, height: 0 });
    });
    return {
      bottom: () => scrollHeight() - clientHeight,
      top: () => clamp(top),
      frame() {
        if (clamp(top) === seen) return;
        seen = clamp(top);
        list.dispatchEvent(new Event('scroll'));
      },
    };
  }

  it('keeps following at its cap when its own scroll to the bottom moved up (taller messages let go above) and a message grew before that scroll was reported', async () => {
    const { history, list } = await longConversation(300);
    await until(() => expect(list().querySelector('[part~="message"]')!.getAttribute('aria-live')).toBe('off'));
    // The window opens on the last 20 (280–299); the first of them is a gallery, 400 px tall.
    const heights = new Map([['m280', 400]]);
    const view = layOutMessages(list(), heights);
    const arrive = async (from: number, count: number) => {
      history.value = [...history.value, ...Array.from({ length: count }, (_, i) => message(from + i))];
      await until(() => expect(list().textContent).toContain(`Message ${from + count}`));
    };
    view.frame();
    // Messages come until the window is exactly at its cap (280–339), followed.
    await arrive(300, WINDOW_SIZES.max - WINDOW_SIZES.initial);
    expect(list().querySelectorAll('li[data-key]').length).toBe(WINDOW_SIZES.max);
    view.frame();
    expect(view.top()).toBe(view.bottom());
    // One more: the gallery at the top is let go, the content is 340 px shorter, and the list's own
    // scroll to the bottom moves it up. The new message is a gallery too: laid out (taller) before
    // the browser reports that scroll.
    await arrive(340, 1);
    heights.set('m340', 400);
    view.frame();
    // Still followed: what comes next is scrolled into view, the window keeps the latest.
    for (let i = 341; i < 360; i++) {
      await arrive(i, 1);
      view.frame();
      expect(view.top()).toBe(view.bottom());
    }
    expect(list().querySelector('li[data-key]:last-child')?.getAttribute('data-key')).toBe('m359');
  });

  it("at its cap with short messages, near its top while at its bottom, takes no step that lets go of the latest, also with messages arriving in that scroll's task", async () => {
    const { history, list } = await longConversation(300);
    await until(() => expect(list().querySelector('[part~="message"]')!.getAttribute('aria-live')).toBe('off'));
    // 20 px a message in an 800 px list: 60 of them are 1,200 px, the bottom is 400 px down (under a screen).
    const view = layOutMessages(list(), new Map(Array.from({ length: 400 }, (_, i) => [`m${i}`, 20])), 800);
    history.value = [...history.value, ...Array.from({ length: WINDOW_SIZES.max - WINDOW_SIZES.initial }, (_, i) => message(300 + i))];
    await until(() => expect(list().querySelectorAll('li[data-key]').length).toBe(WINDOW_SIZES.max));
    for (let i = 340; i < 350; i++) {
      expect(view.top()).toBe(view.bottom());
      list().dispatchEvent(new Event('scroll'));
      history.value = [...history.value, message(i)];
      await until(() => expect(list().textContent).toContain(`Message ${i + 1}`));
      view.frame();
    }
    expect(view.top()).toBe(view.bottom());
    expect(list().querySelectorAll('li[data-key]').length).toBe(WINDOW_SIZES.max);
  });

  it('follows the conversation until the visitor scrolls up, also when messages grew taller under a scroll it made', async () => {
    const { history, list } = await longConversation(300);
    await until(() => expect(list().querySelector('[part~="message"]')!.getAttribute('aria-live')).toBe('off'));
    const box = { scrollTop: 0, clientHeight: 500, scrollHeight: 4000 };
    Object.defineProperty(list(), 'clientHeight', { configurable: true, get: () => box.clientHeight });
    Object.defineProperty(list(), 'scrollHeight', { configurable: true, get: () => box.scrollHeight });
    Object.defineProperty(list(), 'scrollTop', {
      configurable: true,
      get: () => box.scrollTop,
      set: (v: number) => (box.scrollTop = Math.min(v, box.scrollHeight - box.clientHeight)),
    });
    const scrolled = (top: number) => {
      box.scrollTop = top;
      list().dispatchEvent(new Event('scroll'));
    };
    scrolled(3500);
    // The list scrolled itself to the bottom; before that scroll's event, an image made it 300 px taller.
    box.scrollHeight = 4300;
    scrolled(3500);
    history.value = [...history.value, message(300, { _id: 'a', text: 'Still followed' })];
    box.scrollHeight = 4360;
    await until(() => expect(list().textContent).toContain('Still followed'));
    expect(box.scrollTop).toBe(3860);
    // The visitor scrolls up to read: new messages no longer move the list.
    scrolled(3000);
    history.value = [...history.value, message(301, { _id: 'b', text: 'Left alone' })];
    box.scrollHeight = 4420;
    await until(() => expect(list().textContent).toContain('Left alone'));
    expect(box.scrollTop).toBe(3000);
    // Back at the bottom: followed again.
    scrolled(3920);
    history.value = [...history.value, message(302, { _id: 'c', text: 'Followed again' })];
    box.scrollHeight = 4480;
    await until(() => expect(list().textContent).toContain('Followed again'));
    expect(box.scrollTop).toBe(3980);
  });
});
