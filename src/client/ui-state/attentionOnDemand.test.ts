import { signal } from '@preact/signals-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '../../state/chatMessage.ts';

const reply: ChatMessage = {
  key: 'a',
  kind: 'message',
  text: 'It ships today.',
  type: 'text',
  senderName: 'Ann',
  senderId: 'ann',
  fromVisitor: false,
  createdAt: 0,
  state: 'sent',
};

/** A hidden tab's document (happy-dom's is always visible). */
function hiddenDocument(title: string) {
  return Object.assign(new EventTarget(), { title, visibilityState: 'hidden' }) as unknown as Document;
}

async function setup(offline = false) {
  const loads = vi.fn();
  vi.doMock('./attention.ts', async (original) => {
    loads();
    if (offline) throw new Error('Failed to fetch dynamically imported module');
    return original();
  });
  const { attentionOnDemand } = await import('./attentionOnDemand.ts');
  const doc = hiddenDocument('Shop');
  const state = { messages: signal<ChatMessage[]>([reply]), unread: signal(0), isOpen: signal(false), leads: signal(true) };
  const attention = attentionOnDemand({ ...state, doc });
  return { attention, doc, loads, ...state };
}

describe('attentionOnDemand', () => {
  afterEach(() => {
    vi.doUnmock('./attention.ts');
    vi.resetModules();
  });

  it('asks for nothing while nothing is unread; the first unread message brings the preview and the count in the title', async () => {
    const { attention, doc, loads, unread } = await setup();
    await vi.dynamicImportSettled();
    expect(loads).not.toHaveBeenCalled();
    expect(attention.preview.value).toBeNull();
    unread.value = 1;
    await vi.waitFor(() => expect(attention.preview.value?.key).toBe('a'), { timeout: 5000 });
    expect(doc.title).toBe('(1) Shop');
    attention.dismissPreview();
    expect(attention.preview.value).toBeNull();
    attention.dispose();
    expect(doc.title).toBe('Shop');
  });

  it('not downloaded (offline): no preview, the title as it was, and the next change of the count tries again', async () => {
    const { attention, doc, loads, unread } = await setup(true);
    unread.value = 1;
    await vi.waitFor(() => expect(loads).toHaveBeenCalledTimes(1), { timeout: 5000 });
    await vi.dynamicImportSettled();
    expect(attention.preview.value).toBeNull();
    expect(doc.title).toBe('Shop');
    unread.value = 2;
    await vi.waitFor(() => expect(loads).toHaveBeenCalledTimes(2), { timeout: 5000 });
  });

  it('disposed before the code came: it never touches the page', async () => {
    const { attention, doc, unread, loads } = await setup();
    unread.value = 1;
    attention.dispose();
    await vi.waitFor(() => expect(loads).toHaveBeenCalledTimes(1), { timeout: 5000 });
    await vi.dynamicImportSettled();
    expect(attention.preview.value).toBeNull();
    expect(doc.title).toBe('Shop');
  });
});
