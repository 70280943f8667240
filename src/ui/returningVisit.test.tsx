import { fireEvent } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createChatClient } from '../client/client.ts';
import { createWidget } from '../instance.ts';
import { createMemoryStore, type KeyValueStore } from '../client/platform/storage.ts';
import { until } from '../test/fakeFetch.ts';
import { nextTask } from '../test/fakeTime.ts';
import { createFakeService } from '../test/fakeService.ts';
import type { WidgetInstance } from '../widget.ts';

/**
 * A return visit whose window was open (issue 22 §5, §6): the window paints with its history or not
 * yet, never the empty conversation first, and a click on the launcher meanwhile means what its
 * label says.
 */

const mounted: WidgetInstance[] = [];
afterEach(() => {
  for (const widget of mounted.splice(0)) widget.destroy();
  document.body.innerHTML = '';
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

/** A visit: a widget on the store a page keeps across reloads (`persistence: local`). */
function visit(service: ReturnType<typeof createFakeService>, store: KeyValueStore) {
  const host = document.createElement('porchlight-widget');
  host.attachShadow({ mode: 'open' });
  document.body.append(host);
  const client = createChatClient({ settings: { projectid: service.projectId, apiUrl: service.apiUrl, realtime: false }, window, store });
  const widget = createWidget({ host, client });
  mounted.push(widget);
  const root = host.shadowRoot!;
  return { widget, root, launcher: () => root.querySelector<HTMLButtonElement>('button.launcher') };
}

/** What the window showed the first time it was in the shadow root (the first paint with it). */
function firstWindow(root: ShadowRoot): () => string | null {
  let seen: string | null = null;
  const observer = new MutationObserver(() => {
    const window = root.querySelector('[part~="window"]');
    if (seen === null && window) seen = window.textContent ?? '';
  });
  observer.observe(root, { childList: true, subtree: true });
  return () => seen;
}

/** The first visit: the visitor opened the window and wrote, an agent answered; then the page reloads. */
async function firstVisit() {
  const service = createFakeService();
  let holdHistory: Promise<void> | null = null;
  const history = { held: 0 };
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (
      (init?.method ?? 'GET') === 'GET' &&
      /\/requests\/[^/]+\/messages/.test(typeof input === 'string' ? input : 'url' in input ? input.url : input.href) &&
      holdHistory
    ) {
      history.held++;
      await holdHistory;
    }
    return service.fetch(input, init);
  });
  const store = createMemoryStore();
  const first = visit(service, store);
  first.widget.open();
  await first.widget.sendMessage('Where is my order?');
  const rid = [...service.messages.keys()][0]!;
  service.agentSays(rid, 'It ships today.');
  await until(() => expect(first.root.querySelector('[part~="messages"]')?.textContent).toContain('It ships today.'));
  first.widget.destroy();
  document.body.innerHTML = '';
  let release!: () => void;
  holdHistory = new Promise<void>((resolve) => (release = resolve));
  return { service, store, release, history };
}

describe('a return visit whose window was open', () => {
  it('paints the window with its history, or not yet: never the empty conversation (the welcome) first', async () => {
    const { service, store, release, history } = await firstVisit();
    const second = visit(service, store);
    const painted = firstWindow(second.root);
    // The window is wanted open again, and its history is on its way.
    await until(() => expect(history.held).toBeGreaterThan(0));
    // What the restore renders meanwhile has rendered by the next task (App.tsx waits HISTORY_WAIT_MS at most for the history).
    await nextTask();
    expect(painted()).toBeNull();
    // Nothing on screen but the launcher, which says what it does.
    expect(second.launcher()!.getAttribute('aria-label')).toBe('Open chat');
    release();
    await until(() => expect(painted()).not.toBeNull());
    expect(painted()).toContain('Where is my order?');
    expect(painted()).toContain('It ships today.');
  });

  it('a click on "Open chat" while the window is being restored opens it, and it stays open', async () => {
    const { service, store, release, history } = await firstVisit();
    const second = visit(service, store);
    const heard: string[] = [];
    second.widget.on('open', () => heard.push('open'));
    second.widget.on('close', () => heard.push('close'));
    await until(() => expect(second.launcher()).not.toBeNull());
    // The visitor clicks what they see: "Open chat", before and while the restore and the history come.
    fireEvent.click(second.launcher()!);
    await until(() => expect(history.held).toBeGreaterThan(0));
    expect(second.launcher()!.getAttribute('aria-label')).toBe('Open chat');
    fireEvent.click(second.launcher()!);
    release();
    await until(() => expect(second.root.querySelector('[part~="window"]')).not.toBeNull());
    // The moment the window paints, the label changed without the visitor: a click then was aimed at "Open chat".
    fireEvent.click(second.launcher()!);
    // The click renders within the event (fireEvent runs in act); the next task sees anything it set off.
    await nextTask();
    expect(second.root.querySelector('[part~="window"]')).not.toBeNull();
    expect(second.launcher()!.getAttribute('aria-expanded')).toBe('true');
    expect(heard).toEqual(['open']);
    // Taken to the composer, as by their own open.
    expect(second.root.activeElement?.getAttribute('part')).toBe('input');
  });
});
